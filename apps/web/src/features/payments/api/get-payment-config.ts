import type { PaymentConfig } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/payments/config: the provider's public key, its inline script and the bank details. */
export const getPaymentConfig = () => api.get<PaymentConfig>('/api/payments/config');

export const paymentConfigQuery = {
  queryKey: ['payments', 'config'] as const,
  queryFn: getPaymentConfig,
  // The configuration changes only with a server restart.
  staleTime: Number.POSITIVE_INFINITY,
};

export const usePaymentConfig = () => useQuery(paymentConfigQuery);
