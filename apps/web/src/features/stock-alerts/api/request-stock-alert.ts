import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/products/{id}/stock-alerts: tell this address once when the product is back. */
export function requestStockAlert(productId: string, email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/api/products/${encodeURIComponent(productId)}/stock-alerts`, { email });
}

export const useRequestStockAlert = (productId: string) =>
  useMutation({ mutationFn: (email: string) => requestStockAlert(productId, email) });
