import {
  formatNaira,
  formatQuantity,
  hundredthsToUnits,
  koboToNaira,
  ORDER_ADMIN_MESSAGES,
  type OrderStatus,
  type PodPaymentWay,
} from '@shop/shared';
import type { Transaction } from '../../db/client';
import type { CancelReason } from '../../db/schema/orders';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../mail/outbox-email';
import type { OrderEvents } from './order-events';
import { emailLineOf } from './order-placed-mail';
import type { OrderRow, OrdersRepository } from './orders.repository';

/**
 * The one place that changes an order's status or payment status. Each method takes the
 * caller's transaction, locks the order row first (so concurrent callers queue and the second
 * sees what the first did), writes one order_history row per change and causes its effects here
 * and only here, from the tables below: stock held or released, the customer's email through
 * the outbox in the same transaction.
 *
 * Actors: 'customer', 'admin:<email>', 'provider' (a webhook), 'system' (the expiry job).
 */

/**
 * What moving an order to a status does. SPEC §4 lets an admin set any status after any other,
 * so the table is by the status moved to, and the order's stock follows it:
 * - `stock: 'release'` puts the order's stock back on the shelf, once for as long as it is out;
 * - `stock: 'hold'` keeps it held: an order whose stock was released (cancelled, expired) takes
 *   it again, or the move is refused with 409 OUT_OF_STOCK and nothing changes;
 * - `payment: 'refund'`: a paid card payment is refunded first. The caller asks the payment
 *   method before the transaction (a refund at the provider cannot be rolled back) and passes
 *   the amount to setStatus, which records it (markRefunded) and tells the customer.
 * - `mail`: the customer's email.
 */
export const STATUS_EFFECTS: Record<
  OrderStatus,
  { stock: 'hold' | 'release'; payment: 'none' | 'refund'; mail: 'order-status-changed' }
> = {
  PENDING: { stock: 'hold', payment: 'none', mail: 'order-status-changed' },
  PROCESSING: { stock: 'hold', payment: 'none', mail: 'order-status-changed' },
  SHIPPED: { stock: 'hold', payment: 'none', mail: 'order-status-changed' },
  DELIVERED: { stock: 'hold', payment: 'none', mail: 'order-status-changed' },
  CANCELLED: { stock: 'release', payment: 'refund', mail: 'order-status-changed' },
};

/**
 * The payment moves, for the same reading: a payment received marks the order PAID (and
 * PROCESSING when it was PENDING) and mails the receipt, leaving the stock as it is (an order
 * paid after it was cancelled keeps its stock released and is noted for a refund); a refund
 * marks it REFUNDED and is told in the status email of the cancellation that caused it.
 */
export const PAYMENT_EFFECTS = {
  PAID: { status: { PENDING: 'PROCESSING' } as Partial<Record<OrderStatus, OrderStatus>>, mail: 'order-paid' },
  REFUNDED: { status: {}, mail: 'with the status change' },
} as const;

export interface StateContext {
  /** The shop's public address, for links in emails. */
  shopUrl?: string;
  /** Told of a payment received once its transaction commits (the caller's OrdersService does that). */
  events?: OrderEvents;
}

/** A payment as the payment method reports it, in the shop's words (no provider's types). */
export interface ReceivedPayment {
  /** The provider's transaction id (a confirmed transfer: `transfer:<order number>`). */
  id: string;
  reference: string;
  /** Whether the reference is one the order was given (payments keep the references). */
  referenceIsTheOrders: boolean;
  succeeded: boolean;
  /** The provider's word for the status, kept in a refusal's note. */
  status: string;
  amountKobo: number;
  currency: string;
  paidAt: string | null;
  gatewayResponse: string | null;
  /** A card payment's reference becomes the one a refund names. */
  card: boolean;
}

export type MarkPaidOutcome = 'paid' | 'already-paid' | 'mismatch' | 'not-found';

export type { CancelReason };

const REASON_NOTES: Record<CancelReason, string | null> = {
  customer: 'Cancelled by the customer',
  admin: null,
  expired: null,
  // The expiry note says so ("Not confirmed by phone in time").
  'not-confirmed': null,
  'account-closed': 'The customer’s account was closed',
  // The admin's note says why (pay on delivery's refused step).
  'delivery-refused': null,
};

/** Pay on delivery's receipt: the money the rider received, and how (the order-paid email says so). */
export interface DeliveryReceipt {
  paidOnDelivery: { how: PodPaymentWay; receivedKobo: number };
}

