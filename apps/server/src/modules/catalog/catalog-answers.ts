import type { ProductListQuery, scopedProductListQuerySchema, searchQuerySchema } from '@shop/shared';
import type { z } from 'zod';
import type { CatalogRepository } from './catalog.repository';
import type { CatalogService } from './catalog.service';
import type { CatalogCache } from './catalog-cache';

type ScopedListQuery = z.infer<typeof scopedProductListQuerySchema>;
type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A catalogue answer by name: its key in the catalogue cache and its serialized body. */
export interface NamedAnswer {
  key: string;
  body: Buffer;
}

/**
 * The cache key of a catalogue answer: the answer's name plus its parsed parameters, so `_t`
 * cache-busters and parameter order make no new entries.
 */
export const catalogCacheKey = (name: string, ...parts: unknown[]) => `${name} ${JSON.stringify(parts)}`;

/**
 * Every catalogue answer anyone sends, by name: the API's routes (catalog.routes.ts) and the
 * storefront's pages (modules/storefront) ask here, so a page embeds the very entry the API
 * answers from, under one key, built one way, dropped by one invalidation (decision 034).
 */
export class CatalogAnswers {
  constructor(
    private readonly service: CatalogService,
    private readonly repository: CatalogRepository,
    private readonly cache: CatalogCache,
  ) {}

  private async named(key: string, produce: () => Promise<unknown>): Promise<NamedAnswer> {
    return { key, body: await this.cache.getOrCreate(key, produce) };
  }

  categories() {
    return this.named('categories', async () => ({ categories: await this.service.listCategories() }));
  }

  category(idOrSlug: string) {
    return this.named(catalogCacheKey('category', idOrSlug), async () => ({
      category: await this.service.getCategory(idOrSlug),
    }));
  }

  subcategoriesOf(categoryIdOrSlug: string) {
    return this.named(catalogCacheKey('subcategories-of', categoryIdOrSlug), async () => ({
      subcategories: await this.service.listSubcategoriesOf(categoryIdOrSlug),
    }));
  }

  subcategory(idOrSlug: string) {
    return this.named(catalogCacheKey('subcategory', idOrSlug), async () => ({
      subcategory: await this.service.getSubcategory(idOrSlug),
    }));
  }

  productList(query: ProductListQuery) {
    return this.named(catalogCacheKey('products', query), () => this.service.listProducts(query));
  }

  search(query: SearchQuery) {
    return this.named(catalogCacheKey('search', query), () =>
      this.service.search(query.query, { page: query.page, pageSize: query.pageSize }),
    );
  }

  hotBuys() {
    return this.named('hot-buy', async () => ({ products: await this.service.hotBuys() }));
  }

  featured() {
    return this.named('featured', async () => ({ products: await this.service.featured() }));
  }

  productsOfCategory(idOrSlug: string, query: ScopedListQuery) {
    return this.named(catalogCacheKey('products-of-category', idOrSlug, query), () =>
      this.service.listProductsOfCategory(idOrSlug, query),
    );
  }

  productsOfSubcategory(idOrSlug: string, query: ScopedListQuery) {
    return this.named(catalogCacheKey('products-of-subcategory', idOrSlug, query), () =>
      this.service.listProductsOfSubcategory(idOrSlug, query),
    );
  }

  product(idOrSlug: string) {
    return this.named(catalogCacheKey('product', idOrSlug), async () => ({
      product: await this.service.getProduct(idOrSlug),
    }));
  }

  related(idOrSlug: string) {
    return this.named(catalogCacheKey('related', idOrSlug), async () => ({
      products: await this.service.relatedProducts(idOrSlug),
    }));
  }

  /** The sitemap's categories and subcategories (slug, updatedAt) and the product count. */
  sitemapListings() {
    return this.named('sitemap-listings', () => this.repository.sitemapListings());
  }

  /** The `file`th run of `limit` products (slug, updatedAt) in id order, from 1. */
  sitemapProducts(file: number, limit: number) {
    return this.named(catalogCacheKey('sitemap-products', file, limit), () =>
      this.repository.sitemapProducts(limit, (file - 1) * limit),
    );
  }
}
