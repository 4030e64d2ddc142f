import { ORDER_MESSAGES as M } from '@shop/shared';
import { ApiError, serverMessage } from '../../lib/api-client';
import { messageFor } from '../../lib/error-message';

/** What /order/failed receives in navigation state: the reason, and the order Try Again pays. */
export interface PaymentFailure {
  orderId?: string;
  orderNumber?: string;
  /** The headline: the server's verify result ('Payment status: failed') or what went wrong. */
  reason: string;
  /** The gateway's own words, when it gave any ('Declined', 'Insufficient Funds'). */
  detail?: string;
}

/** What /order/success receives in navigation state. */
export interface PaymentSuccess {
  orderId: string;
  orderNumber: string;
  transactionId: string | null;
}

export const CONFIRM_UNREACHABLE =
  'We could not confirm your payment with the shop. Please check your connection and try again.';

// Provider statuses meaning nobody finished paying: the customer closed the modal first.
const UNATTEMPTED = new Set(['abandoned', 'ongoing', 'pending', 'not found']);

/**
 * Why a payment did not go through, from the server's answer to confirm-payment. `closed`
 * says the customer closed the modal (after a decline the modal stays open until then).
 * Decided by `code`, never by a message's text.
 */
export function failureOfConfirm(error: unknown, closed: boolean): Pick<PaymentFailure, 'reason' | 'detail'> {
  if (!(error instanceof ApiError)) return { reason: CONFIRM_UNREACHABLE };
  if (error.status === 0) return { reason: CONFIRM_UNREACHABLE };
  switch (error.code) {
    case 'PAYMENT_NOT_VERIFIED': {
      const gatewayResponse = error.detail<string>('gatewayResponse') || undefined;
      const status = error.detail<string>('status');
      if (closed && (status === undefined ? !gatewayResponse : UNATTEMPTED.has(status))) {
        return { reason: M.paymentCancelled, detail: error.message };
      }
      return { reason: error.message, detail: gatewayResponse };
    }
    case 'PAYMENT_PROVIDER_UNAVAILABLE':
      return { reason: error.message || M.providerUnavailable };
    // Too many confirmations of this order or by this customer: waiting is the remedy.
    case 'TOO_MANY_REQUESTS':
      return { reason: serverMessage(error) ?? M.tooManyPaymentAttempts };
    default:
      return { reason: error.message || M.providerUnavailable };
  }
}

/**
 * Why a payment could not start (POST /api/orders/{id}/payment), shown beside the Pay button:
 * the server's message, `tooManyPaymentAttempts` for a 429 that came without one, that the
 * order is kept and can be paid later when the payment service does not answer, and the
 * provider's text when nothing (or a fault) answered. Decided by `code`.
 */
export function messageOfStartFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'TOO_MANY_REQUESTS') {
    return serverMessage(error) ?? M.tooManyPaymentAttempts;
  }
  // Paystack is down or slow: nothing was charged, and the order waits to be paid (decision 028).
  if (error instanceof ApiError && error.code === 'PAYMENT_PROVIDER_UNAVAILABLE') return M.providerNotAnswering;
  return messageFor(error, { fallback: M.providerUnavailable, network: M.providerUnavailable });
}