export class OrderState {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly context: StateContext = {},
  ) {}

  private orderUrl(order: OrderRow) {
    return this.context.shopUrl ? `${this.context.shopUrl}/orders/${order.id}` : undefined;
  }

  /**
   * A payment the provider (or an admin, for a transfer) reports as successful, applied to its
   * order: PAID (and PROCESSING when the order was PENDING), with one history row and one
   * confirmation email. Applying it a second time, from anywhere, changes nothing. The amount in
   * kobo, the currency and the reference must match the order, or nothing is marked and a note
   * says why.
   */
  async markPaid(
    tx: Transaction,
    input: { orderId: string; payment: ReceivedPayment; actor: string; note?: string; receipt?: DeliveryReceipt },
  ): Promise<{ outcome: MarkPaidOutcome; order: OrderRow | null }> {
    const order = await this.repository.lockOrder(tx, input.orderId);
    if (!order) return { outcome: 'not-found', order: null };
    const { payment } = input;
    if (order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUNDED') {
      // Another successful charge of this order (a second window, a retry): money the shop must
      // give back. Noted once for the admin; the order stays as it is.
      if (payment.succeeded && payment.id !== order.transactionId && payment.referenceIsTheOrders) {
        const note = `Second payment ${payment.reference} received: refund it`;
        if (!(await this.repository.hasHistoryNote(tx, order.id, note))) {
          await this.repository.insertHistory(tx, { orderId: order.id, field: 'note', actor: input.actor, note });
        }
      }
      return { outcome: 'already-paid', order };
    }

    const problem = !payment.succeeded
      ? `status ${payment.status}`
      : !payment.referenceIsTheOrders
        ? `reference ${payment.reference} is not this order's`
        : payment.currency !== 'NGN'
          ? `currency ${payment.currency}`
          : payment.amountKobo !== order.totalKobo
            ? `amount ₦${koboToNaira(payment.amountKobo)} instead of ₦${koboToNaira(order.totalKobo)}`
            : null;
    if (problem) {
      const note = `Payment ${payment.reference} not accepted: ${problem}`;
      if (!(await this.repository.hasHistoryNote(tx, order.id, note))) {
        await this.repository.insertHistory(tx, { orderId: order.id, field: 'note', actor: input.actor, note });
      }
      return { outcome: 'mismatch', order };
    }

    const nextStatus: OrderStatus = PAYMENT_EFFECTS.PAID.status[order.status] ?? order.status;
    const paidAt = payment.paidAt ? new Date(payment.paidAt) : new Date();
    const updated = await this.repository.updateOrder(tx, order.id, {
      paymentStatus: 'PAID',
      status: nextStatus,
      transactionId: payment.id,
      paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt,
      gatewayResponse: payment.gatewayResponse,
      expiresAt: null,
      // The address was kept only to count unpaid orders.
      placedFrom: null,
      // The reference that was paid is the one a refund names (an earlier attempt may be it).
      ...(payment.card ? { paymentReference: payment.reference } : {}),
    });
    const statusNote =
      nextStatus !== order.status
        ? `Status ${order.status} → ${nextStatus}`
        : order.status === 'CANCELLED'
          ? 'Paid after the order was cancelled: refund the customer or restore the order'
          : null;
    await this.repository.insertHistory(tx, {
      orderId: order.id,
      field: 'paymentStatus',
      from: order.paymentStatus,
      to: 'PAID',
      actor: input.actor,
      note: [`Reference ${payment.reference}`, statusNote].filter(Boolean).join('. '),
    });
    if (input.note) {
      await this.repository.insertHistory(tx, {
        orderId: order.id,
        field: 'note',
        actor: input.actor,
        note: input.note,
      });
    }
    const items = await this.repository.itemsOf([order.id], tx);
    await enqueueEmail(tx, {
      to: order.customerEmail,
      template: PAYMENT_EFFECTS.PAID.mail,
      data: {
        firstName: order.customerFirstName,
        orderNumber: order.orderNumber,
        items: items.map(emailLineOf),
        subtotalKobo: order.subtotalKobo,
        deliveryFeeKobo: order.deliveryFeeKobo,
        totalKobo: order.totalKobo,
        orderUrl: this.orderUrl(order),
        ...(order.status === 'CANCELLED' ? { afterCancellation: true } : {}),
        paymentMethod: order.paymentMethod,
        ...(input.receipt ?? {}),
      },
    });
    this.context.events?.hold(tx, 'paid', { paymentMethod: order.paymentMethod });
    return { outcome: 'paid', order: updated };
  }

  /**
   * Any status, on any order (SPEC §4: no order is enforced), with the effects of
   * STATUS_EFFECTS. Setting the status it already has is a no-op (a note is kept).
   */
  async setStatus(
    tx: Transaction,
    input: {
      orderId: string;
      status: OrderStatus;
      actor: string;
      note?: string;
      reason?: CancelReason;
      /** A refund made for this change (STATUS_EFFECTS' payment: 'refund'), in kobo. */
      refundedKobo?: number;
      /** No email: the caller queued one that says it in this transaction (pay on delivery's receipt). */
      quiet?: boolean;
    },
  ): Promise<{ changed: boolean; order: OrderRow | null }> {
    const order = await this.repository.lockOrder(tx, input.orderId);
    if (!order) return { changed: false, order: null };
    const refunded = await this.markRefunded(tx, order, input);
    const mail = { reason: input.reason, refundedKobo: refunded ? input.refundedKobo : undefined };
    if (order.status === input.status) {
      // The same status with a staff note: the note is kept, nothing else happens.
      if (input.note)
        await this.repository.insertHistory(tx, {
          orderId: order.id,
          field: 'note',
          actor: input.actor,
          note: input.note,
        });
      // Already cancelled, refunded now (paid after its cancellation): still tell the customer.
      if (refunded) await this.mailStatus(tx, order, order.status, mail);
      return { changed: refunded, order };
    }

    const effects = STATUS_EFFECTS[input.status];
    const notes = [input.note, input.reason ? REASON_NOTES[input.reason] : null].filter(Boolean) as string[];
    if (effects.stock === 'release') {
      if (await this.repository.releaseStockOnce(tx, order.id)) notes.push('Stock returned to the shelf');
    } else if (order.stockReleasedAt) {
      // Read under the row lock: only an order whose stock is out has any to take again.
      const { released, short } = await this.repository.retakeStockOnce(tx, order.id);
      if (short) {
        // Thrown inside the caller's transaction: the guard and any stock taken roll back with it.
        const left = Math.max(0, short.availableHundredths);
        throw new AppError(
          'OUT_OF_STOCK',
          ORDER_ADMIN_MESSAGES.reopenOutOfStock(formatQuantity(short, left), short.name),
          {
            extra: { productId: short.productId, available: hundredthsToUnits(left) },
          },
        );
      }
      if (released) notes.push('Its stock was taken from the shelf again');
    }
    const updated = await this.repository.updateOrder(tx, order.id, {
      status: input.status,
      placedFrom: null,
      // A cancelled order has no deadline; one reopened unpaid gets none either (the admin decides).
      ...(input.status === 'CANCELLED' || order.status === 'CANCELLED' ? { expiresAt: null } : {}),
      // Why, for the hold limits (a customer's own cancellations count for a day); cleared on reopening.
      ...(input.status === 'CANCELLED'
        ? { cancelReason: input.reason ?? 'admin' }
        : order.status === 'CANCELLED'
          ? { cancelReason: null }
          : {}),
    });
    await this.repository.insertHistory(tx, {
      orderId: order.id,
      field: 'status',
      from: order.status,
      to: input.status,
      actor: input.actor,
      note: notes.join('. ') || null,
    });
    if (!input.quiet) await this.mailStatus(tx, order, input.status, mail);
    return { changed: true, order: updated };
  }

  private async mailStatus(
    tx: Transaction,
    order: OrderRow,
    to: OrderStatus,
    input: { reason?: CancelReason; refundedKobo?: number },
  ) {
    await enqueueEmail(tx, {
      to: order.customerEmail,
      template: STATUS_EFFECTS[to].mail,
      data: {
        firstName: order.customerFirstName,
        orderNumber: order.orderNumber,
        from: order.status,
        to,
        orderUrl: this.orderUrl(order),
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.refundedKobo ? { refundedKobo: input.refundedKobo } : {}),
        // Still to be paid at the door: the email says how much to have ready.
        ...(order.paymentMethod === 'payOnDelivery' && order.paymentStatus === 'UNPAID' && to !== 'CANCELLED'
          ? { payOnDeliveryKobo: order.totalKobo }
          : {}),
      },
    });
  }

  /**
   * A card payment the provider has refunded (the caller asked it first): REFUNDED, with a
   * history row saying how much. Only a PAID order changes.
   */
  private async markRefunded(
    tx: Transaction,
    order: OrderRow,
    input: { refundedKobo?: number; actor: string },
  ): Promise<boolean> {
    if (order.paymentStatus !== 'PAID' || input.refundedKobo === undefined) return false;
    await this.repository.updateOrder(tx, order.id, { paymentStatus: 'REFUNDED' });
    await this.repository.insertHistory(tx, {
      orderId: order.id,
      field: 'paymentStatus',
      from: 'PAID',
      to: 'REFUNDED',
      actor: input.actor,
      note: ORDER_ADMIN_MESSAGES.refunded(formatNaira(koboToNaira(input.refundedKobo))),
    });
    return true;
  }

  /** CANCELLED with its stock released once (STATUS_EFFECTS), for the reason given. */
  cancel(tx: Transaction, input: { orderId: string; actor: string; reason: CancelReason; note?: string }) {
    return this.setStatus(tx, { ...input, status: 'CANCELLED' });
  }

  /**
   * An unpaid order past its deadline, its payment method having found it unpaid (or given up
   * asking): CANCELLED, stock back. Anything that happened meanwhile (paid, cancelled, shipped by
   * an admin, a deadline moved by a payment going through) makes it a no-op.
   */
  async expire(
    tx: Transaction,
    input: { orderId: string; note: string; reason?: 'expired' | 'not-confirmed' },
  ): Promise<{ expired: boolean }> {
    const order = await this.repository.lockOrder(tx, input.orderId);
    if (!order) return { expired: false };
    const due =
      order.status === 'PENDING' &&
      order.paymentStatus === 'UNPAID' &&
      order.expiresAt !== null &&
      order.expiresAt.getTime() <= Date.now();
    if (due) {
      await this.setStatus(tx, {
        orderId: order.id,
        status: 'CANCELLED',
        actor: 'system',
        note: input.note,
        reason: input.reason ?? 'expired',
      });
    }
    await this.repository.updateOrder(tx, order.id, { expiryClaimedUntil: null });
    return { expired: due };
  }
}
