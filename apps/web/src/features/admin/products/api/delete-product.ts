import { api } from '../../../../lib/api-client';

export const deleteProduct = (productId: string) =>
  api.delete<{ message: string }>(`/api/products/${encodeURIComponent(productId)}`);
