import {
  formatNaira,
  koboToNaira,
  ORDER_MESSAGES as M,
  nairaToKobo,
  ORDER_ADMIN_MESSAGES,
  type PaymentStart,
} from '@shop/shared';
import { AppError } from '../../../lib/errors';
import type { ReceivedPayment, VerifyResult } from '../payment-method';

// What the two methods an admin settles by hand (a bank transfer, pay on delivery) share: there
// is nothing to start, verify or refund online, and the money the admin records must cover the
// order before it is marked paid.

/** The methods with no provider: nothing to open in the browser, to ask about, or to give back online. */
export abstract class MoneyReceivedByHand {
  async start(): Promise<PaymentStart> {
    throw new AppError('ORDER_NOT_PAYABLE', M.notPayable);
  }

  async verify(): Promise<VerifyResult> {
    return { outcome: 'unpaid', status: 'not found', gatewayResponse: null, inProgress: false };
  }

  /** A refund is the shop's to make by hand. */
  async refund(): Promise<undefined> {
    return undefined;
  }
}

/** The amount an admin typed, in kobo; 400 with the form's message when it is not one. */
export function receivedKobo(amountReceived: number): number {
  const kobo = nairaToKobo(amountReceived);
  if (kobo === null) {
    throw new AppError('INVALID_INPUT', ORDER_ADMIN_MESSAGES.amountInvalid, {
      errors: { amountReceived: ORDER_ADMIN_MESSAGES.amountInvalid },
    });
  }
  return kobo;
}

/** Less than the order's total is 409 TRANSFER_AMOUNT_SHORT: the order stays unpaid. */
export function assertCoversTotal(receivedKobo: number, totalKobo: number): void {
  if (receivedKobo >= totalKobo) return;
  const message = ORDER_ADMIN_MESSAGES.amountShort(
    formatNaira(koboToNaira(receivedKobo)),
    formatNaira(koboToNaira(totalKobo)),
  );
  throw new AppError('TRANSFER_AMOUNT_SHORT', message, {
    errors: { amountReceived: message },
    extra: { totalAmount: koboToNaira(totalKobo) },
  });
}

/** The order's total received by hand, as markPaid takes a payment (`<kind>:<order number>` as its id). */
export function paymentReceivedByHand(
  order: { orderNumber: string; totalKobo: number },
  input: { kind: 'transfer' | 'pod'; paidAt: string; gatewayResponse: string },
): ReceivedPayment {
  return {
    id: `${input.kind}:${order.orderNumber}`,
    reference: order.orderNumber,
    referenceIsTheOrders: true,
    succeeded: true,
    status: 'success',
    amountKobo: order.totalKobo,
    currency: 'NGN',
    paidAt: input.paidAt,
    gatewayResponse: input.gatewayResponse,
    card: false,
  };
}
