import type { Product } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { savingAnswer, useCatalogueQuery } from '../../saved-catalogue/use-catalogue-query';

export async function getProduct(idOrSlug: string, signal?: AbortSignal): Promise<Product> {
  const data = await api.get<{ product: Product }>(`/api/products/${encodeURIComponent(idOrSlug)}`, { signal });
  return data.product;
}

export const productQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['products', 'detail', idOrSlug],
    queryFn: savingAnswer((signal) => getProduct(idOrSlug, signal)),
  });

export const useProduct = (idOrSlug: string) => useCatalogueQuery(productQueryOptions(idOrSlug));
