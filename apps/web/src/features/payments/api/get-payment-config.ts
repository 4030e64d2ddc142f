import type { PaymentConfig } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/payments/config: the provider's public key, its inline script and the bank details. */
export const getPaymentConfig = () => api.get<PaymentConfig>('/api/payments/config');

export const paymentConfigQuery = {
  queryKey: ['payments', 'config'] as const,
  queryFn: getPaymentConfig,
  // The bank account and the pay-on-delivery cap are the shop's settings (the admin's Settings
  // tab): a page opened a while ago asks again rather than show an old account number.
  staleTime: 60_000,
};

export const usePaymentConfig = () => useQuery(paymentConfigQuery);
