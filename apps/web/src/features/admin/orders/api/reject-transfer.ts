import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminOrdersKey } from './get-admin-orders';

/**
 * PATCH /api/orders/{id}/reject-transfer `{reason}`: the pending proof is rejected, the order
 * stays unpaid with its deadline, the customer is emailed the reason (409
 * TRANSFER_PROOF_NOT_PENDING when there is no proof waiting).
 */
export const rejectTransfer = (orderId: string, reason: string) =>
  api.patch<{ message: string; order: Order }>(`/api/orders/${encodeURIComponent(orderId)}/reject-transfer`, {
    reason,
  });

export const useRejectTransfer = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => rejectTransfer(orderId, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
};
