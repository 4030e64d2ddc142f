import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { enqueueEmail } from '../../mail/outbox-email';
import type { PaymentsService } from './payments.service';

const EXPIRY_BATCH = 20;
/** How long a claimed order stays invisible to other expiry rounds while its method is asked. */
const EXPIRY_CLAIM_SECONDS = 120;

export interface PaymentExpiryOptions {
  log: FastifyBaseLogger;
  /** The shop's public address, for the order's link in a reminder. */
  shopUrl?: string;
  /** Where a transfer goes now (the settings), for the reminder. */
  bankAccount: () => Promise<{ accountName: string; bankName: string; accountNumber: string }>;
  /** Something was queued in the outbox: deliver it now. */
  onEmailQueued: () => void;
}

/**
 * One round of the deadline job (jobs/order-expiry.ts runs it every ORDER_EXPIRY_POLL_MS, in any
 * number of processes): leftover webhook events applied, unpaid orders past their deadline
 * expired after their payment method has had its say, and transfer reminders sent half-way.
 */
export class PaymentExpiry {
  constructor(
    private readonly database: Database,
    private readonly orders: FastifyInstance['orders'],
    private readonly payments: PaymentsService,
    private readonly options: PaymentExpiryOptions,
  ) {}

  async runRound(): Promise<{ expired: number; paid: number; deferred: number; reminded: number }> {
    // Orders still expire when the leftover events cannot be read at all.
    try {
      await this.payments.applyLeftoverEvents();
    } catch (error) {
      this.options.log.error({ err: error }, 'order expiry: leftover payment events could not be applied');
    }
    const result = await this.expireDueOrders();
    return { ...result, reminded: await this.sendReminders() };
  }

  /**
   * Every unpaid order past its deadline is claimed, its method decides (a card payment is
   * verified first: a late payment still counts; a provider that cannot be asked is waited for,
   * within its grace), then it is cancelled with its stock released.
   */
  async expireDueOrders(): Promise<{ expired: number; paid: number; deferred: number }> {
    const result = { expired: 0, paid: 0, deferred: 0 };
    for (;;) {
      const claimed = await this.orders.repository.claimDueOrders(EXPIRY_BATCH, EXPIRY_CLAIM_SECONDS);
      for (const { id } of claimed) {
        const order = await this.orders.service.findOrder(id);
        if (!order) continue;
        const method = this.payments.methodOf(order);
        const decision = method
          ? await method.beforeExpire(order)
          : { action: 'expire' as const, note: 'Not paid within the payment window' };
        if (decision.action === 'paid') {
          result.paid += 1;
          continue;
        }
        if (decision.action === 'wait') {
          result.deferred += 1;
          await this.orders.repository.releaseExpiryClaim(id);
          continue;
        }
        const { expired } = await this.database.db.transaction((tx) =>
          this.orders.state.expire(tx, { orderId: id, note: decision.note }),
        );
        if (expired) {
          result.expired += 1;
          this.options.onEmailQueued();
        }
      }
      // An order waiting for the provider is asked again next round rather than claimed again now.
      if (claimed.length < EXPIRY_BATCH || result.deferred > 0) break;
    }
    return result;
  }

  /** Half-way to a transfer's deadline, one reminder with how to pay, how much and by when. */
  async sendReminders(): Promise<number> {
    let sent = 0;
    for (;;) {
      const bank = await this.options.bankAccount();
      const reminded = await this.database.db.transaction(async (tx) => {
        const due = await this.orders.repository.claimReminders(tx, EXPIRY_BATCH);
        for (const order of due) {
          if (!order.expiresAt || !this.payments.methodOf(order)?.remindsHalfWay) continue;
          await enqueueEmail(tx, {
            to: order.customerEmail,
            template: 'order-payment-reminder',
            data: {
              firstName: order.customerFirstName,
              orderNumber: order.orderNumber,
              totalKobo: order.totalKobo,
              deadline: order.expiresAt.toISOString(),
              bank,
              ...(this.options.shopUrl ? { orderUrl: `${this.options.shopUrl}/orders/${order.id}` } : {}),
            },
          });
        }
        return due.length;
      });
      sent += reminded;
      if (reminded > 0) this.options.onEmailQueued();
      if (reminded < EXPIRY_BATCH) return sent;
    }
  }
}
