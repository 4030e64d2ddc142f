import type { PodEligibility } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/payments/pay-on-delivery: the customer's open pay-on-delivery order, if any. */
export const getPayOnDeliveryEligibility = () => api.get<PodEligibility>('/api/payments/pay-on-delivery');

export const payOnDeliveryQueryKey = ['payments', 'pay-on-delivery'] as const;

export const usePayOnDeliveryEligibility = (enabled: boolean) =>
  useQuery({ queryKey: payOnDeliveryQueryKey, queryFn: getPayOnDeliveryEligibility, enabled, staleTime: 30_000 });
