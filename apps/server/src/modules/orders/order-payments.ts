import type { PaymentEvent, PaymentMethod, ShippingDetails, TransferProof } from '@shop/shared';
import type { Transaction } from '../../db/client';
import type { OrderRow } from './orders.repository';

/**
 * What orders ask of the payments module, which registers after orders and hands this over with
 * `app.orders.usePayments(...)` (as `account` gives the auth plugin `resolveSession`): orders
 * never import payments, and payments reach orders only through `app.orders`.
 */
export interface OrderPayments {
  /**
   * How long an unpaid order paid by `method` keeps its stock, in milliseconds; null: until an
   * admin settles it (pay on delivery has no deadline). Throws the AppError a checkout shows when
   * the method is not offered (PayPal).
   */
  holdMs(method: PaymentMethod): Promise<number | null>;
  /**
   * Whether the method takes this order (pay on delivery: a Lagos address, under the cap, no
   * other open pay-on-delivery order). Runs inside the order's transaction, after lockCustomer,
   * so two orders placed at once are checked one after the other. Throws the AppError checkout
   * shows; returns when the order may be placed.
   */
  acceptsOrder(
    tx: Transaction,
    order: { method: PaymentMethod; shippingDetails: ShippingDetails; totalKobo: number; userId: string },
  ): Promise<void>;
  /**
   * Before a paid order is cancelled: refunds its payment where the shop can (a card, through
   * its provider) and returns the kobo refunded; undefined when there is nothing to refund here.
   * Throws (502) when the provider refuses or cannot be reached: then nothing changes.
   */
  refundBeforeCancel(order: OrderRow): Promise<number | undefined>;
  /**
   * Before a customer cancels an unpaid order: asks the payment method whether it was paid
   * meanwhile (a card payment that went through); a payment found is applied and true returned.
   */
  paidMeanwhile(order: OrderRow): Promise<boolean>;
  /** The admin's view of the order's payment events, oldest first. */
  eventsOf(orderId: string): Promise<PaymentEvent[]>;
  /** The order's bank transfer proof as its detail answer shows it (Order.transferProof), or null. */
  transferProofOf(orderId: string): Promise<TransferProof | null>;
}

/** Until payments hand theirs over: nothing can be ordered (a wiring mistake fails loudly at start). */
export const NO_PAYMENTS: OrderPayments = {
  async holdMs() {
    throw new Error('the payments module is not registered');
  },
  async acceptsOrder() {
    throw new Error('the payments module is not registered');
  },
  async refundBeforeCancel() {
    throw new Error('the payments module is not registered');
  },
  async paidMeanwhile() {
    return false;
  },
  async eventsOf() {
    return [];
  },
  async transferProofOf() {
    return null;
  },
};
