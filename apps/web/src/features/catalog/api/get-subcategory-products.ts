import { PAGE_SIZE_DEFAULT, type ProductPage } from '@shop/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productPage } from '../../../lib/page-data';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

const subcategoryProductsPath = (subcategoryId: string) =>
  `/api/products/subcategory/${encodeURIComponent(subcategoryId)}`;

export function getSubcategoryProducts(
  subcategoryId: string,
  page: number,
  signal?: AbortSignal,
): Promise<ProductPage> {
  return api.get<ProductPage>(subcategoryProductsPath(subcategoryId), {
    params: { page, pageSize: PAGE_SIZE_DEFAULT },
    signal,
  });
}

export const subcategoryProductsQueryOptions = (subcategoryId: string, page = 1) => {
  const queryKey = ['products', 'subcategory', subcategoryId, page];
  return queryOptions({
    queryKey,
    queryFn: savingAnswer((signal) => getSubcategoryProducts(subcategoryId, page, signal)),
    placeholderData: keepPreviousData,
    initialData: () =>
      embeddedAnswer(
        queryKey,
        subcategoryProductsPath(subcategoryId),
        { page, pageSize: PAGE_SIZE_DEFAULT },
        productPage<ProductPage>,
      ),
  });
};

/** Waits for the subcategory's id (the page URL may carry a slug). */
export const useSubcategoryProducts = (subcategoryId: string | undefined, page = 1) =>
  useCatalogueQuery({ ...subcategoryProductsQueryOptions(subcategoryId ?? '', page), enabled: Boolean(subcategoryId) });
