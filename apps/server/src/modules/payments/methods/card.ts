import { koboToNaira, ORDER_MESSAGES as M, type PaymentStart } from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/errors';
import type {
  ExpiryDecision,
  MarkPaidOutcome,
  OrderRow,
  PaymentMethodHandler,
  ReceivedPayment,
  VerifyResult,
} from '../payment-method';
import type { PaymentsRepository } from '../payments.repository';
import {
  type CardProvider,
  DuplicateReferenceError,
  PaymentProviderRejectedError,
  PaymentProviderUnavailableError,
  type ProviderTransaction,
} from '../providers/card-provider';

/** Payment references an order may be given before the customer is asked to contact the shop. */
const PAYMENT_ATTEMPTS_MAX = 10;
/** How long a payment that has just been started keeps its order from expiring, at least. */
const PAYMENT_IN_PROGRESS_MS = 15 * 60_000;
/**
 * How long past its deadline an order may wait for a provider that cannot be reached, or for a
 * payment still going through; then it expires all the same (a payment that lands later is
 * recorded on the cancelled order, with a note to refund it), so no stock is held for long.
 */
const PROVIDER_GRACE_MS = 30 * 60_000;
/**
 * How long a start may take to open a reference at the provider (three attempts of up to 10 s
 * and their pauses, with room to spare); meanwhile another start takes the next reference.
 */
const REFERENCE_OPENING_MS = 60_000;
/** A reference the provider found unpaid is not asked about again within this. */
const VERIFY_AGAIN_AFTER_MS = 5_000;

export interface CardMethodOptions {
  /** The shop's card payment window now (settings), in milliseconds. */
  holdMs: () => number;
  log: FastifyBaseLogger;
}

/** A card payment through the provider's window: started, verified and refunded at the provider. */
export class CardMethod implements PaymentMethodHandler {
  readonly name = 'card' as const;
  readonly remindsHalfWay = false as const;

  constructor(
    readonly provider: CardProvider,
    private readonly repository: PaymentsRepository,
    private readonly orders: FastifyInstance['orders'],
    private readonly options: CardMethodOptions,
  ) {}

  get holdMs(): number {
    return this.options.holdMs();
  }

  /** The provider's transaction as a payment order-state can apply. */
  async received(transaction: ProviderTransaction, orderId: string): Promise<ReceivedPayment> {
    return {
      id: transaction.id,
      reference: transaction.reference,
      referenceIsTheOrders: (await this.repository.orderIdOfReference(transaction.reference)) === orderId,
      succeeded: transaction.outcome === 'paid',
      status: transaction.status,
      amountKobo: transaction.amountKobo,
      currency: transaction.currency,
      paidAt: transaction.paidAt,
      gatewayResponse: transaction.gatewayResponse,
      card: true,
    };
  }

  /** Applies a successful transaction to its order (in its own transaction). */
  async applyPaid(orderId: string, transaction: ProviderTransaction, actor: string): Promise<MarkPaidOutcome> {
    return this.orders.service.markPaid(orderId, await this.received(transaction, orderId), actor);
  }

