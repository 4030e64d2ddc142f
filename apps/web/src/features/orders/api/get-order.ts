import type { Order } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/orders/{id}: the order with its history; 404 for a wrong id or someone else's order. */
export async function getOrder(orderId: string): Promise<Order> {
  const { order } = await api.get<{ order: Order }>(`/api/orders/${encodeURIComponent(orderId)}`);
  return order;
}

export const orderQueryKey = (orderId: string) => ['orders', 'one', orderId] as const;

export const useOrder = (orderId: string) =>
  useQuery({ queryKey: orderQueryKey(orderId), queryFn: () => getOrder(orderId) });
