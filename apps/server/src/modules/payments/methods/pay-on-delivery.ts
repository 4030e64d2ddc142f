import {
  formatNaira,
  koboToNaira,
  ORDER_MESSAGES as M,
  POD_ADMIN_MESSAGES,
  type PodPaymentWay,
  payOnDeliveryOffer,
  podCapKobo,
  type ShippingDetails,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { ExpiryDecision, OrderRow, PaymentMethodHandler } from '../payment-method';
import type { PaymentsRepository } from '../payments.repository';
import {
  assertCoversTotal,
  MoneyReceivedByHand,
  paymentReceivedByHand,
  receivedKobo as toKobo,
} from './money-received';

/**
 * Pay on delivery, in Lagos only (docs/decisions/022-pay-on-delivery.md): the customer pays the
 * rider at the door (cash, POS or a transfer). There is nothing to start or verify online; the
 * order is placed unpaid and waits for the shop's phone call for the settings' confirmation
 * window (48 h by default, the shop reminded half-way; decision 039): not confirmed by then, it
 * expires and its stock goes back. Confirmed by phone (PROCESSING), it holds until the admin
 * settles it: delivered and paid (PAID, then DELIVERED), or the delivery refused (CANCELLED,
 * stock back). A refund is the shop's to make by hand, as for a transfer.
 */
export class PayOnDeliveryMethod extends MoneyReceivedByHand implements PaymentMethodHandler {
  readonly name = 'payOnDelivery' as const;
  /** Half-way to the confirmation deadline, the shop (not the customer) is reminded to call. */
  readonly remindsHalfWay = 'shop' as const;

  constructor(
    /** The settings' cap now (first value PAY_ON_DELIVERY_CAP_NAIRA): the largest order paid this way; 0: not offered. */
    private readonly cap: () => number,
    /** The settings' confirmation window now (first value POD_CONFIRM_WINDOW_HOURS), in milliseconds. */
    private readonly confirmWindowMs: () => number,
    private readonly repository: PaymentsRepository,
    private readonly orders: FastifyInstance['orders'],
    /** Whether the customer's email address is verified, read in the order's transaction. */
    private readonly users: FastifyInstance['users'],
  ) {
    super();
  }

  /** Until the shop's call: then the order holds until it is settled (confirm clears the deadline). */
  get holdMs(): number {
    return this.confirmWindowMs();
  }

  get capNaira(): number {
    return this.cap();
  }

  get enabled() {
    return this.capNaira > 0;
  }

  /**
   * Reached only by an order still PENDING (the expiry job claims no other): the shop did not
   * confirm it by phone in time. A confirmed order has no deadline.
   */
  async beforeExpire(): Promise<ExpiryDecision> {
    return { action: 'expire', note: POD_ADMIN_MESSAGES.notConfirmedNote, reason: 'not-confirmed' };
  }

  /**
   * The shared rule (payOnDeliveryOffer), with the customer's open order read under their lock
   * and their email's verification read in the same transaction (the session's copy is not trusted).
   */
  async acceptsOrder(
    tx: Transaction,
    order: { shippingDetails: ShippingDetails; totalKobo: number; userId: string },
  ): Promise<void> {
    const open = await this.orders.service.openPayOnDeliveryOrder(order.userId, tx);
    const customer = await this.users.findById(order.userId, tx);
    const offer = payOnDeliveryOffer({
      emailVerified: customer?.emailVerified === true,
      country: order.shippingDetails.country,
      state: order.shippingDetails.state,
      totalKobo: order.totalKobo,
      capKobo: podCapKobo(this.capNaira),
      hasOpenPodOrder: open !== null,
    });
    if (!offer.offered) {
      throw new AppError('PAY_ON_DELIVERY_UNAVAILABLE', offer.message, {
        errors: { 'paymentDetails.method': offer.message },
        extra: { reason: offer.reason, ...(open ? { openOrder: open } : {}) },
      });
    }
  }

  /** The customer's open pay-on-delivery order, for checkout's live rule. */
  openOrderOf(userId: string) {
    return this.orders.service.openPayOnDeliveryOrder(userId);
  }

  /** Refuses a step on an order that is not paid on delivery, or is already paid or cancelled. */
  private assertOpen(order: OrderRow, { cancelled }: { cancelled: AppError }) {
    if (order.paymentMethod !== 'payOnDelivery') {
      throw new AppError('CONFLICT', POD_ADMIN_MESSAGES.notPayOnDelivery);
    }
    if (order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUNDED') {
      throw new AppError('ALREADY_PAID', M.alreadyPaid);
    }
    if (order.status === 'CANCELLED') throw cancelled;
  }

  /**
   * The shop called the customer and the order stands: PROCESSING, with "Confirmed by phone" in
   * the history, and the status email (which tells them to have the money ready). A second click
   * finds it confirmed: 409 CONFLICT.
   */
  async confirm(order: OrderRow, input: { note: string }, adminEmail: string): Promise<void> {
    const actor = `admin:${adminEmail}`;
    await this.orders.service.withLockedOrder(order.id, async (tx, locked, update) => {
      this.assertOpen(locked, { cancelled: new AppError('ORDER_NOT_PAYABLE', M.notPayable) });
      if (locked.deliveryConfirmedAt || locked.status !== 'PENDING') {
        throw new AppError('CONFLICT', POD_ADMIN_MESSAGES.alreadyConfirmed);
      }
      // Confirmed: the stock is held until the order is delivered, refused or cancelled.
      await update({ deliveryConfirmedAt: new Date(), deliveryConfirmedBy: actor, expiresAt: null });
      await this.orders.state.setStatus(tx, {
        orderId: locked.id,
        status: 'PROCESSING',
        actor,
        note: [POD_ADMIN_MESSAGES.confirmedNote, input.note].filter(Boolean).join(': '),
      });
    });
  }

  /**
   * The rider delivered and brought the money back: the amount (at least the total, as for a
   * transfer) and how it was paid are kept on the order and as a `pod.received` payment event;
   * the order is paid as any other (markPaid: PAID, paidAt, the receipt in pay-on-delivery
   * words), then DELIVERED without a second email. A second click finds it paid: 409 ALREADY_PAID.
   */
  async received(
    order: OrderRow,
    input: { amountReceived: number; how: PodPaymentWay; note: string },
    adminEmail: string,
  ): Promise<void> {
    const receivedKobo = toKobo(input.amountReceived);
    const actor = `admin:${adminEmail}`;
    await this.orders.service.withLockedOrder(order.id, async (tx, locked, update) => {
      this.assertOpen(locked, { cancelled: new AppError('ORDER_NOT_PAYABLE', M.notPayable) });
      assertCoversTotal(receivedKobo, locked.totalKobo);
      const paidAt = new Date().toISOString();
      await update({ cashReceivedKobo: receivedKobo, cashReceivedHow: input.how });
      const { outcome } = await this.orders.state.markPaid(tx, {
        orderId: locked.id,
        actor,
        payment: paymentReceivedByHand(locked, { kind: 'pod', paidAt, gatewayResponse: 'Paid on delivery' }),
        receipt: { paidOnDelivery: { how: input.how, receivedKobo } },
      });
      if (outcome !== 'paid') throw new AppError('CONFLICT', M.createFailed);
      await this.orders.state.setStatus(tx, {
        orderId: locked.id,
        status: 'DELIVERED',
        actor,
        note: [POD_ADMIN_MESSAGES.receivedNote(formatNaira(koboToNaira(receivedKobo)), input.how), input.note]
          .filter(Boolean)
          .join(': '),
        // The receipt just queued says it was delivered: one email for the step.
        quiet: true,
      });
      await this.repository.insertPaymentEvent(
        {
          dedupeKey: `pod.received:${locked.id}`,
          event: 'pod.received',
          reference: locked.orderNumber,
          orderId: locked.id,
          payload: {
            event: 'pod.received',
            data: { amount: receivedKobo, currency: 'NGN', status: input.how, note: input.note, by: actor, paidAt },
          },
        },
        tx,
      );
    });
  }

  /**
   * The customer refused the delivery: CANCELLED for the reason 'delivery-refused', the stock back
   * on the shelf once, the reason in the history, the status email. A second click finds it
   * cancelled: 409 CONFLICT.
   */
  async refused(order: OrderRow, input: { reason: string }, adminEmail: string): Promise<void> {
    const actor = `admin:${adminEmail}`;
    await this.orders.service.withLockedOrder(order.id, async (tx, locked) => {
      this.assertOpen(locked, { cancelled: new AppError('CONFLICT', POD_ADMIN_MESSAGES.alreadyCancelled) });
      await this.orders.state.cancel(tx, {
        orderId: locked.id,
        actor,
        reason: 'delivery-refused',
        note: POD_ADMIN_MESSAGES.refusedNote(input.reason),
      });
    });
  }
}
