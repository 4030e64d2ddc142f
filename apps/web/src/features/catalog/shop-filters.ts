import type { ProductFilters } from './api/get-products';

export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'name', label: 'Name' },
] as const;

type Sort = NonNullable<ProductFilters['sort']>;
const SORTS = new Set<string>(SORT_OPTIONS.map((option) => option.value));

function price(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

function positiveInteger(value: string | null): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 1;
}

/**
 * The shop's filters live in the URL (`sort`, `minPrice`, `maxPrice`, `inStock`, `page`,
 * `category`, `subcategory`) so a shared link or Back restores them. Anything unreadable is
 * dropped rather than sent to the API.
 */
export function readShopFilters(params: URLSearchParams): ProductFilters {
  const sort = params.get('sort');
  const filters: ProductFilters = { page: positiveInteger(params.get('page')) };
  if (sort && SORTS.has(sort)) filters.sort = sort as Sort;
  const minPrice = price(params.get('minPrice'));
  const maxPrice = price(params.get('maxPrice'));
  if (minPrice !== undefined) filters.minPrice = minPrice;
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  if (params.get('inStock') === 'true') filters.inStock = true;
  const subcategory = params.get('subcategory');
  const category = params.get('category');
  if (subcategory) filters.subcategoryId = subcategory;
  else if (category) filters.categoryId = category;
  return filters;
}

/**
 * The URL after changing some filters. Every change but a page change goes back to page 1;
 * `undefined` or '' removes a parameter.
 */
export function withShopFilters(params: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
