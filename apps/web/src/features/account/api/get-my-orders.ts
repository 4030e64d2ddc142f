import type { Order } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/** The fields of an order the account screens show (API.md "Order"). */
export type OrderSummary = Pick<Order, 'id' | 'orderNumber' | 'status' | 'createdAt' | 'totalAmount'>;

/** GET /api/orders/my-orders, newest first. */
export async function getMyOrders(): Promise<OrderSummary[]> {
  try {
    const { orders } = await api.get<{ orders: OrderSummary[] }>('/api/orders/my-orders');
    return orders;
  } catch (error) {
    // NOTE: until the orders API lands the route answers 404; that means "no orders yet",
    // not a failure to show. Any other error is shown.
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return [];
    throw error;
  }
}

export const myOrdersQueryKey = ['orders', 'mine'] as const;

export const useMyOrders = () => useQuery({ queryKey: myOrdersQueryKey, queryFn: getMyOrders });
