import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { savingAnswer, useCatalogueQuery } from '../../saved-catalogue/use-catalogue-query';
import { PRODUCT_PAGE_SIZE, type ProductPage } from '../types';

export type ProductFilters = {
  page?: number;
  pageSize?: number;
  categoryId?: string;
  subcategoryId?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  sort?: 'newest' | 'price_asc' | 'price_desc' | 'name';
};

export function getProducts(filters: ProductFilters, signal?: AbortSignal): Promise<ProductPage> {
  return api.get<ProductPage>('/api/products', {
    params: { pageSize: PRODUCT_PAGE_SIZE, ...filters },
    signal,
  });
}

export const productsQueryOptions = (filters: ProductFilters = {}) =>
  queryOptions({
    queryKey: ['products', 'list', filters],
    queryFn: savingAnswer((signal) => getProducts(filters, signal)),
    placeholderData: keepPreviousData, // keep the grid while the next page loads
  });

export const useProducts = (filters: ProductFilters = {}) => useCatalogueQuery(productsQueryOptions(filters));
