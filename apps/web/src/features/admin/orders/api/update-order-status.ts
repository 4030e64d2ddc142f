import type { AdminOrderStatusRequest, Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminOrdersKey } from './get-admin-orders';

/**
 * PATCH /api/orders/{id}/status: any of the five statuses, with an optional staff note.
 * CANCELLED on a paid card order refunds it (502 PAYMENT_PROVIDER_UNAVAILABLE changes nothing).
 */
export const updateOrderStatus = (orderId: string, body: AdminOrderStatusRequest) =>
  api.patch<{ message: string; order: Order }>(`/api/orders/${encodeURIComponent(orderId)}/status`, body);

export const useUpdateOrderStatus = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminOrderStatusRequest) => updateOrderStatus(orderId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
};
