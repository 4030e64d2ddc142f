import { PAGE_SIZE_DEFAULT, type ProductPage } from '@shop/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productPage } from '../../../lib/page-data';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

const categoryProductsPath = (categoryId: string) => `/api/products/category/${encodeURIComponent(categoryId)}`;

export function getCategoryProducts(categoryId: string, page: number, signal?: AbortSignal): Promise<ProductPage> {
  return api.get<ProductPage>(categoryProductsPath(categoryId), {
    params: { page, pageSize: PAGE_SIZE_DEFAULT },
    signal,
  });
}

export const categoryProductsQueryOptions = (categoryId: string, page = 1) => {
  const queryKey = ['products', 'category', categoryId, page];
  return queryOptions({
    queryKey,
    queryFn: savingAnswer((signal) => getCategoryProducts(categoryId, page, signal)),
    placeholderData: keepPreviousData,
    initialData: () =>
      embeddedAnswer(
        queryKey,
        categoryProductsPath(categoryId),
        { page, pageSize: PAGE_SIZE_DEFAULT },
        productPage<ProductPage>,
      ),
  });
};

/** Waits for the category's id (the page URL may carry a slug). */
export const useCategoryProducts = (categoryId: string | undefined, page = 1) =>
  useCatalogueQuery({ ...categoryProductsQueryOptions(categoryId ?? '', page), enabled: Boolean(categoryId) });
