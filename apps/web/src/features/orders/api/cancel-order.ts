import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetPendingOrder, readPendingOrder } from '../../payments';
import { orderQueryKey } from './get-order';

/**
 * POST /api/orders/{id}/cancel: the customer cancels their own order while it is PENDING and
 * UNPAID; 200 `{message, order}` with the order CANCELLED and its stock back on sale. 409
 * ORDER_NOT_CANCELLABLE once it has moved on (paid, shipped, cancelled), 409 ALREADY_PAID when the
 * provider reports it paid meanwhile, 429 TOO_MANY_REQUESTS.
 */
export const cancelOrder = (orderId: string) =>
  api.post<{ message: string; order: Order }>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, {});

export const useCancelOrder = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: ({ order }) => {
      // Shown at once; the refetch below brings the history entry if the answer came without it.
      queryClient.setQueryData<Order>(orderQueryKey(orderId), (shown) => ({
        ...order,
        history: order.history ?? shown?.history,
      }));
      // A card order checkout kept for a reload is over: checkout must not offer to pay it.
      if (readPendingOrder()?.id === orderId) forgetPendingOrder();
    },
    // After a refusal too: the order has changed under the page (paid, shipped, cancelled).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
