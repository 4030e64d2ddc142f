import {
  type AdminOrderListQuery,
  formatQuantity,
  koboToNaira,
  ORDER_ADMIN_MESSAGES,
  type ORDER_CSV_COLUMNS,
  ORDER_MESSAGES,
  type Order,
  type OrderStatus,
  PAYMENT_METHOD_LABELS,
  POD_PAYMENT_WAY_LABELS,
  PROOFS_TO_REVIEW_MAX,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client';
import { ChangeCache } from '../../lib/change-cache';
import type { CsvCell } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import type { OrderPayments } from './order-payments';
import type { OrderState } from './order-state';
import { toOrder } from './order-view';
import type { OrderItemRow, OrderRow, OrdersRepository } from './orders.repository';
import type { Caller, OrdersService } from './orders.service';

/** Export rows are read this many orders at a time. */
const EXPORT_BATCH = 500;

function groupByOrder(items: OrderItemRow[]): Map<string, OrderItemRow[]> {
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return byOrder;
}

export type BulkCancelResult = {
  id: string;
  orderNumber: string | null;
  outcome: 'cancelled' | 'unchanged' | 'failed';
  message: string | null;
};

/** The admin's side of orders: the list, the export, status changes and cancelling several at once. */
export class OrdersAdminService {
  /** Totals of the admin list's filters, until the next orders_changed (or a minute at most). */
  private readonly counts = new ChangeCache<number>({ ttlMs: 60_000, maxEntries: 1_000 });

  constructor(
    private readonly database: Database,
    private readonly repository: OrdersRepository,
    private readonly state: OrderState,
    private readonly orders: OrdersService,
    private readonly payments: () => OrderPayments,
    private readonly onEmailQueued: () => void,
  ) {}

  /**
   * The admin's list. The total of a filter is counted once and shared (`counts`, cleared by
   * every orders_changed NOTIFY), so paging and ten admins at once count it once; the page's
   * lines come in one query for the page. Beside the page, the orders of the filter whose
   * transfer proof waits for review (`proofsToReview`), oldest upload first, with their proofs
   * (through the payments port, as the detail answer): counted on every request, never cached,
   * since an upload or a review writes transfer_proofs, not orders, and sends no orders_changed.
   */
  async adminOrders(query: AdminOrderListQuery) {
    const filter = {
      status: query.status,
      paymentMethod: query.paymentMethod,
      search: query.search,
      from: query.from,
      to: query.to,
    };
    const total = await this.counts.get(JSON.stringify(filter), () => this.repository.countAdminOrders(filter));
    const [rows, toReview] = await Promise.all([
      this.repository.adminOrderPage(query, total),
      this.repository.proofsToReview(filter, PROOFS_TO_REVIEW_MAX),
    ]);
    const itemsByOrder = groupByOrder(
      await this.repository.itemsOf([...rows, ...toReview.orders].map((row) => row.id)),
    );
    return {
      orders: rows.map((row) => toOrder(row, itemsByOrder.get(row.id) ?? [])),
      page: query.page,
      pageSize: query.pageSize,
      total,
      proofsToReview: {
        total: toReview.total,
        orders: await Promise.all(
          toReview.orders.map(async (row) => ({
            ...toOrder(row, itemsByOrder.get(row.id) ?? []),
            transferProof: await this.payments().transferProofOf(row.id),
          })),
        ),
      },
    };
  }

  /** Forgets every counted total: an order changed (orders_changed). */
  forgetCounts() {
    this.counts.clear();
  }

  /**
   * Any status, in any order (SPEC §4), through OrderState and its STATUS_EFFECTS. CANCELLED on a
   * paid order refunds its payment first where the shop can (a card): the provider is asked
   * before anything changes, so when it refuses or cannot be reached the answer is a 502 and the
   * order stays as it was. Moving a cancelled order back takes its stock again, or is refused
   * with 409 OUT_OF_STOCK.
   */
  async updateStatus(admin: Caller, idOrNumber: string, status: OrderStatus, note?: string): Promise<Order> {
    const row = await this.orders.visibleOrder(admin, idOrNumber);
    await this.changeStatus(admin, row, status, note);
    return this.orders.freshOrder(row, admin);
  }

  /**
   * updateStatus's change; false when nothing changed (the status it had, nothing to refund).
   * The refund is decided from `row`, read before the transaction (a provider's refund cannot
   * wait inside it); the transaction reads the payment again under the order's row lock. A card
   * payment that landed in between (a webhook, the customer's return) makes it roll back and
   * decide again with the payment, so a cancelled order is never left PAID without its refund.
   * The payment moves only forward (UNPAID, PAID, REFUNDED), so this runs at most three times.
   */
  private async changeStatus(admin: Caller, row: OrderRow, status: OrderStatus, note?: string): Promise<boolean> {
    let order = row;
    for (let attempt = 1; ; attempt++) {
      const refundedKobo =
        status === 'CANCELLED' && order.paymentStatus === 'PAID'
          ? await this.payments().refundBeforeCancel(order)
          : undefined;
      const outcome = await this.database.db.transaction(async (tx) => {
        const locked = await this.repository.lockOrder(tx, order.id);
        if (status === 'CANCELLED' && locked && locked.paymentStatus !== order.paymentStatus && attempt < 3) {
          return { paymentChanged: locked };
        }
        return this.state.setStatus(tx, {
          orderId: order.id,
          status,
          actor: `admin:${admin.email}`,
          ...(note ? { note } : {}),
          ...(status === 'CANCELLED' ? { reason: 'admin' as const } : {}),
          ...(refundedKobo === undefined ? {} : { refundedKobo }),
        });
      });
      if ('paymentChanged' in outcome) {
        order = outcome.paymentChanged;
        continue;
      }
      if (outcome.changed) this.onEmailQueued();
      return outcome.changed;
    }
  }

  /**
   * Cancels each order as updateStatus would, one after the other; one that fails (a refund the
   * provider refuses) is reported and the others go on.
   */
  async bulkCancel(admin: Caller, ids: readonly string[], note?: string): Promise<BulkCancelResult[]> {
    const results: BulkCancelResult[] = [];
    for (const id of new Set(ids)) {
      const row = await this.repository.findOrder(id);
      if (!row) {
        results.push({ id, orderNumber: null, outcome: 'failed', message: ORDER_MESSAGES.orderNotFound });
        continue;
      }
      if (row.status === 'CANCELLED' && row.paymentStatus !== 'PAID') {
        results.push({ id: row.id, orderNumber: row.orderNumber, outcome: 'unchanged', message: null });
        continue;
      }
      try {
        // A cancelled order still PAID is refunded here when its method can; a paid transfer is
        // the shop's to refund by hand, so nothing changes and it is reported unchanged.
        const changed = await this.changeStatus(admin, row, 'CANCELLED', note);
        results.push({
          id: row.id,
          orderNumber: row.orderNumber,
          outcome: changed ? 'cancelled' : 'unchanged',
          message: null,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ id: row.id, orderNumber: row.orderNumber, outcome: 'failed', message: error.message });
      }
    }
    return results;
  }

  bulkCancelMessage(results: readonly BulkCancelResult[]): string {
    const cancelled = results.filter((result) => result.outcome === 'cancelled').length;
    return ORDER_ADMIN_MESSAGES.bulkCancelled(cancelled, results.length - cancelled);
  }

  /**
   * A customer disabled or deleted: their unpaid orders are cancelled in the caller's
   * transaction, so their stock goes back with the change that closed the account.
   */
  async cancelUnpaidOf(tx: Transaction, userId: string, actor: string): Promise<number> {
    // The lock order placement takes: an order being placed now commits first and is cancelled
    // here, or waits and then finds the account closed.
    await this.repository.lockCustomer(tx, userId);
    let cancelled = 0;
    for (const orderId of await this.repository.unpaidOrderIdsOf(tx, userId)) {
      const { changed } = await this.state.cancel(tx, { orderId, actor, reason: 'account-closed' });
      if (changed) cancelled += 1;
    }
    return cancelled;
  }

  /**
   * The orders of a date range (Lagos days, both included), oldest first, as ORDER_CSV_COLUMNS
   * rows, read EXPORT_BATCH orders at a time so a big range never sits in memory.
   */
  async *exportRows(filter: { from: string; to: string; status?: OrderStatus }) {
    let after: { cursor: string; id: string } | null = null;
    for (;;) {
      const batch = await this.repository.exportBatch(filter, after, EXPORT_BATCH);
      const items = await this.repository.itemsOf(batch.orders.map((order) => order.id));
      const itemsByOrder = groupByOrder(items);
      for (const order of batch.orders) {
        const address = order.shippingAddress;
        const row: Record<(typeof ORDER_CSV_COLUMNS)[number], CsvCell> = {
          orderNumber: order.orderNumber,
          createdAt: order.createdAt.toISOString(),
          status: order.status,
          paymentStatus: order.paymentStatus,
          paymentMethod: PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod,
          deliveryMethod: order.deliveryMethod,
          customerName: `${order.customerFirstName} ${order.customerLastName}`,
          customerEmail: order.customerEmail,
          phoneNumber: address.phoneNumber ?? '',
          address: address.address,
          city: address.city,
          state: address.state,
          area: address.area ?? '',
          // "3 x Buttons", "2.5 yd x Gold lace", "3 packs (36 buttons) x Shirt buttons".
          items: (itemsByOrder.get(order.id) ?? [])
            .map((item) => `${formatQuantity(item, item.quantityHundredths)} x ${item.name}`)
            .join('; '),
          subtotal: koboToNaira(order.subtotalKobo),
          deliveryFee: koboToNaira(order.deliveryFeeKobo),
          totalAmount: koboToNaira(order.totalKobo),
          transactionId: order.transactionId ?? '',
          paidAt: order.paidAt ? order.paidAt.toISOString() : '',
          paidOnDeliveryBy: order.cashReceivedHow ? POD_PAYMENT_WAY_LABELS[order.cashReceivedHow] : '',
        };
        yield row;
      }
      if (!batch.cursor || batch.orders.length < EXPORT_BATCH) return;
      after = batch.cursor;
    }
  }
}
