import type { Product } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export async function getProductForEdit(productId: string, signal?: AbortSignal): Promise<Product> {
  const data = await api.get<{ product: Product }>(`/api/products/${encodeURIComponent(productId)}`, { signal });
  return data.product;
}

/**
 * The edit page's product: the server's current answer, never this browser's saved copy (the
 * storefront's useProduct falls back to one when offline; editing a stale copy would undo changes).
 */
export const productForEditQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['products', 'edit', productId],
    queryFn: ({ signal }) => getProductForEdit(productId, signal),
    staleTime: 0,
  });

export const useProductForEdit = (productId: string) => useQuery(productForEditQueryOptions(productId));
