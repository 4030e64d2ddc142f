import type { Order, PodPaymentWay } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminOrdersKey } from './get-admin-orders';

/** The admin's pay-on-delivery steps: POST /api/orders/{id}/pay-on-delivery/{confirm,received,refused}. */
export type PodStep =
  | { step: 'confirm'; note: string }
  | { step: 'received'; amountReceived: number; how: PodPaymentWay; note: string }
  | { step: 'refused'; reason: string };

export const payOnDeliveryStep = (orderId: string, { step, ...body }: PodStep) =>
  api.post<{ message: string; order: Order }>(
    `/api/orders/${encodeURIComponent(orderId)}/pay-on-delivery/${step}`,
    body,
  );

export const usePayOnDeliveryStep = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: PodStep) => payOnDeliveryStep(orderId, step),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
};
