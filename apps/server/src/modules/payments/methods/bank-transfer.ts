import {
  formatNaira,
  koboToNaira,
  ORDER_MESSAGES as M,
  nairaToKobo,
  ORDER_ADMIN_MESSAGES,
  type PaymentStart,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/errors';
import type { ExpiryDecision, OrderRow, PaymentMethodHandler, VerifyResult } from '../payment-method';
import type { PaymentsRepository } from '../payments.repository';
import type { TransferProofsRepository } from '../transfer-proofs.repository';

/**
 * A bank transfer to the shop's account, the order number as its reference: there is no
 * provider to ask, so an admin confirms the money received; the customer is reminded half-way to
 * the deadline, and after it the order is cancelled. A refund is the shop's to make by hand.
 */
export class BankTransferMethod implements PaymentMethodHandler {
  readonly name = 'bankTransfer' as const;
  readonly remindsHalfWay = true;

  constructor(
    readonly holdMs: number,
    private readonly repository: PaymentsRepository,
    private readonly orders: FastifyInstance['orders'],
    private readonly proofs: TransferProofsRepository,
  ) {}

  async start(): Promise<PaymentStart> {
    throw new AppError('ORDER_NOT_PAYABLE', M.notPayable);
  }

  async verify(): Promise<VerifyResult> {
    return { outcome: 'unpaid', status: 'not found', gatewayResponse: null, inProgress: false };
  }

  async refund(): Promise<undefined> {
    return undefined;
  }

  async beforeExpire(): Promise<ExpiryDecision> {
    return { action: 'expire', note: 'Bank transfer not received in time' };
  }

  /**
   * An admin confirms a transfer the shop's account received: the order is paid exactly as a card
   * payment is (markPaid: PAID, PROCESSING, paidAt, history, the customer's email), and a
   * `transfer.confirmed` payment event keeps the amount and the staff's note. The second of two
   * clicks finds it paid (409 ALREADY_PAID) and changes nothing.
   */
  async confirm(order: OrderRow, input: { amountReceived: number; note: string }, adminEmail: string) {
    const receivedKobo = nairaToKobo(input.amountReceived);
    if (receivedKobo === null) {
      throw new AppError('INVALID_INPUT', ORDER_ADMIN_MESSAGES.amountInvalid, {
        errors: { amountReceived: ORDER_ADMIN_MESSAGES.amountInvalid },
      });
    }
    const actor = `admin:${adminEmail}`;
    await this.orders.service.withLockedOrder(order.id, async (tx, locked) => {
      if (locked.paymentMethod !== 'bankTransfer') {
        throw new AppError('ORDER_NOT_REFUNDABLE', ORDER_ADMIN_MESSAGES.notBankTransfer);
      }
      if (locked.paymentStatus === 'PAID' || locked.paymentStatus === 'REFUNDED') {
        throw new AppError('ALREADY_PAID', M.alreadyPaid);
      }
      if (receivedKobo < locked.totalKobo) {
        const message = ORDER_ADMIN_MESSAGES.amountShort(
          formatNaira(koboToNaira(receivedKobo)),
          formatNaira(koboToNaira(locked.totalKobo)),
        );
        throw new AppError('TRANSFER_AMOUNT_SHORT', message, {
          errors: { amountReceived: message },
          extra: { totalAmount: koboToNaira(locked.totalKobo) },
        });
      }
      const paidAt = new Date().toISOString();
      const received = formatNaira(koboToNaira(receivedKobo));
      const { outcome } = await this.orders.state.markPaid(tx, {
        orderId: locked.id,
        actor,
        payment: {
          id: `transfer:${locked.orderNumber}`,
          reference: locked.orderNumber,
          referenceIsTheOrders: true,
          succeeded: true,
          status: 'success',
          amountKobo: locked.totalKobo,
          currency: 'NGN',
          paidAt,
          gatewayResponse: 'Bank transfer confirmed',
          card: false,
        },
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
