import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { productListQuerySchema, scopedProductListQuerySchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { demoCatalogue, type SeedCategory } from '../db/seed/catalogue-data';
import { DemoPictureQueue, type FillSummary } from '../db/seed/demo-picture-queue';
import type { DemoPicture } from '../db/seed/product-images';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The demo catalogue's pictures, drawn after the shop listens (decision 042): `ensure` draws
     * one a request asks for, `fill` all the missing ones (started on listen when
     * DEMO_PICTURES=background), and `done` is the fill under way, for a test to wait on.
     */
    demoPictures: {
      readonly dir: string;
      readonly total: number;
      ensure(name: string): Promise<boolean>;
      fill(): Promise<FillSummary>;
      readonly done: Promise<FillSummary> | undefined;
    };
  }
}

export interface DemoPicturesOptions {
  /** The catalogue whose pictures are drawn (tests pass a small one). */
  catalogue?: SeedCategory[];
  /** Pictures drawn at a time; the machine's cores by default. */
  concurrency?: number;
  draw?: (picture: DemoPicture) => Promise<Buffer>;
}

const DEMO_PICTURE_URL = /\/images\/demo\/([\w-]+\.webp)/g;

/**
 * The slugs of the products the most-visited pages show, in the order they show them: home
 * (featured, hot buys), the shop's first page, then the first page of each category and each
 * subcategory. Read from the catalogue's own answers, so they follow what the admin changed.
 */
async function mostViewedSlugs(app: FastifyInstance, names: (name: string) => string | undefined): Promise<string[]> {
  const { service } = app.catalog;
  const firstPage = scopedProductListQuerySchema.parse({});
  const answers: unknown[] = [await service.featured(), await service.hotBuys()];
  answers.push(await service.listProducts(productListQuerySchema.parse({})));
  const categories = await service.listCategories();
  for (const category of categories) answers.push(await service.listProductsOfCategory(category.id, firstPage));
  for (const category of categories) {
    for (const subcategory of category.subcategories) {
      answers.push(await service.listProductsOfSubcategory(subcategory.id, firstPage));
    }
  }
  const slugs: string[] = [];
  for (const match of JSON.stringify(answers).matchAll(DEMO_PICTURE_URL)) {
    const slug = names(match[1] as string);
    if (slug) slugs.push(slug);
  }
  return slugs;
}

/**
 * `app.demoPictures`: the demo catalogue's pictures in config.demoImagesDir, the build's folder
 * on this machine's disk whatever the storage kind (uploads go to the storage; these never do).
 * Nothing is drawn before the shop listens, and readiness never waits for them.
 */
export const demoPicturesPlugin = fp(
  async (app: FastifyInstance, options: DemoPicturesOptions = {}) => {
    const { config } = app;
    // The static handler serves this folder, and warns at start when it is missing (a fresh clone).
    await mkdir(config.demoImagesDir, { recursive: true }).catch(() => {});
    const catalogue = options.catalogue ?? demoCatalogue;
    const queue = new DemoPictureQueue(config.demoImagesDir, catalogue, {
      concurrency: options.concurrency ?? availableParallelism(),
      log: { info: (message) => app.log.info(message), warn: (details, message) => app.log.warn(details, message) },
      draw: options.draw,
    });
    const slugOf = new Map<string, string>();
    for (const category of catalogue) {
      for (const subcategory of category.subcategories) {
        for (const product of subcategory.products) {
          product.images.forEach((_, index) => {
            for (const size of ['thumb', 'full', 'large'])
              slugOf.set(`${product.slug}-${index + 1}-${size}.webp`, product.slug);
          });
        }
      }
    }
    const fill = () => {
      if (queue.done) return queue.done;
      return queue.fill(
        // Which products the pages show first, read before the first picture; when the catalogue
        // cannot be read, the catalogue's own order.
        mostViewedSlugs(app, (name) => slugOf.get(name)).catch((error) => {
          app.log.warn(
            { err: error },
            'demo pictures: the most-viewed products could not be read; drawing in catalogue order',
          );
          return [];
        }),
      );
    };
    app.decorate('demoPictures', {
      dir: queue.dir,
      total: queue.total,
      ensure: (name: string) => queue.ensure(name),
      fill,
      get done() {
        return queue.done;
      },
    });
    if (config.demoPictures === 'background' && config.seedDemoCatalogue) {
      // After listen: a first page never waits for a picture (and `inject` never starts it).
      app.addHook('onListen', async () => {
        void fill();
      });
    }
    app.addHook('onClose', async () => queue.close());
  },
  { name: 'demo-pictures', dependencies: ['config', 'catalog'] },
);
