import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/** POST /api/products/{id}/stock-alerts: tell this address once when the product is back. */
export function requestStockAlert(productId: string, email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/api/products/${encodeURIComponent(productId)}/stock-alerts`, { email });
}

export const useRequestStockAlert = (productId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => requestStockAlert(productId, email),
    onError: (error) => {
      // Back in stock since the page was drawn: read the product again, so the page offers it.
      if (error instanceof ApiError && error.code === 'IN_STOCK') {
        void queryClient.invalidateQueries({ queryKey: ['products', 'detail'] });
      }
    },
  });
};
