import { formatNaira, koboToNaira, ORDER_MESSAGES as M, ORDER_ADMIN_MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/errors';
import type { ExpiryDecision, OrderRow, PaymentMethodHandler } from '../payment-method';
import type { PaymentsRepository } from '../payments.repository';
import type { TransferProofsRepository } from '../transfer-proofs.repository';
import {
  assertCoversTotal,
  MoneyReceivedByHand,
  paymentReceivedByHand,
  receivedKobo as toKobo,
} from './money-received';

/** The longest a transfer order whose proof waits for review is kept past its deadline. */
export const PROOF_REVIEW_GRACE_MS = 48 * 3_600_000;

/**
 * A bank transfer to the shop's account, the order number as its reference: there is no
 * provider to ask, so an admin confirms the money received; the customer is reminded half-way to
 * the deadline, and after it the order is cancelled. A refund is the shop's to make by hand.
 */
export class BankTransferMethod extends MoneyReceivedByHand implements PaymentMethodHandler {
  readonly name = 'bankTransfer' as const;
  readonly remindsHalfWay = 'customer' as const;

  constructor(
    /** The shop's bank transfer window now (settings), in milliseconds. */
    private readonly hold: () => number,
    private readonly repository: PaymentsRepository,
    private readonly orders: FastifyInstance['orders'],
    private readonly proofs: TransferProofsRepository,
  ) {
    super();
  }

  get holdMs(): number {
    return this.hold();
  }

  /**
   * A proof waiting for review when the deadline comes: the customer says they paid, and only the
   * shop can tell. The order waits once more, PROOF_REVIEW_GRACE_MS at most, and the shop is told;
   * not reviewed by then, it expires as any other (decision 039).
   */
  async beforeExpire(order: OrderRow): Promise<ExpiryDecision> {
    if (!order.holdExtendedAt && order.expiresAt && (await this.proofs.hasPending(order.id))) {
      return {
        action: 'extend',
        until: new Date(order.expiresAt.getTime() + PROOF_REVIEW_GRACE_MS),
        shopNotice: 'proof-waiting',
      };
    }
    return { action: 'expire', note: 'Bank transfer not received in time' };
  }

  /**
   * An admin confirms a transfer the shop's account received: the order is paid exactly as a card
   * payment is (markPaid: PAID, PROCESSING, paidAt, history, the customer's email), and a
   * `transfer.confirmed` payment event keeps the amount and the staff's note. The second of two
   * clicks finds it paid (409 ALREADY_PAID) and changes nothing.
   */
  async confirm(order: OrderRow, input: { amountReceived: number; note: string }, adminEmail: string) {
    const receivedKobo = toKobo(input.amountReceived);
    const actor = `admin:${adminEmail}`;
    await this.orders.service.withLockedOrder(order.id, async (tx, locked) => {
      if (locked.paymentMethod !== 'bankTransfer') {
        throw new AppError('ORDER_NOT_REFUNDABLE', ORDER_ADMIN_MESSAGES.notBankTransfer);
      }
      if (locked.paymentStatus === 'PAID' || locked.paymentStatus === 'REFUNDED') {
        throw new AppError('ALREADY_PAID', M.alreadyPaid);
      }
      assertCoversTotal(receivedKobo, locked.totalKobo);
      const paidAt = new Date().toISOString();
      const received = formatNaira(koboToNaira(receivedKobo));
      const { outcome } = await this.orders.state.markPaid(tx, {
        orderId: locked.id,
        actor,
        payment: paymentReceivedByHand(locked, {
          kind: 'transfer',
          paidAt,
          gatewayResponse: 'Bank transfer confirmed',
        }),
        note: [`Bank transfer of ${received} received`, input.note].filter(Boolean).join(': '),
      });
      if (outcome !== 'paid') throw new AppError('CONFLICT', M.createFailed);
      // The proof waiting for review (if the customer sent one) is the one this confirms.
      await this.proofs.reviewPending(tx, locked.id, { status: 'confirmed', by: actor });
      await this.repository.insertPaymentEvent(
        {
          dedupeKey: `transfer.confirmed:${locked.id}`,
          event: 'transfer.confirmed',
          reference: locked.orderNumber,
          orderId: locked.id,
          payload: {
            event: 'transfer.confirmed',
            data: { amount: receivedKobo, currency: 'NGN', status: 'confirmed', note: input.note, by: actor, paidAt },
          },
        },
        tx,
      );
    });
  }
}
