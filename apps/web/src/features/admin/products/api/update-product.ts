import type { Product } from '@shop/shared';
import { api } from '../../../../lib/api-client';

/** PUT /api/products/{id}, multipart (fields, imageOrder and the new files: see product-form-data.ts). */
export const updateProduct = (productId: string, body: FormData) =>
  api.put<{ message: string; product: Product }>(`/api/products/${encodeURIComponent(productId)}`, body);
