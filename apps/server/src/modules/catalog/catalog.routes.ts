import {
  idOrSlugParamsSchema,
  productListQuerySchema,
  scopedProductListQuerySchema,
  searchQuerySchema,
} from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendReady } from '../../plugins/compression';
import type { CatalogService } from './catalog.service';
import type { CatalogCache } from './catalog-cache';

// Shared, so an id or slug with a control character is a 400 and never reaches SQL.
const idOrSlugParams = idOrSlugParamsSchema;

export interface CatalogRoutesOptions {
  service: CatalogService;
  cache: CatalogCache;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * Catalogue answers are the same for everyone, so a browser or CDN may keep one, but asks again
 * before using it: an admin's change shows on the next read. (An answer with no Cache-Control of
 * its own is `no-store`: plugins/security-headers.ts.)
 */
export const CATALOGUE_CACHE_CONTROL = 'no-cache';

/**
 * The cache key of a catalogue answer: the route plus its parsed parameters, so `_t`
 * cache-busters and parameter order make no new entries. Exported for the storefront's pages,
 * which put the same answers into their HTML (src/pages) and so share these entries.
 */
export const catalogCacheKey = (route: string, ...parts: unknown[]) => `${route} ${JSON.stringify(parts)}`;

/**
 * Catalogue reads. NOTE: answers are sent as ready JSON strings from the catalogue cache, so
 * they skip Fastify's serializer; their shapes are the shared schemas and the tests hold them
 * to those. A cached answer is compressed once per encoding and kept with it (sendReady), so a
 * cached read never compresses.
 */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { service, cache }) => {
  const json = async (request: FastifyRequest, reply: FastifyReply, key: string, produce: () => Promise<unknown>) =>
    sendReady(
      request,
      reply.type(JSON_TYPE).header('cache-control', CATALOGUE_CACHE_CONTROL),
      await cache.getOrCreate(key, produce),
    );
  const keyOf = catalogCacheKey;

  app.get('/categories', async (request, reply) =>
    json(request, reply, 'categories', async () => ({ categories: await service.listCategories() })),
  );

  app.get('/categories/:idOrSlug', { schema: { params: idOrSlugParams } }, async (request, reply) =>
    json(request, reply, keyOf('category', request.params.idOrSlug), async () => ({
      category: await service.getCategory(request.params.idOrSlug),
    })),
  );

  app.get('/subcategories/category/:idOrSlug', { schema: { params: idOrSlugParams } }, async (request, reply) =>
    json(request, reply, keyOf('subcategories-of', request.params.idOrSlug), async () => ({
      subcategories: await service.listSubcategoriesOf(request.params.idOrSlug),
    })),
  );

  app.get('/subcategories/:idOrSlug', { schema: { params: idOrSlugParams } }, async (request, reply) =>
    json(request, reply, keyOf('subcategory', request.params.idOrSlug), async () => ({
      subcategory: await service.getSubcategory(request.params.idOrSlug),
    })),
  );

  app.get('/products', { schema: { querystring: productListQuerySchema } }, async (request, reply) =>
    json(request, reply, keyOf('products', request.query), () => service.listProducts(request.query)),
  );

  app.get('/products/search', { schema: { querystring: searchQuerySchema } }, async (request, reply) =>
    json(request, reply, keyOf('search', request.query), () =>
      service.search(request.query.query, { page: request.query.page, pageSize: request.query.pageSize }),
    ),
  );

  app.get('/products/hot-buy', async (request, reply) =>
    json(request, reply, 'hot-buy', async () => ({ products: await service.hotBuys() })),
  );

  app.get('/products/featured', async (request, reply) =>
    json(request, reply, 'featured', async () => ({ products: await service.featured() })),
  );

  app.get(
    '/products/category/:idOrSlug',
    { schema: { params: idOrSlugParams, querystring: scopedProductListQuerySchema } },
    async (request, reply) =>
      json(request, reply, keyOf('products-of-category', request.params.idOrSlug, request.query), () =>
        service.listProductsOfCategory(request.params.idOrSlug, request.query),
      ),
  );

  app.get(
    '/products/subcategory/:idOrSlug',
    { schema: { params: idOrSlugParams, querystring: scopedProductListQuerySchema } },
    async (request, reply) =>
      json(request, reply, keyOf('products-of-subcategory', request.params.idOrSlug, request.query), () =>
        service.listProductsOfSubcategory(request.params.idOrSlug, request.query),
      ),
  );

  app.get('/products/:idOrSlug', { schema: { params: idOrSlugParams } }, async (request, reply) =>
    json(request, reply, keyOf('product', request.params.idOrSlug), async () => ({
      product: await service.getProduct(request.params.idOrSlug),
    })),
  );

  app.get('/products/:idOrSlug/related', { schema: { params: idOrSlugParams } }, async (request, reply) =>
    json(request, reply, keyOf('related', request.params.idOrSlug), async () => ({
      products: await service.relatedProducts(request.params.idOrSlug),
    })),
  );
};
