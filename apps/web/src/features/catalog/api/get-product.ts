import type { Product } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { objectField } from '../../../lib/page-data';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

const productPath = (idOrSlug: string) => `/api/products/${encodeURIComponent(idOrSlug)}`;

export async function getProduct(idOrSlug: string, signal?: AbortSignal): Promise<Product> {
  const data = await api.get<{ product: Product }>(productPath(idOrSlug), { signal });
  return data.product;
}

export const productQueryOptions = (idOrSlug: string) => {
  const queryKey = ['products', 'detail', idOrSlug];
  return queryOptions({
    queryKey,
    queryFn: savingAnswer((signal) => getProduct(idOrSlug, signal)),
    initialData: () => embeddedAnswer(queryKey, productPath(idOrSlug), {}, objectField<Product>('product')),
  });
};

export const useProduct = (idOrSlug: string) => useCatalogueQuery(productQueryOptions(idOrSlug));
