import { PAGE_SIZE_DEFAULT, type ProductPage, type ProductSort } from '@shop/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productPage } from '../../../lib/page-data';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

export type ProductFilters = {
  page?: number;
  pageSize?: number;
  categoryId?: string;
  subcategoryId?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  sort?: ProductSort;
};

const productsParams = (filters: ProductFilters) => ({ pageSize: PAGE_SIZE_DEFAULT, ...filters });

export function getProducts(filters: ProductFilters, signal?: AbortSignal): Promise<ProductPage> {
  return api.get<ProductPage>('/api/products', { params: productsParams(filters), signal });
}

export const productsQueryOptions = (filters: ProductFilters = {}) => {
  const queryKey = ['products', 'list', filters];
  return queryOptions({
    queryKey,
    queryFn: savingAnswer((signal) => getProducts(filters, signal)),
    placeholderData: keepPreviousData, // keep the grid while the next page loads
    initialData: () => embeddedAnswer(queryKey, '/api/products', productsParams(filters), productPage<ProductPage>),
  });
};

export const useProducts = (filters: ProductFilters = {}) => useCatalogueQuery(productsQueryOptions(filters));
