import { PRODUCT_SORTS, type ProductSort, parsePriceAmount } from '@shop/shared';
import type { ProductFilters } from './api/get-products';

const SORTS = new Set<string>(PRODUCT_SORTS);

function positiveInteger(value: string | null): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 1;
}

/**
 * The shop's filters live in the URL (`sort`, `minPrice`, `maxPrice`, `inStock`, `page`,
 * `category`, `subcategory`) so a shared link or Back restores them. Anything the API would
 * refuse (packages/shared's rules: a price with more than two decimals, a minimum above the
 * maximum) is dropped rather than sent.
 */
export function readShopFilters(params: URLSearchParams): ProductFilters {
  const sort = params.get('sort');
  const filters: ProductFilters = { page: positiveInteger(params.get('page')) };
  if (sort && SORTS.has(sort)) filters.sort = sort as ProductSort;
  const minPrice = parsePriceAmount(params.get('minPrice'));
  const maxPrice = parsePriceAmount(params.get('maxPrice'));
  const ordered = minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice;
  if (minPrice !== undefined && ordered) filters.minPrice = minPrice;
  if (maxPrice !== undefined && ordered) filters.maxPrice = maxPrice;
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
