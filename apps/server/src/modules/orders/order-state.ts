import { formatNaira, koboToNaira, ORDER_ADMIN_MESSAGES, type OrderStatus } from '@shop/shared';
import type { Transaction } from '../../db/client';
import { enqueueEmail } from '../../mail/outbox-email';
import type { PaystackTransaction } from '../../payments/paystack/paystack-client';
import {
  hasHistoryNote,
  insertHistory,
  itemsOf,
  lockOrder,
  type OrderRow,
  orderIdOfReference,
  releaseStockOnce,
  updateOrder,
} from './orders.repository';

/**
 * The one place that changes an order's status or payment status. Each function takes the
 * transaction, locks the order row first (so concurrent callers queue and the second sees what
 * the first did), writes one order_history row per change and causes its side effects here and
 * only here: stock back on the shelf once on CANCELLED, an email to the customer through the
 * outbox in the same transaction.
 *
 * Actors: 'customer', 'admin:<email>', 'provider' (a webhook), 'system' (the expiry job).
 */

export interface StateContext {
  /** The shop's public address, for links in emails. */
  shopUrl?: string;
}

const orderUrl = (context: StateContext, order: OrderRow) =>
  context.shopUrl ? `${context.shopUrl}/orders/${order.id}` : undefined;

export type MarkPaidOutcome = 'paid' | 'already-paid' | 'mismatch' | 'not-found';

/**
 * A transaction the provider reports as successful, applied to its order: PAID (and PROCESSING
 * when the order was PENDING), with one history row and one confirmation email. Applying it a
 * second time, from anywhere, changes nothing. The amount in kobo, the currency and the
 * reference must match the order, or nothing is marked and a note says why.
 */
export async function markPaid(
  tx: Transaction,
  input: { orderId: string; transaction: PaystackTransaction; actor: string },
  context: StateContext = {},
): Promise<{ outcome: MarkPaidOutcome; order: OrderRow | null }> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) return { outcome: 'not-found', order: null };
  const { transaction } = input;
  if (order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUNDED') {
    // Another successful charge of this order (a second window, a retry): money the shop must
    // give back. Noted once for the admin; the order stays as it is.
    if (transaction.status === 'success' && transaction.id !== order.transactionId) {
      const owner = await orderIdOfReference(tx, transaction.reference);
      const note = `Second payment ${transaction.reference} received: refund it`;
      if (owner === order.id && !(await hasHistoryNote(tx, order.id, note))) {
        await insertHistory(tx, { orderId: order.id, field: 'note', actor: input.actor, note });
      }
    }
    return { outcome: 'already-paid', order };
  }

  const owner = await orderIdOfReference(tx, transaction.reference);
  const problem =
    transaction.status !== 'success'
      ? `status ${transaction.status}`
      : owner !== order.id
        ? `reference ${transaction.reference} is not this order's`
        : transaction.currency !== 'NGN'
          ? `currency ${transaction.currency}`
          : transaction.amountKobo !== order.totalKobo
            ? `amount ₦${koboToNaira(transaction.amountKobo)} instead of ₦${koboToNaira(order.totalKobo)}`
            : null;
  if (problem) {
    const note = `Payment ${transaction.reference} not accepted: ${problem}`;
    if (!(await hasHistoryNote(tx, order.id, note))) {
      await insertHistory(tx, { orderId: order.id, field: 'note', actor: input.actor, note });
    }
    return { outcome: 'mismatch', order };
  }

  const nextStatus: OrderStatus = order.status === 'PENDING' ? 'PROCESSING' : order.status;
  const paidAt = transaction.paidAt ? new Date(transaction.paidAt) : new Date();
  const updated = await updateOrder(tx, order.id, {
    paymentStatus: 'PAID',
    status: nextStatus,
    transactionId: transaction.id,
    paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt,
    gatewayResponse: transaction.gatewayResponse,
    // The reference that was paid is the one a refund names (an earlier attempt may be it).
    ...(order.paymentMethod === 'card' ? { paymentReference: transaction.reference } : {}),
  });
  const statusNote =
    nextStatus !== order.status
      ? `Status ${order.status} → ${nextStatus}`
      : order.status === 'CANCELLED'
        ? 'Paid after the order was cancelled: refund the customer or restore the order'
        : null;
  await insertHistory(tx, {
    orderId: order.id,
    field: 'paymentStatus',
    from: order.paymentStatus,
    to: 'PAID',
    actor: input.actor,
    note: [`Reference ${transaction.reference}`, statusNote].filter(Boolean).join('. '),
  });
  const items = await itemsOf(tx, [order.id]);
  await enqueueEmail(tx, {
    to: order.customerEmail,
    template: 'order-paid',
    data: {
      firstName: order.customerFirstName,
      orderNumber: order.orderNumber,
      items: items.map((item) => ({ name: item.name, quantity: item.quantity, priceKobo: item.priceKobo })),
      subtotalKobo: order.subtotalKobo,
      deliveryFeeKobo: order.deliveryFeeKobo,
      totalKobo: order.totalKobo,
      orderUrl: orderUrl(context, order),
    },
  });
  return { outcome: 'paid', order: updated };
}

