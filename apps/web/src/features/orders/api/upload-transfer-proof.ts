import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderQueryKey } from './get-order';

/** Where the order's proof is read back (owner or admin; never a public URL). */
export const transferProofUrl = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/transfer-proof`;

/**
 * POST /api/orders/{id}/transfer-proof: one file, `file`, as multipart. 201 `{message, order}`
 * with `order.transferProof` pending; 415 for a file that is not a JPEG, PNG, WebP or PDF by its
 * bytes, 413 over 5 MB, 409 ORDER_NOT_AWAITING_TRANSFER, 404, 429.
 */
export function uploadTransferProof(orderId: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ message: string; order: Order }>(transferProofUrl(orderId), form);
}

export const useUploadTransferProof = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadTransferProof(orderId, file),
    // The answer is the order as it is now.
    onSuccess: ({ order }) => queryClient.setQueryData<Order>(orderQueryKey(orderId), order),
    // A refusal may mean the order moved on under the page (paid, cancelled): read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
