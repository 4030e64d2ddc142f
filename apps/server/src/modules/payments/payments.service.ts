import {
  type ConfirmPaymentRequest,
  koboToNaira,
  ORDER_MESSAGES as M,
  type Order,
  type PaymentEvent,
  type PaymentMethod,
  type PaymentStart,
  type PodPaymentWay,
} from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { type RateLimitStore, spendLimit } from '../../plugins/rate-limit';
import type { BankTransferMethod } from './methods/bank-transfer';
import type { CardMethod } from './methods/card';
import type { PayOnDeliveryMethod } from './methods/pay-on-delivery';
import type { Caller, OrderRow, PaymentMethodHandler } from './payment-method';
import type { PaymentEventRow, PaymentsRepository } from './payments.repository';
import type { ProviderTransaction } from './providers/card-provider';

/**
 * Payment starts and confirmations each may ask the provider, so they are counted per customer
 * and per order over this window (429 with Retry-After past the limits of OrderLimits), well
 * above what a person paying needs: a start per attempt, a confirmation on return and on a reload.
 */
const PAYMENT_CALL_WINDOW_MS = 10 * 60_000;

/** A kept payment event as the admin sees it: what, which reference, how much (naira), no payload. */
export function toPaymentEvent(row: PaymentEventRow): PaymentEvent {
  const data = ((row.payload as { data?: Record<string, unknown> } | null)?.data ?? {}) as Record<string, unknown>;
  const amount = typeof data.amount === 'number' || typeof data.amount === 'string' ? Number(data.amount) : null;
  return {
    id: row.id,
    event: row.event ?? 'unknown',
    reference: row.reference,
    amount: amount === null || Number.isNaN(amount) ? null : koboToNaira(amount),
    currency: typeof data.currency === 'string' ? data.currency : null,
    status: typeof data.status === 'string' ? data.status : null,
    channel: typeof data.channel === 'string' ? data.channel : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface PaymentsServiceOptions {
  rateLimits: RateLimitStore;
  /** Payment calls per customer and per order in PAYMENT_CALL_WINDOW_MS. */
  callLimits: { perCustomer: number; perOrder: number };
  log: FastifyBaseLogger;
  /** Something was queued in the outbox: deliver it now rather than at the next poll. */
  onEmailQueued: () => void;
  /** Brings this process's copy of the settings up to date (the methods' windows and cap read it). */
  freshSettings: () => Promise<unknown>;
}

/**
 * Paying for orders: the customer's calls (start, confirm), the admin's transfer confirmation,
 * the provider's webhook, and the side of payments the orders module asks for (OrderPayments).
 * Each order is handled by its payment method; nothing here knows a provider's words.
 */
export class PaymentsService {
  private readonly methods: Partial<Record<PaymentMethod, PaymentMethodHandler>>;

  constructor(
    private readonly repository: PaymentsRepository,
    private readonly orders: FastifyInstance['orders'],
    readonly card: CardMethod,
    readonly bankTransfer: BankTransferMethod,
    readonly payOnDelivery: PayOnDeliveryMethod,
    private readonly options: PaymentsServiceOptions,
  ) {
    // Pay on delivery may be switched off (cap 0) and on again in the admin: its open orders
    // keep their handler either way; new ones are refused by holdMs below.
    this.methods = { card, bankTransfer, payOnDelivery };
  }

  /** The handler of an order's method; an order of a method not offered (PayPal) has none. */
  methodOf(order: Pick<OrderRow, 'paymentMethod'>): PaymentMethodHandler | null {
    return this.methods[order.paymentMethod] ?? null;
  }

  /** What the orders module asks of payments (app.orders.usePayments); the transfer proofs add theirs (index.ts). */
  forOrders(): Omit<Parameters<FastifyInstance['orders']['usePayments']>[0], 'transferProofOf'> {
    return {
      holdMs: async (method: PaymentMethod) => {
        // The windows and the cap as the admin last saved them, whichever process saved them.
        await this.options.freshSettings();
        const handler = this.methods[method];
        if (method === 'payOnDelivery' && !this.payOnDelivery.enabled) {
          // Switched off (cap 0 in the settings): the same answer as the rule gives.
          throw new AppError('PAY_ON_DELIVERY_UNAVAILABLE', M.podSwitchedOff, {
            errors: { 'paymentDetails.method': M.podSwitchedOff },
            extra: { reason: 'off' },
          });
        }
        if (!handler) {
          throw new AppError('INVALID_INPUT', M.paypalUnavailable, {
            errors: { 'paymentDetails.method': M.paypalUnavailable },
          });
        }
        return handler.holdMs;
      },
      acceptsOrder: async (tx, order) => {
        await this.methods[order.method]?.acceptsOrder?.(tx, order);
      },
      refundBeforeCancel: async (order: OrderRow) => this.methodOf(order)?.refund(order),
      paidMeanwhile: async (order: OrderRow) => {
        const method = this.methodOf(order);
        if (!method) return false;
        try {
          const { outcome } = await method.verify(order, 'customer');
          return outcome === 'paid' || outcome === 'already-paid';
        } catch (error) {
          // The customer asked to cancel: a provider that cannot be asked does not stop it (a
          // payment landing later is recorded on the cancelled order, with a note to refund it).
          if (error instanceof AppError && error.code === 'PAYMENT_PROVIDER_UNAVAILABLE') return false;
          throw error;
        }
      },
      eventsOf: async (orderId: string) => (await this.repository.paymentEventsOf(orderId)).map(toPaymentEvent),
    };
  }

  private async spend(key: string, max: number) {
    await spendLimit(this.options.rateLimits, key, { max, windowMs: PAYMENT_CALL_WINDOW_MS }, M.tooManyPaymentAttempts);
  }

  /** POST /api/orders/{id}/payment: the order's method starts a payment for its total. */
  async startPayment(user: Caller, idOrNumber: string): Promise<PaymentStart> {
    await this.spend(`payments:start:customer:${user.id}`, this.options.callLimits.perCustomer);
    const order = await this.orders.service.visibleOrder(user, idOrNumber);
    await this.spend(`payments:start:order:${order.id}`, this.options.callLimits.perOrder);
    const method = this.methodOf(order);
    if (!method) throw new AppError('ORDER_NOT_PAYABLE', M.notPayable);
    return method.start(order);
  }

  /**
   * The customer is back from the payment window. Only the provider's word counts: the order is
   * verified by its method; the client's `status` is never believed.
   */
  async confirmPayment(user: Caller, request: ConfirmPaymentRequest): Promise<Order> {
    await this.spend(`payments:confirm:customer:${user.id}`, this.options.callLimits.perCustomer);
    const order = await this.orders.service.visibleOrder(user, request.orderId);
    if (order.paymentStatus !== 'PAID') {
      await this.spend(`payments:confirm:order:${order.id}`, this.options.callLimits.perOrder);
      const method = this.methodOf(order);
      const result = method ? await method.verify(order, 'customer') : null;
      if (!result || result.outcome === 'unpaid' || result.outcome === 'mismatch') {
        const status = result?.outcome === 'mismatch' ? 'amount mismatch' : (result?.status ?? 'not found');
        throw new AppError('PAYMENT_NOT_VERIFIED', M.paymentStatus(status), {
          extra: {
            status: result?.outcome === 'mismatch' ? 'mismatch' : status,
            gatewayResponse: result?.gatewayResponse ?? null,
          },
        });
      }
    }
    return this.orders.service.freshOrder(order, user);
  }

  // ---------- Pay on delivery: the admin's steps, the customer's open order ----------

  /** The methods' side of GET /api/payments/config beyond the provider's. */
  podConfig() {
    return {
      enabled: this.payOnDelivery.enabled,
      capNaira: this.payOnDelivery.enabled ? this.payOnDelivery.capNaira : 0,
    };
  }

  /** GET /api/payments/pay-on-delivery: the customer's open pay-on-delivery order, if any. */
  async podEligibility(user: Caller) {
    return { openOrder: await this.payOnDelivery.openOrderOf(user.id) };
  }

  /** POST /api/orders/{id}/pay-on-delivery/{confirm,received,refused} (admins). */
  async podStep(
    admin: Caller,
    idOrNumber: string,
    step:
      | { kind: 'confirm'; note: string }
      | { kind: 'received'; amountReceived: number; how: PodPaymentWay; note: string }
      | { kind: 'refused'; reason: string },
  ): Promise<Order> {
    const order = await this.orders.service.visibleOrder(admin, idOrNumber);
    if (step.kind === 'confirm') await this.payOnDelivery.confirm(order, step, admin.email);
    else if (step.kind === 'received') await this.payOnDelivery.received(order, step, admin.email);
    else await this.payOnDelivery.refused(order, step, admin.email);
    this.options.onEmailQueued();
    return this.orders.service.freshOrder(order, admin);
  }

  /** PATCH /api/orders/{id}/confirm-transfer (admins). */
  async confirmTransfer(admin: Caller, idOrNumber: string, input: { amountReceived: number; note: string }) {
    const order = await this.orders.service.visibleOrder(admin, idOrNumber);
    await this.bankTransfer.confirm(order, input, admin.email);
    return this.orders.service.freshOrder(order, admin);
  }

  // ---------- Webhook ----------

  /**
   * A provider event: refused unless its adapter finds it signed; otherwise kept in
   * payment_events (once per event and transaction) and returned with the work that applies it,
   * which the caller runs after answering.
   */
  async receiveWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<() => Promise<void>> {
    const event = this.card.provider.readWebhook(rawBody, headers);
    if (!event) throw new AppError('INVALID_SIGNATURE', 'Invalid signature');
    const orderId = event.reference ? await this.repository.orderIdOfReference(event.reference) : null;
    const kept = await this.repository.insertPaymentEvent({
      dedupeKey: event.dedupeKey,
      event: event.event,
      reference: event.reference,
      orderId,
      payload: event.payload,
    });
    if (kept.processed) return async () => {};
    return () => this.applyEvent(kept.id, orderId, event.paid);
  }

  private async applyEvent(eventId: string, orderId: string | null, paid: ProviderTransaction | null) {
    if (paid && orderId) {
      // The event is signed, so its data is the provider's word; markPaid still checks the
      // reference, the amount in kobo and the currency against the order.
      await this.card.applyPaid(orderId, paid, 'provider');
    }
    await this.repository.markPaymentEventProcessed(eventId);
  }

  /**
   * Events kept by a process that stopped before applying them. One that fails stays for a later
   * round and does not stop the others.
   */
  async applyLeftoverEvents(): Promise<{ applied: number; failed: number }> {
    const events = await this.repository.unprocessedPaymentEvents(20);
    let failed = 0;
    for (const row of events) {
      try {
        // Kept events were read by the adapter when they arrived; their payload is read again the same way.
        const paid = this.card.provider.readKeptEvent(row.payload);
        await this.applyEvent(row.id, row.orderId, paid);
      } catch (error) {
        failed += 1;
        this.options.log.error(
          { err: error, eventId: row.id },
          'payment event could not be applied; it is retried later',
        );
      }
    }
    if (failed > 0) this.options.log.warn({ failed, of: events.length }, 'payment events left for a later round');
    return { applied: events.length - failed, failed };
  }
}
