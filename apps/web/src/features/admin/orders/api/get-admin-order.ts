import type { Order } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminOrdersKey } from './get-admin-orders';

/** What an admin gets for one order: the order, its whole history (staff notes too) and its `paymentEvents`. */
export type AdminOrder = Order;

/** GET /api/orders/{id}, as an admin. */
export async function getAdminOrder(orderId: string): Promise<AdminOrder> {
  const { order } = await api.get<{ order: AdminOrder }>(`/api/orders/${encodeURIComponent(orderId)}`);
  return order;
}

export const adminOrderKey = (orderId: string) => [...adminOrdersKey, 'one', orderId] as const;

export const useAdminOrder = (orderId: string) =>
  useQuery({ queryKey: adminOrderKey(orderId), queryFn: () => getAdminOrder(orderId), staleTime: 0 });
