import {
  categorySchema,
  idOrSlugParamsSchema,
  productCardSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  scopedProductListQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  subcategorySchema,
  subcategoryWithCategorySchema,
} from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-errors';
import { sendReady } from '../../plugins/compression';
import { apiTag } from '../../plugins/openapi';
import type { CatalogAnswers, NamedAnswer } from './catalog-answers';

// Shared, so an id or slug with a control character is a 400 and never reaches SQL.
const idOrSlugParams = idOrSlugParamsSchema;

export interface CatalogRoutesOptions {
  answers: CatalogAnswers;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** For the API reference: these answers are ready JSON from the cache, so their schemas are documented only. */
const answer = (summary: string, schema: z.ZodType, ...notFound: 'NOT_FOUND'[]) => ({
  summary,
  documentedResponses: { 200: { description: summary, contentType: 'application/json', schema } },
  response: errorResponses(...notFound),
});
const productCards = z.object({ products: z.array(productCardSchema) });
/**
 * Catalogue answers are the same for everyone, so a browser or CDN may keep one, but asks again
 * before using it: an admin's change shows on the next read. (An answer with no Cache-Control of
 * its own is `no-store`: plugins/security-headers.ts.)
 */
export const CATALOGUE_CACHE_CONTROL = 'no-cache';

/**
 * Catalogue reads. NOTE: answers are sent as ready JSON strings from the catalogue cache, so
 * they skip Fastify's serializer; their shapes are the shared schemas and the tests hold them
 * to those. A cached answer is compressed once per encoding and kept with it (sendReady), so a
 * cached read never compresses. Each is a named answer (catalog-answers.ts), which the
 * storefront's pages embed too.
 */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { answers }) => {
  const json = async (request: FastifyRequest, reply: FastifyReply, answer: Promise<NamedAnswer>) =>
    sendReady(request, reply.type(JSON_TYPE).header('cache-control', CATALOGUE_CACHE_CONTROL), (await answer).body);

  apiTag(app, 'Catalogue');

  app.get(
    '/categories',
    { schema: answer('All categories, in order', z.object({ categories: z.array(categorySchema) })) },
    async (request, reply) => json(request, reply, answers.categories()),
  );

  app.get(
    '/categories/:idOrSlug',
    {
      schema: {
        ...answer('One category', z.object({ category: categorySchema }), 'NOT_FOUND'),
        params: idOrSlugParams,
      },
    },
    async (request, reply) => json(request, reply, answers.category(request.params.idOrSlug)),
  );

  app.get(
    '/subcategories/category/:idOrSlug',
    {
      schema: {
        ...answer(
          'The subcategories of a category',
          z.object({ subcategories: z.array(subcategorySchema) }),
          'NOT_FOUND',
        ),
        params: idOrSlugParams,
      },
    },
    async (request, reply) => json(request, reply, answers.subcategoriesOf(request.params.idOrSlug)),
  );

  app.get(
    '/subcategories/:idOrSlug',
    {
      schema: {
        ...answer(
          'One subcategory, with its category',
          z.object({ subcategory: subcategoryWithCategorySchema }),
          'NOT_FOUND',
        ),
        params: idOrSlugParams,
      },
    },
    async (request, reply) => json(request, reply, answers.subcategory(request.params.idOrSlug)),
  );

  app.get(
    '/products',
    {
      schema: {
        ...answer('Products, filtered, sorted and paged', productPageSchema),
        querystring: productListQuerySchema,
      },
    },
    async (request, reply) => json(request, reply, answers.productList(request.query)),
  );

  app.get(
    '/products/search',
    { schema: { ...answer('Search products (typos forgiven)', searchResultSchema), querystring: searchQuerySchema } },
    async (request, reply) => json(request, reply, answers.search(request.query)),
  );

  app.get('/products/hot-buy', { schema: answer('The hot buys', productCards) }, async (request, reply) =>
    json(request, reply, answers.hotBuys()),
  );

  app.get('/products/featured', { schema: answer('The featured products', productCards) }, async (request, reply) =>
    json(request, reply, answers.featured()),
  );

  app.get(
    '/products/category/:idOrSlug',
    {
      schema: {
        ...answer('The products of a category', productPageSchema),
        params: idOrSlugParams,
        querystring: scopedProductListQuerySchema,
      },
    },
    async (request, reply) => json(request, reply, answers.productsOfCategory(request.params.idOrSlug, request.query)),
  );

  app.get(
    '/products/subcategory/:idOrSlug',
    {
      schema: {
        ...answer('The products of a subcategory', productPageSchema),
        params: idOrSlugParams,
        querystring: scopedProductListQuerySchema,
      },
    },
    async (request, reply) =>
      json(request, reply, answers.productsOfSubcategory(request.params.idOrSlug, request.query)),
  );

  app.get(
    '/products/:idOrSlug',
    { schema: { ...answer('One product', z.object({ product: productSchema }), 'NOT_FOUND'), params: idOrSlugParams } },
    async (request, reply) => json(request, reply, answers.product(request.params.idOrSlug)),
  );

  app.get(
    '/products/:idOrSlug/related',
    { schema: { ...answer('Products related to one', productCards, 'NOT_FOUND'), params: idOrSlugParams } },
    async (request, reply) => json(request, reply, answers.related(request.params.idOrSlug)),
  );
};
