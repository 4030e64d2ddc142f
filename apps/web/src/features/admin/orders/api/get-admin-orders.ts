import type { AdminOrderPage } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export type AdminOrderFilters = {
  status?: string;
  paymentMethod?: string;
  search?: string;
  from?: string;
  to?: string;
  page: number;
};

/**
 * GET /api/orders/admin: every customer's orders, by status, number or customer, and dates, with
 * the orders of the same filter whose transfer proof waits for review (`proofsToReview`).
 */
export const getAdminOrders = (filters: AdminOrderFilters) =>
  api.get<AdminOrderPage>('/api/orders/admin', { params: filters });

export const adminOrdersKey = ['admin', 'orders'] as const;

export const useAdminOrders = (filters: AdminOrderFilters) =>
  useQuery({
    queryKey: [...adminOrdersKey, 'list', filters],
    queryFn: () => getAdminOrders(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/orders/admin/export.csv: the orders of a date range as a CSV download. */
export function orderExportHref(filters: { from: string; to: string; status?: string }): string {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.status) params.set('status', filters.status);
  return `/api/orders/admin/export.csv?${params}`;
}
