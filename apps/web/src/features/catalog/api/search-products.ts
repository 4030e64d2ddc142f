import { PAGE_SIZE_DEFAULT, type SearchResult } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

/** The shared answer shape: `totalCapped` says the total stopped at SEARCH_TOTAL_CAP. */
export type ProductSearchResult = SearchResult;

export function searchProducts(query: string, page: number, signal?: AbortSignal): Promise<ProductSearchResult> {
  return api.get<ProductSearchResult>('/api/products/search', {
    params: { query, page, pageSize: PAGE_SIZE_DEFAULT },
    signal,
  });
}

export const productSearchQueryOptions = (query: string, page = 1) =>
  queryOptions({
    queryKey: ['products', 'search', query, page],
    queryFn: savingAnswer((signal) => searchProducts(query, page, signal)),
  });

/** Does nothing for a blank query (SPEC.md §2). */
export const useProductSearch = (query: string, page = 1, { showsOwnNotice = false } = {}) =>
  useCatalogueQuery(
    { ...productSearchQueryOptions(query.trim(), page), enabled: query.trim() !== '' },
    { showsOwnNotice },
  );
