import type { AdminProductListQuery, AdminProductPage } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** The table's query as the screen builds it (adminProductListQuerySchema on the server). */
export type AdminProductTableQuery = Omit<AdminProductListQuery, 'page' | 'pageSize'> & {
  page?: number;
  pageSize?: number;
};

export function getAdminProducts(query: AdminProductTableQuery, signal?: AbortSignal): Promise<AdminProductPage> {
  return api.get<AdminProductPage>('/api/products/admin', { params: query, signal });
}

/** Under `products` so any catalogue write (invalidateCatalogue) refreshes the table too. */
export const adminProductsQueryOptions = (query: AdminProductTableQuery) =>
  queryOptions({
    queryKey: ['products', 'admin', query],
    queryFn: ({ signal }) => getAdminProducts(query, signal),
    // The admin sees writes (theirs and other admins') as soon as they come back to the table.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAdminProducts = (query: AdminProductTableQuery) => useQuery(adminProductsQueryOptions(query));
