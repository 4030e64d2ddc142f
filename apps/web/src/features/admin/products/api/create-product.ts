import type { Product } from '@shop/shared';
import { api } from '../../../../lib/api-client';

/** POST /api/products, multipart (fields and the image files: see product-form-data.ts). */
export const createProduct = (body: FormData) => api.post<{ message: string; product: Product }>('/api/products', body);
