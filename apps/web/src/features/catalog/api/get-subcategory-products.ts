import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { savingAnswer, useCatalogueQuery } from '../../saved-catalogue/use-catalogue-query';
import { PRODUCT_PAGE_SIZE, type ProductPage } from '../types';

export function getSubcategoryProducts(
  subcategoryId: string,
  page: number,
  signal?: AbortSignal,
): Promise<ProductPage> {
  return api.get<ProductPage>(`/api/products/subcategory/${encodeURIComponent(subcategoryId)}`, {
    params: { page, pageSize: PRODUCT_PAGE_SIZE },
    signal,
  });
}

export const subcategoryProductsQueryOptions = (subcategoryId: string, page = 1) =>
  queryOptions({
    queryKey: ['products', 'subcategory', subcategoryId, page],
    queryFn: savingAnswer((signal) => getSubcategoryProducts(subcategoryId, page, signal)),
    placeholderData: keepPreviousData,
  });

/** Waits for the subcategory's id (the page URL may carry a slug). */
export const useSubcategoryProducts = (subcategoryId: string | undefined, page = 1) =>
  useCatalogueQuery({ ...subcategoryProductsQueryOptions(subcategoryId ?? '', page), enabled: Boolean(subcategoryId) });
