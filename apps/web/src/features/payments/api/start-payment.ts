import { api } from '../../../lib/api-client';

/** A transaction the server initialized with the provider for one order. */
export interface PaymentSession {
  reference: string;
  accessCode: string;
  publicKey: string;
  email: string;
  /** Kobo, as the provider counts. */
  amount: number;
}

/** POST /api/orders/{id}/payment: pays the same order again, never a new one; 409 once paid or no longer payable. */
export const startPayment = (orderId: string) =>
  api.post<PaymentSession>(`/api/orders/${encodeURIComponent(orderId)}/payment`);
