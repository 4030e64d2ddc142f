import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminOrdersKey } from './get-admin-orders';

/**
 * PATCH /api/orders/{id}/confirm-transfer: the money reached the shop's account; the order is
 * paid as a card payment would make it (409 TRANSFER_AMOUNT_SHORT with `totalAmount` when short).
 */
export const confirmTransfer = (orderId: string, body: { amountReceived: number; note: string }) =>
  api.patch<{ message: string; order: Order }>(`/api/orders/${encodeURIComponent(orderId)}/confirm-transfer`, body);

export const useConfirmTransfer = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amountReceived: number; note: string }) => confirmTransfer(orderId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
};
