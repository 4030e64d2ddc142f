import type { ConfirmPaymentRequest, Order } from '@shop/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/orders/confirm-payment: 200 once the provider confirms; 402 PAYMENT_NOT_VERIFIED
 * (with `gatewayResponse`) otherwise; 502 PAYMENT_PROVIDER_UNAVAILABLE when it could not be asked.
 */
export const confirmPayment = (body: ConfirmPaymentRequest) =>
  api.post<{ message: string; order: Order }>('/api/orders/confirm-payment', body);
