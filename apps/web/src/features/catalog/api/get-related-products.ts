import type { ProductCard } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayField } from '../../../lib/page-data';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

export const RELATED_PRODUCTS_LIMIT = 4; // SPEC.md §9

const relatedPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}/related`;

export async function getRelatedProducts(productId: string, signal?: AbortSignal): Promise<ProductCard[]> {
  const data = await api.get<{ products: ProductCard[] }>(relatedPath(productId), { signal });
  return data.products.slice(0, RELATED_PRODUCTS_LIMIT);
}

export const relatedProductsQueryOptions = (productId: string) => {
  const queryKey = ['products', 'related', productId];
  return queryOptions({
    queryKey,
    queryFn: savingAnswer((signal) => getRelatedProducts(productId, signal)),
    initialData: () =>
      embeddedAnswer(queryKey, relatedPath(productId), {}, (answer) =>
        arrayField<ProductCard>('products')(answer)?.slice(0, RELATED_PRODUCTS_LIMIT),
      ),
  });
};

export const useRelatedProducts = (productId: string) => useCatalogueQuery(relatedProductsQueryOptions(productId));
