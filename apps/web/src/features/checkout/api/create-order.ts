import type { CreateOrderRequest, Order } from '@shop/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/orders: 201 `{message, order}`. 409 PRICE_CHANGED carries `prices`, 409
 * OUT_OF_STOCK `productId` and `available`, 400 `errors` by field.
 */
export const createOrder = (body: CreateOrderRequest) =>
  api.post<{ message: string; order: Order }>('/api/orders', body);
