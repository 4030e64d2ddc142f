import type { PaymentStart } from '@shop/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/orders/{id}/payment: the server initializes the transaction for the order's total
 * and answers with the reference and access code to open the provider's window with. It pays
 * the same order again, never a new one; 409 ALREADY_PAID or ORDER_NOT_PAYABLE otherwise.
 */
export const startPayment = (orderId: string) =>
  api.post<PaymentStart>(`/api/orders/${encodeURIComponent(orderId)}/payment`);
