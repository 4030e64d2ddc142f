import {
  type Category,
  FEATURED_PRODUCTS_MAX,
  HOT_BUY_PRODUCTS_MAX,
  MESSAGES,
  nairaToKobo,
  type ProductListQuery,
  type ProductPage,
  RELATED_PRODUCTS_MAX,
  type SearchResult,
} from '@shop/shared';
import { notFound } from '../../lib/errors';
import type { CatalogRepository, PageRequest, ProductFilter } from './catalog.repository';

/** Fewer full-text hits than this and the search also tries words spelt nearly the same. */
const TYPO_SEARCH_BELOW = 3;
const MAX_SEARCH_WORDS = 8;

type ListQuery = Omit<ProductListQuery, 'categoryId' | 'subcategoryId'> & {
  categoryId?: string;
  subcategoryId?: string;
};

/**
 * The words of a search, lower-cased; anything but letters and digits is dropped, so no input
 * can break the tsquery's syntax.
 */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

/**
 * A prefix tsquery ("gold butt" → "gold:* & butt:*"), so live search finds products while the
 * visitor is still typing; each word may bring alternatives spelt nearly the same.
 */
export function toTsquery(words: string[], alternatives = new Map<string, string[]>()): string {
  return words
    .map((word) => {
      const options = [`${word}:*`, ...(alternatives.get(word) ?? [])];
      return options.length === 1 ? options[0] : `(${options.join(' | ')})`;
    })
    .join(' & ');
}

export class CatalogService {
  constructor(private readonly repository: CatalogRepository) {}

  async listCategories(): Promise<Category[]> {
    const [categories, subcategories] = await Promise.all([
      this.repository.listCategories(),
      this.repository.listSubcategories(),
    ]);
    return categories.map((category) => ({
      ...category,
      subcategories: subcategories.filter((sub) => sub.categoryId === category.id),
    }));
  }

  async getCategory(idOrSlug: string): Promise<Category> {
    const category = await this.repository.findCategory(idOrSlug);
    if (!category) throw notFound(MESSAGES.categoryNotFound);
    return { ...category, subcategories: await this.repository.listSubcategories(category.id) };
  }

  async listSubcategoriesOf(categoryIdOrSlug: string) {
    const category = await this.repository.findCategory(categoryIdOrSlug);
    if (!category) throw notFound(MESSAGES.categoryNotFound);
    return this.repository.listSubcategories(category.id);
  }

  async getSubcategory(idOrSlug: string) {
    const row = await this.repository.findSubcategory(idOrSlug);
    if (!row) throw notFound(MESSAGES.subcategoryNotFound);
    const { categoryName, categorySlug, ...subcategory } = row;
    return { ...subcategory, category: { id: row.categoryId, name: categoryName, slug: categorySlug } };
  }

  /** Category and subcategory filters take an id or a slug; an unknown one matches nothing. */
  async listProducts(query: ListQuery): Promise<ProductPage> {
    const filter: ProductFilter = {
      minPriceKobo: query.minPrice === undefined ? undefined : (nairaToKobo(query.minPrice) ?? undefined),
      maxPriceKobo: query.maxPrice === undefined ? undefined : (nairaToKobo(query.maxPrice) ?? undefined),
      inStock: query.inStock === 'true',
    };
    const page = { page: query.page, pageSize: query.pageSize };
    if (query.categoryId) {
      const category = await this.repository.findCategory(query.categoryId);
      if (!category) return { products: [], page: page.page, pageSize: page.pageSize, total: 0 };
      filter.categoryId = category.id;
    }
    if (query.subcategoryId) {
      const subcategory = await this.repository.findSubcategory(query.subcategoryId);
      if (!subcategory) return { products: [], page: page.page, pageSize: page.pageSize, total: 0 };
      filter.subcategoryId = subcategory.id;
    }
    const result = await this.repository.listProducts(filter, query.sort, page);
    return { ...result, ...page };
  }

  async listProductsOfCategory(idOrSlug: string, query: ListQuery): Promise<ProductPage> {
    const category = await this.repository.findCategory(idOrSlug);
    if (!category) throw notFound(MESSAGES.categoryNotFound);
    return this.listProducts({ ...query, categoryId: category.id, subcategoryId: undefined });
  }

  async listProductsOfSubcategory(idOrSlug: string, query: ListQuery): Promise<ProductPage> {
    const subcategory = await this.repository.findSubcategory(idOrSlug);
    if (!subcategory) throw notFound(MESSAGES.subcategoryNotFound);
    return this.listProducts({ ...query, categoryId: undefined, subcategoryId: subcategory.id });
  }

  async getProduct(idOrSlug: string) {
    const product = await this.repository.findProduct(idOrSlug);
    if (!product) throw notFound(MESSAGES.productNotFound);
    return product;
  }

  async relatedProducts(idOrSlug: string) {
    const product = await this.getProduct(idOrSlug);
    return this.repository.relatedProducts(product, RELATED_PRODUCTS_MAX);
  }

  hotBuys() {
    return this.repository.hotBuys(HOT_BUY_PRODUCTS_MAX);
  }

  featured() {
    return this.repository.featured(FEATURED_PRODUCTS_MAX);
  }

  /** Full-text first; only when it finds too little, the same with typos corrected. */
  async search(query: string, page: PageRequest): Promise<SearchResult> {
    const text = query.trim();
    const words = searchWords(text);
    if (words.length === 0) return { products: [], total: 0, query: text, ...page };
    let result = await this.repository.searchFullText(toTsquery(words), page);
    if (result.total < TYPO_SEARCH_BELOW) {
      const alternatives = await this.repository.similarWords(words);
      if (alternatives.size > 0) result = await this.repository.searchFullText(toTsquery(words, alternatives), page);
    }
    return { ...result, query: text, ...page };
  }
}
