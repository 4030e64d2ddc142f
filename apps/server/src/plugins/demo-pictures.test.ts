import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/helper';
import { type BuildAppOptions, buildApp } from '../app';
import type { AppConfig } from '../config';
import { demoCatalogue, type SeedCategory } from '../db/seed/catalogue-data';
import { DemoPictureQueue } from '../db/seed/demo-picture-queue';
import { type DemoPicture, demoPictures } from '../db/seed/product-images';

/** Two products of the demo catalogue: a few pictures, drawn for real in well under a second. */
const small: SeedCategory[] = (() => {
  const category = demoCatalogue[0] as SeedCategory;
  const subcategory = category.subcategories[0] as SeedCategory['subcategories'][number];
  return [{ ...category, subcategories: [{ ...subcategory, products: subcategory.products.slice(0, 2) }] }];
})();
const smallTotal = demoPictures(small).length;

const folders: string[] = [];
function pictureFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-demo-pictures-'));
  folders.push(dir);
  return dir;
}
const onDisk = (dir: string) => readdirSync(dir).sort();

/** A drawing that waits for `release()`, and counts what it drew, in order. */
function gatedDrawing() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const drawn: string[] = [];
  const draw = async (picture: DemoPicture) => {
    await gate;
    drawn.push(picture.name);
    return Buffer.from(`picture ${picture.name}`);
  };
  return { draw, drawn, release };
}

let database: TestDatabase;
const apps: FastifyInstance[] = [];
async function shop(config: Partial<AppConfig>, options: BuildAppOptions['demoPictures'] = {}) {
  const app = await buildApp(testConfig(config), { database: database.database, demoPictures: options });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.drop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('demo pictures after the shop listens (decision 042)', () => {
  it('answers pages and readiness before any picture exists, then draws them all in the background', async () => {
    const dir = pictureFolder();
    const drawing = gatedDrawing();
    const app = await shop(
      { demoImagesDir: dir, demoPictures: 'background' },
      { catalogue: small, draw: drawing.draw, concurrency: 2 },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    expect((await fetch(`${base}/api/products?page=1`)).status).toBe(200);
    // Listening started the fill, and nothing is on disk while the drawing is held.
    expect(app.demoPictures.done).toBeDefined();
    expect(onDisk(dir)).toEqual([]);

    drawing.release();
    const summary = await app.demoPictures.done;
    expect(summary).toMatchObject({ drawn: smallTotal, present: smallTotal, total: smallTotal, stopped: false });
    expect(onDisk(dir)).toEqual(
      demoPictures(small)
        .map((picture) => picture.name)
        .sort(),
    );
    // Thumbs and full pictures before any large one (the viewer's), whatever the product.
    const firstLarge = drawing.drawn.findIndex((name) => name.endsWith('-large.webp'));
    expect(drawing.drawn.slice(firstLarge).every((name) => name.endsWith('-large.webp'))).toBe(true);
    await app.close();

    // A second start on the same folder draws nothing.
    const again = gatedDrawing();
    again.release();
    const second = await shop(
      { demoImagesDir: dir, demoPictures: 'background' },
      { catalogue: small, draw: again.draw },
    );
    await second.listen({ host: '127.0.0.1', port: 0 });
    expect(await second.demoPictures.done).toMatchObject({ drawn: 0, present: smallTotal, stopped: false });
    expect(again.drawn).toEqual([]);
  });

  it('draws a picture asked for before serving it, as a real WebP, and only that one', async () => {
    const dir = pictureFolder();
    const app = await shop({ demoImagesDir: dir, demoPictures: 'on-request' }, { catalogue: small });
    const [picture] = demoPictures(small);
    const name = (picture as DemoPicture).name;
    const response = await app.inject({ method: 'GET', url: `/images/demo/${name}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(readFileSync(path.join(dir, name))).toEqual(response.rawPayload);
    expect(onDisk(dir)).toEqual([name]);
    // on-request never fills the rest, and a name that is no demo picture is drawn nowhere.
    expect(app.demoPictures.done).toBeUndefined();
    const unknown = await app.inject({ method: 'GET', url: '/images/demo/not-a-product-1-thumb.webp' });
    expect(unknown.statusCode).toBe(404);
    expect(onDisk(dir)).toEqual([name]);
  });

  it('puts a requested picture ahead of the background, and the home page’s products first', async () => {
    const dir = pictureFolder();
    const drawing = gatedDrawing();
    // The whole demo catalogue, drawn as stand-ins one at a time, so the order is the queue's.
    const app = await shop({ demoImagesDir: dir, demoPictures: 'background' }, { draw: drawing.draw, concurrency: 1 });
    const featured = (
      (await app.inject({ method: 'GET', url: '/api/products/featured' })).json() as { products: { slug: string }[] }
    ).products;
    expect(featured.length).toBeGreaterThan(1);
    const fill = app.demoPictures.fill();
    const lastProduct = demoPictures().at(-1) as DemoPicture;
    const asked = app.inject({ method: 'GET', url: `/images/demo/${lastProduct.name}` });
    // Let the fill read the catalogue and start its first picture, then let every drawing through.
    await new Promise((resolve) => setTimeout(resolve, 200));
    drawing.release();
    expect((await asked).statusCode).toBe(200);
    const summary = await fill;
    expect(summary.drawn).toBe(app.demoPictures.total);
    // The first one had started before the request came; the requested picture is next.
    expect(drawing.drawn.indexOf(lastProduct.name)).toBeLessThanOrEqual(1);
    // Then the home page's cards, in its order, each product's thumb and full picture together.
    const first = drawing.drawn.filter((name) => name !== lastProduct.name).slice(0, featured.length * 2);
    expect(first).toEqual(
      featured.flatMap((product) => [`${product.slug}-1-thumb.webp`, `${product.slug}-1-full.webp`]),
    );
  });

  it('lets two processes draw into one folder: every file whole, no temporary file left', async () => {
    const dir = pictureFolder();
    const draw = async (picture: DemoPicture) => Buffer.alloc(64 * 1024, picture.name);
    const one = new DemoPictureQueue(dir, small, { concurrency: 2, draw });
    const two = new DemoPictureQueue(dir, small, { concurrency: 2, draw });
    const [a, b] = await Promise.all([one.fill(), two.fill()]);
    expect(a.present).toBe(smallTotal);
    expect(b.present).toBe(smallTotal);
    expect(onDisk(dir)).toEqual(
      demoPictures(small)
        .map((picture) => picture.name)
        .sort(),
    );
    for (const picture of demoPictures(small)) {
      expect(readFileSync(path.join(dir, picture.name)).equals(Buffer.alloc(64 * 1024, picture.name))).toBe(true);
    }
  });

  it('stops at close: what is being drawn is written whole, nothing half-written stays', async () => {
    const dir = pictureFolder();
    const drawing = gatedDrawing();
    const queue = new DemoPictureQueue(dir, small, { concurrency: 2, draw: drawing.draw });
    const fill = queue.fill();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = queue.close();
    drawing.release();
    await closed;
    const summary = await fill;
    expect(summary.stopped).toBe(true);
    expect(summary.present).toBeLessThanOrEqual(2);
    expect(onDisk(dir).every((name) => name.endsWith('.webp'))).toBe(true);
    expect(onDisk(dir)).toHaveLength(summary.present);
  });
});
