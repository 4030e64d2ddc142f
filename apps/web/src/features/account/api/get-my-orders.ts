import type { Order } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/orders/my-orders, newest first. */
export async function getMyOrders(): Promise<Order[]> {
  const { orders } = await api.get<{ orders: Order[] }>('/api/orders/my-orders');
  return orders;
}

export const myOrdersQueryKey = ['orders', 'mine'] as const;

export const useMyOrders = () => useQuery({ queryKey: myOrdersQueryKey, queryFn: getMyOrders });
