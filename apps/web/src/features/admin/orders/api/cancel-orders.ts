import type { AdminBulkCancelRequest, AdminBulkCancelResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateCatalogue } from '../../catalogue-cache';
import { adminOrdersKey } from './get-admin-orders';

/**
 * POST /api/orders/admin/cancel: several orders cancelled in one step, each as a status change
 * to CANCELLED would (stock back once, a paid card order refunded first). Each order succeeds or
 * fails on its own: `results` says which, `message` sums it up.
 */
export const cancelOrders = (body: AdminBulkCancelRequest) =>
  api.post<AdminBulkCancelResponse>('/api/orders/admin/cancel', body);

export const useCancelOrders = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrders,
    onSuccess: ({ results }) => {
      // Their stock is back on sale: the product tables and pages in this tab show it at once.
      if (results.some((result) => result.outcome === 'cancelled')) void invalidateCatalogue(queryClient);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
};