  /** The provider's word on a reference, or null when it does not know it; 502 when it cannot be asked. */
  private async ask(reference: string): Promise<ProviderTransaction | null> {
    try {
      return await this.provider.verify(reference);
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  unavailable(error: unknown) {
    if (error instanceof PaymentProviderUnavailableError) {
      this.options.log.warn({ err: error }, 'payment provider unavailable');
      return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', M.providerUnavailable);
    }
    return error;
  }

  /**
   * The references worth asking about, newest first: every one that reached the provider (any of
   * them may have been paid), and the order number always (a browser may have opened a payment
   * with it). Each comes with the provider's last "unpaid", when it was given moments ago.
   */
  private async referencesToVerify(order: OrderRow) {
    const rows = (await this.repository.referencesOf(order.id)).filter((row) => row.reachedProviderAt !== null);
    const references = rows.map((row) => ({
      reference: row.reference,
      recentlyUnpaid:
        row.checkedAt && row.checkedStatus && Date.now() - row.checkedAt.getTime() < VERIFY_AGAIN_AFTER_MS
          ? row.checkedStatus
          : null,
    }));
    if (!references.some((row) => row.reference === order.orderNumber)) {
      references.push({ reference: order.orderNumber, recentlyUnpaid: null });
    }
    return references;
  }

  /**
   * Asks the provider about each of the order's references and applies the first successful one
   * that matches the order (a mismatch is noted and the search goes on). An earlier reference
   * found unpaid moments ago is not asked about again (VERIFY_AGAIN_AFTER_MS); the current one,
   * which the customer may just have paid, always is.
   */
  async verify(order: OrderRow, actor: string): Promise<VerifyResult> {
    let last: { status: string; gatewayResponse: string | null } | null = null;
    let mismatch: ProviderTransaction | null = null;
    let inProgress = false;
    for (const reference of await this.referencesToVerify(order)) {
      if (reference.recentlyUnpaid && reference.reference !== order.paymentReference) {
        last ??= { status: reference.recentlyUnpaid, gatewayResponse: null };
        continue;
      }
      const transaction = await this.ask(reference.reference);
      if (transaction?.outcome === 'paid') {
        const outcome = await this.applyPaid(order.id, transaction, actor);
        if (outcome !== 'mismatch') return { outcome, status: transaction.status, gatewayResponse: null, inProgress };
        mismatch ??= transaction;
        continue;
      }
      if (transaction?.outcome === 'in-progress') inProgress = true;
      // Only a plain "unpaid" is remembered: a payment going through may finish any moment.
      else await this.repository.markReferenceChecked(reference.reference, transaction?.status ?? 'not found');
      last ??= transaction ? { status: transaction.status, gatewayResponse: transaction.gatewayResponse } : null;
    }
    if (mismatch) {
      return { outcome: 'mismatch', status: 'mismatch', gatewayResponse: mismatch.gatewayResponse, inProgress };
    }
    return {
      outcome: 'unpaid',
      status: last?.status ?? 'not found',
      gatewayResponse: last?.gatewayResponse ?? null,
      inProgress,
    };
  }

  /**
   * Starts (or restarts) the card payment of an order on the server, for the order's total, so the
   * browser can change nothing: it gets a reference and an access code to open the provider's
   * window with. A payment going through pushes the deadline back, but never further than
   * PAYMENT_IN_PROGRESS_MS past the order's own window.
   */
  async start(order: OrderRow): Promise<PaymentStart> {
    assertPayable(order);
    // A reference the provider has already seen may have been paid meanwhile: ask before
    // opening another, so the customer is never charged twice.
    if (order.paymentReference) {
      const current = await this.repository.findReference(order.paymentReference);
      if (current?.reachedProviderAt) {
        const transaction = await this.ask(order.paymentReference);
        if (transaction?.outcome === 'paid') {
          const outcome = await this.applyPaid(order.id, transaction, 'customer');
          if (outcome === 'paid' || outcome === 'already-paid') throw new AppError('ALREADY_PAID', M.alreadyPaid);
        }
      }
    }

    let current = order;
    for (let attempt = 0; attempt < 3; attempt++) {
      const reference = await this.orders.service.withLockedOrder(order.id, async (tx, locked, update) => {
        assertPayable(locked);
        current = locked;
        const latest = locked.createdAt.getTime() + this.holdMs + PAYMENT_IN_PROGRESS_MS;
        const wanted = Math.min(latest, Date.now() + PAYMENT_IN_PROGRESS_MS);
        if (locked.expiresAt && locked.expiresAt.getTime() < wanted) {
          current = await update({ expiresAt: new Date(wanted) });
        }
        const openingUntil = new Date(Date.now() + REFERENCE_OPENING_MS);
        if (locked.paymentReference) {
          const previous = await this.repository.findReference(locked.paymentReference, tx);
          // One the provider never saw is used again, unless a start at this moment is opening it
          // (two tabs, a double click): then this start takes the next, instead of colliding.
          const opening = previous?.initializingUntil && previous.initializingUntil.getTime() > Date.now();
          if (previous && !previous.reachedProviderAt && !opening) {
            await this.repository.markReferenceOpening(previous.reference, openingUntil, tx);
            return previous.reference;
          }
        }
        if (locked.paymentAttempts >= PAYMENT_ATTEMPTS_MAX) throw new AppError('ORDER_NOT_PAYABLE', M.notPayable);
        const attempts = locked.paymentAttempts + 1;
        const next = attempts === 1 ? locked.orderNumber : `${locked.orderNumber}-${attempts}`;
        await this.repository.insertReference(tx, locked.id, next, openingUntil);
        current = await update({ paymentReference: next, paymentAttempts: attempts });
        return next;
      });
      try {
        const started = await this.provider.initialize({
          email: current.shippingAddress.email,
          amountKobo: current.totalKobo,
          reference,
          metadata: { orderId: current.id, orderNumber: current.orderNumber },
        });
        await this.repository.markReferenceReached(reference);
        return {
          reference: started.reference,
          accessCode: started.accessCode,
          publicKey: this.provider.publicConfig.publicKey,
          email: current.shippingAddress.email,
          amount: koboToNaira(current.totalKobo),
        };
      } catch (error) {
        // The provider has seen this reference (an earlier attempt that timed out reached it):
        // it can no longer be reused, take the next.
        if (error instanceof DuplicateReferenceError) {
          await this.repository.markReferenceReached(reference);
          continue;
        }
        // Not opened: the next start may use it again at once.
        await this.repository.markReferenceOpening(reference, null);
        throw this.unavailable(error);
      }
    }
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', M.providerUnavailable);
  }

  /**
   * Refunds the order's card payment in full at the provider and returns the amount in kobo. A
   * refusal is checked against the provider's record: a payment already reversed (the same
   * admin's double click, or a refund made on the provider's dashboard) counts as refunded.
   */
  async refund(order: OrderRow): Promise<number> {
    const reference = order.paymentReference ?? order.orderNumber;
    try {
      const refund = await this.provider.refund({ reference });
      return refund.amountKobo;
    } catch (error) {
      if (error instanceof PaymentProviderRejectedError) {
        const transaction = await this.provider.verify(reference).catch(() => null);
        if (transaction?.outcome === 'reversed') return order.totalKobo;
        this.options.log.warn({ orderId: order.id, err: error }, 'refund refused by the payment provider');
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', M.providerUnavailable);
      }
      throw this.unavailable(error);
    }
  }

  /**
   * A late payment still counts: the provider is asked first. A provider that cannot be asked,
   * or a payment still going through, is waited for until PROVIDER_GRACE_MS past the deadline.
   */
  async beforeExpire(order: OrderRow): Promise<ExpiryDecision> {
    const graceOver = (order.expiresAt?.getTime() ?? 0) + PROVIDER_GRACE_MS <= Date.now();
    try {
      const { outcome, inProgress } = await this.verify(order, 'system');
      if (outcome === 'paid' || outcome === 'already-paid') return { action: 'paid' };
      if (inProgress && !graceOver) return { action: 'wait' };
      return {
        action: 'expire',
        note: inProgress ? 'Payment still not complete after its window' : 'Not paid within the payment window',
      };
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'PAYMENT_PROVIDER_UNAVAILABLE')) throw error;
      if (!graceOver) return { action: 'wait' };
      return {
        action: 'expire',
        note: 'Not paid within the payment window; the payment provider could not be reached',
      };
    }
  }
}

/** Only a pending, unpaid card order inside its window can be paid. */
function assertPayable(order: OrderRow) {
  if (order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUNDED') {
    throw new AppError('ALREADY_PAID', M.alreadyPaid);
  }
  if (
    order.status !== 'PENDING' ||
    order.paymentMethod !== 'card' ||
    (order.expiresAt && order.expiresAt.getTime() <= Date.now())
  ) {
    throw new AppError('ORDER_NOT_PAYABLE', M.notPayable);
  }
}