/**
 * Any status, on any order, set by an admin (SPEC §4: no order is enforced). CANCELLED puts
 * the stock back, once for the life of the order. Setting the status it already has is a no-op.
 */
export async function setStatus(
  tx: Transaction,
  input: {
    orderId: string;
    status: OrderStatus;
    actor: string;
    note?: string;
    /** A refund made with this change (markRefunded): the customer's email says so. */
    refundedKobo?: number;
  },
  context: StateContext = {},
): Promise<{ changed: boolean; order: OrderRow | null }> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) return { changed: false, order: null };
  if (order.status === input.status) {
    // The same status with a staff note: the note is kept, nothing else happens.
    if (input.note) await insertHistory(tx, { orderId: order.id, field: 'note', actor: input.actor, note: input.note });
    return { changed: false, order };
  }

  const updated = await updateOrder(tx, order.id, { status: input.status });
  const notes = input.note ? [input.note] : [];
  if (input.status === 'CANCELLED') {
    if (await releaseStockOnce(tx, order.id)) notes.push('Stock returned to the shelf');
  } else if (order.stockReleasedAt) {
    notes.push('Its stock was returned when it was cancelled and is not taken again');
  }
  await insertHistory(tx, {
    orderId: order.id,
    field: 'status',
    from: order.status,
    to: input.status,
    actor: input.actor,
    note: notes.join('. ') || null,
  });
  await enqueueEmail(tx, {
    to: order.customerEmail,
    template: 'order-status-changed',
    data: {
      firstName: order.customerFirstName,
      orderNumber: order.orderNumber,
      from: order.status,
      to: input.status,
      orderUrl: orderUrl(context, order),
      ...(input.refundedKobo ? { refundedKobo: input.refundedKobo } : {}),
    },
  });
  return { changed: true, order: updated };
}

/**
 * Tells the customer of a refund made without a status change (an order paid after it was
 * cancelled, refunded when an admin cancels it again).
 */
export async function emailRefund(tx: Transaction, orderId: string, refundedKobo: number, context: StateContext = {}) {
  const order = await lockOrder(tx, orderId);
  if (!order) return;
  await enqueueEmail(tx, {
    to: order.customerEmail,
    template: 'order-status-changed',
    data: {
      firstName: order.customerFirstName,
      orderNumber: order.orderNumber,
      from: order.status,
      to: order.status,
      orderUrl: orderUrl(context, order),
      refundedKobo,
    },
  });
}

/**
 * A card payment the provider has refunded (the caller asked it first): REFUNDED, with a history
 * row saying how much. Only a PAID order changes; a second call changes nothing.
 */
export async function markRefunded(
  tx: Transaction,
  input: { orderId: string; amountKobo: number; actor: string },
): Promise<{ changed: boolean; order: OrderRow | null }> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) return { changed: false, order: null };
  if (order.paymentStatus !== 'PAID') return { changed: false, order };
  const updated = await updateOrder(tx, order.id, { paymentStatus: 'REFUNDED' });
  await insertHistory(tx, {
    orderId: order.id,
    field: 'paymentStatus',
    from: 'PAID',
    to: 'REFUNDED',
    actor: input.actor,
    note: ORDER_ADMIN_MESSAGES.refunded(formatNaira(koboToNaira(input.amountKobo))),
  });
  return { changed: true, order: updated };
}

/** An admin (or the shop) cancels the order: CANCELLED with its stock released once. */
export function cancel(
  tx: Transaction,
  input: { orderId: string; actor: string; note?: string },
  context: StateContext = {},
) {
  return setStatus(tx, { ...input, status: 'CANCELLED' }, context);
}

/**
 * An unpaid card order past its payment window, already verified with the provider as not
 * paid: CANCELLED, stock back. Anything that happened meanwhile (paid, cancelled, shipped by
 * an admin) makes it a no-op.
 */
export async function expire(
  tx: Transaction,
  input: { orderId: string; bankTransferWindowHours?: number },
  context: StateContext = {},
): Promise<{ expired: boolean }> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) return { expired: false };
  const bankTransfer = order.paymentMethod === 'bankTransfer';
  const dueAt = bankTransfer
    ? input.bankTransferWindowHours === undefined
      ? null
      : order.createdAt.getTime() + input.bankTransferWindowHours * 3_600_000
    : (order.expiresAt?.getTime() ?? null);
  const due = order.status === 'PENDING' && order.paymentStatus === 'UNPAID' && dueAt !== null && dueAt <= Date.now();
  if (!due) {
    await updateOrder(tx, order.id, { expiryClaimedUntil: null });
    return { expired: false };
  }
  await setStatus(
    tx,
    {
      orderId: order.id,
      status: 'CANCELLED',
      actor: 'system',
      note: bankTransfer ? 'Bank transfer not received in time' : 'Not paid within the payment window',
    },
    context,
  );
  await updateOrder(tx, order.id, { expiryClaimedUntil: null });
  return { expired: true };
}
