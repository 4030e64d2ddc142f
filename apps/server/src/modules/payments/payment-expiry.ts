import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { enqueueEmail } from '../../mail/outbox-email';
import { shopInbox } from '../../mail/shop-inbox';
import type { OrderRow } from './payment-method';
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
  /** The settings' inboxes now (shopInbox), for the shop's own reminders. */
  inbox: () => Promise<{ ordersEmail?: string; contactEmail?: string }>;
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

  async runRound(): Promise<{ expired: number; paid: number; deferred: number; extended: number; reminded: number }> {
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
   * within its grace; a transfer whose proof waits for review is kept once more, and the shop
   * told), then it is cancelled with its stock released.
   */
  async expireDueOrders(): Promise<{ expired: number; paid: number; deferred: number; extended: number }> {
    const result = { expired: 0, paid: 0, deferred: 0, extended: 0 };
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
        if (decision.action === 'extend') {
          if (await this.extend(order, decision.until)) {
            result.extended += 1;
            this.options.onEmailQueued();
          }
          continue;
        }
        const { expired } = await this.database.db.transaction((tx) =>
          this.orders.state.expire(tx, { orderId: id, note: decision.note, reason: decision.reason }),
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

  /**
   * The one later deadline a method asked for (a proof waiting for review): written under the
   * order's lock while it is still unpaid and pending and was never extended, with the shop's
   * notice in the same transaction. False when the order moved on meanwhile.
   */
  private async extend(order: OrderRow, until: Date): Promise<boolean> {
    const inboxes = await this.options.inbox();
    return this.database.db.transaction(async (tx) => {
      const locked = await this.orders.repository.lockOrder(tx, order.id);
      if (!locked || locked.status !== 'PENDING' || locked.paymentStatus !== 'UNPAID' || locked.holdExtendedAt) {
        await this.orders.repository.updateOrder(tx, order.id, { expiryClaimedUntil: null });
        return false;
      }
      await this.orders.repository.updateOrder(tx, order.id, {
        expiresAt: until,
        holdExtendedAt: new Date(),
        expiryClaimedUntil: null,
      });
      await this.orders.repository.insertHistory(tx, {
        orderId: order.id,
        field: 'note',
        actor: 'system',
        note: 'Kept until the transfer proof is reviewed',
      });
      const inbox = await shopInbox(tx, inboxes);
      if (inbox) {
        await enqueueEmail(tx, {
          to: inbox,
          template: 'proof-review-reminder-shop',
          data: {
            orderNumber: locked.orderNumber,
            customerName: `${locked.customerFirstName} ${locked.customerLastName}`,
            totalKobo: locked.totalKobo,
            deadline: until.toISOString(),
            ...this.adminUrl(locked),
          },
        });
      }
      return true;
    });
  }

  private adminUrl(order: OrderRow) {
    return this.options.shopUrl ? { adminUrl: `${this.options.shopUrl}/admin/orders/${order.id}` } : {};
  }

  /**
   * Half-way to a long hold's deadline, one reminder: to the customer of a transfer (how to pay,
   * how much, by when), to the shop for a pay-on-delivery order still waiting for its call.
   */
  async sendReminders(): Promise<number> {
    let sent = 0;
    for (;;) {
      const bank = await this.options.bankAccount();
      const inboxes = await this.options.inbox();
      const reminded = await this.database.db.transaction(async (tx) => {
        const due = await this.orders.repository.claimReminders(tx, EXPIRY_BATCH);
        for (const order of due) {
          const who = this.payments.methodOf(order)?.remindsHalfWay;
          if (!order.expiresAt || !who) continue;
          if (who === 'shop') {
            const inbox = await shopInbox(tx, inboxes);
            if (!inbox) continue;
            await enqueueEmail(tx, {
              to: inbox,
              template: 'pod-confirm-reminder-shop',
              data: {
                orderNumber: order.orderNumber,
                customerName: `${order.customerFirstName} ${order.customerLastName}`,
                phoneNumber: order.shippingAddress.phoneNumber,
                totalKobo: order.totalKobo,
                deadline: order.expiresAt.toISOString(),
                ...this.adminUrl(order),
              },
            });
            continue;
          }
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
