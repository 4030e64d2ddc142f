import type { PaymentMethod, PaymentStart, ShippingDetails } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client';

// A payment method knows how an order paid its way is started, verified, confirmed, refunded and
// expired (as Vendure's payment method handlers and Medusa's payment providers do). The card
// method pays through a CardProvider adapter (Paystack, or the built-in test gateway); a bank
// transfer is confirmed by an admin. PaymentsService picks the method by the order's
// `paymentMethod` and never asks which one it is.

type Orders = FastifyInstance['orders'];
/** An order as the orders module keeps it (reached through app.orders, never its files). */
export type OrderRow = NonNullable<Awaited<ReturnType<Orders['service']['findOrder']>>>;
export type ReceivedPayment = Parameters<Orders['service']['markPaid']>[1];
export type MarkPaidOutcome = Awaited<ReturnType<Orders['service']['markPaid']>>;
export type Caller = Parameters<Orders['service']['visibleOrder']>[0];

/** What asking about an order's payment found. */
export interface VerifyResult {
  /** `unpaid` when no successful payment was found; the others are markPaid's outcomes. */
  outcome: MarkPaidOutcome | 'unpaid';
  /** The provider's word for the payment looked at last ('abandoned', 'not found', …). */
  status: string;
  gatewayResponse: string | null;
  /** A payment still going through at the provider: wait for its outcome. */
  inProgress: boolean;
}

/** What to do with an unpaid order past its deadline. */
export type ExpiryDecision =
  /** `reason` 'not-confirmed': a pay-on-delivery order the shop could not confirm by phone in time. */
  | { action: 'expire'; note: string; reason?: 'expired' | 'not-confirmed' }
  /**
   * Not yet, once: the deadline moves to `until` and the shop is told why (a transfer whose proof
   * waits for review). A method asked again at the new deadline must decide otherwise.
   */
  | { action: 'extend'; until: Date; shopNotice: 'proof-waiting' }
  | { action: 'paid' }
  /** Ask again in a later round (the provider is down or the payment is going through). */
  | { action: 'wait' };

export interface PaymentMethodHandler {
  readonly name: PaymentMethod;
  /** How long an unpaid order paid this way keeps its stock, in milliseconds; null: no deadline. */
  readonly holdMs: number | null;
  /**
   * Who is reminded half-way to the deadline: the customer (a transfer they make), the shop (a
   * pay-on-delivery order waiting for its phone call), or nobody.
   */
  readonly remindsHalfWay: 'customer' | 'shop' | false;
  /** Starts a payment the customer completes in the browser; 409 ORDER_NOT_PAYABLE when there is none to start. */
  start(order: OrderRow): Promise<PaymentStart>;
  /** Asks whether the order has been paid, and applies a payment found (markPaid, once). */
  verify(order: OrderRow, actor: string): Promise<VerifyResult>;
  /** Refunds a paid order where the shop can, returning the kobo refunded; undefined: nothing to refund here. */
  refund(order: OrderRow): Promise<number | undefined>;
  /** The order is past its deadline: expire it, or wait for a payment still going through. */
  beforeExpire(order: OrderRow): Promise<ExpiryDecision>;
  /**
   * The method's own rule for a new order, inside its transaction (pay on delivery: Lagos, the
   * cap, one open order); throws the AppError checkout shows. Absent: every order is accepted.
   */
  acceptsOrder?(
    tx: Transaction,
    order: { shippingDetails: ShippingDetails; totalKobo: number; userId: string },
  ): Promise<void>;
}
