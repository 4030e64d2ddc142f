import { randomInt } from 'node:crypto';
import {
  type AdminOrderListQuery,
  type ConfirmPaymentRequest,
  type CreateOrderRequest,
  DELIVERY_ESTIMATES,
  type DeliveryMethod,
  formatNaira,
  isDeliveryMethodAvailable,
  koboToNaira,
  nairaToKobo,
  ORDER_ADMIN_MESSAGES,
  type ORDER_CSV_COLUMNS,
  ORDER_MESSAGES,
  type Order,
  type OrderStatus,
  orderTotalsKobo,
  type PaymentEvent,
  type PaymentMethod,
  type User,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { ChangeCache } from '../../lib/change-cache';
import type { CsvCell } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import {
  DuplicateReferenceError,
  type PaymentGateway,
  PaymentProviderRejectedError,
  PaymentProviderUnavailableError,
  type PaystackTransaction,
  toPaystackTransaction,
} from '../../payments/paystack/paystack-client';
import {
  emailRefund,
  expire,
  type MarkPaidOutcome,
  markPaid,
  markRefunded,
  type StateContext,
  setStatus,
} from './order-state';
import type { OrderHistoryRow, OrderItemRow, OrderRow } from './orders.repository';
import * as repo from './orders.repository';

const M = ORDER_MESSAGES;

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L, 5/S, 8/B). */
const ORDER_NUMBER_ALPHABET = '234679ACDEFGHJKMNPQRTUVWXYZ';
const ORDER_NUMBER_LENGTH = 8;
export const ORDER_NUMBER_PATTERN = new RegExp(`^TS-[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH}}$`);

export function newOrderNumber(): string {
  let suffix = '';
  for (let i = 0; i < ORDER_NUMBER_LENGTH; i++)
    suffix += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `TS-${suffix}`;
}

/** Payment references an order may be given before the customer is asked to contact the shop. */
const PAYMENT_ATTEMPTS_MAX = 20;
/** How long a payment that has just been started keeps its order from expiring, at least. */
const PAYMENT_IN_PROGRESS_MINUTES = 15;
/** Provider statuses of a payment still going through: the expiry job waits for their outcome. */
const IN_PROGRESS_STATUSES = new Set(['ongoing', 'pending', 'processing', 'queued']);
const EXPIRY_BATCH = 20;
/** The most an integer kobo column holds (₦21,474,836.47). */
const KOBO_COLUMN_MAX = 2_147_483_647;
/** How long a claimed order stays invisible to other expiry rounds while it is verified. */
const EXPIRY_CLAIM_SECONDS = 120;

export interface OrdersServiceOptions {
  paymentWindowMinutes: number;
  /** Hours an unpaid bank-transfer order keeps its stock before the expiry job cancels it. */
  bankTransferWindowHours: number;
  shopUrl?: string;
  log: FastifyBaseLogger;
  /** Something was queued in the outbox: deliver it now rather than at the next poll. */
  onEmailQueued: () => void;
}

type Caller = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>;

class StockConflict extends Error {}

/**
 * What a customer may see of an order's history: no staff notes, and the shop rather than the
 * staff member's address as the actor of an admin's change. Admins see everything.
 */
export function customerHistory(history: OrderHistoryRow[]): OrderHistoryRow[] {
  return (
    history
      .filter((entry) => entry.field !== 'note')
      // A status change's note holds what the admin typed beside it: staff only. The payment rows'
      // notes are the shop's own words (a refund's amount) and stay.
      .map((entry) =>
        entry.actor.startsWith('admin:')
          ? { ...entry, actor: 'shop', note: entry.field === 'status' ? null : entry.note }
          : entry,
      )
  );
}

type PaymentEventRow = Awaited<ReturnType<typeof repo.paymentEventsOf>>[number];

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
    createdAt: row.createdAt.toISOString(),
  };
}

/** The reference a provider event names: a charge's own, or the charge a refund is of. */
export function referenceOfEvent(data: Record<string, unknown>): string | null {
  if (typeof data.reference === 'string') return data.reference;
  if (typeof data.transaction_reference === 'string') return data.transaction_reference;
  const transaction = data.transaction;
  if (transaction && typeof transaction === 'object') {
    const reference = (transaction as Record<string, unknown>).reference;
    if (typeof reference === 'string') return reference;
  }
  return null;
}

/** Export rows are read this many orders at a time. */
const EXPORT_BATCH = 500;

export function toOrder(row: OrderRow, items: OrderItemRow[], history?: OrderHistoryRow[]): Order {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status as Order['status'],
    paymentStatus: row.paymentStatus as Order['paymentStatus'],
    createdAt: row.createdAt.toISOString(),
    deliveryMethod: row.deliveryMethod as DeliveryMethod,
    paymentMethod: row.paymentMethod as PaymentMethod,
    subtotal: koboToNaira(row.subtotalKobo),
    deliveryFee: koboToNaira(row.deliveryFeeKobo),
    totalAmount: koboToNaira(row.totalKobo),
    estimatedDelivery: DELIVERY_ESTIMATES[row.deliveryMethod as DeliveryMethod],
    shippingAddress: row.shippingAddress as Order['shippingAddress'],
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: item.name,
      image: item.image,
      price: koboToNaira(item.priceKobo),
      quantity: item.quantity,
    })),
    user: {
      id: row.userId,
      firstName: row.customerFirstName,
      lastName: row.customerLastName,
      email: row.customerEmail,
    },
    transactionId: row.transactionId,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    expiresAt: row.expiresAt && row.paymentStatus === 'UNPAID' ? row.expiresAt.toISOString() : null,
    paymentReference: row.paymentReference,
    ...(history
      ? {
          history: history.map((entry) => ({
            id: entry.id,
            field: entry.field as 'status' | 'paymentStatus' | 'note',
            from: entry.fromValue,
            to: entry.toValue,
            actor: entry.actor,
            note: entry.note,
            createdAt: entry.createdAt.toISOString(),
          })),
        }
      : {}),
  };
}

/**
 * A provider event as it is kept in payment_events: without the reusable card token
 * (`authorization.authorization_code`) and without the customer's details other than the email.
 */
export function withoutCardSecrets<T extends { data?: Record<string, unknown> }>(body: T): T {
  const data = body.data;
  if (!data || typeof data !== 'object') return body;
  const kept: Record<string, unknown> = { ...data };
  const authorization = data.authorization;
  if (authorization && typeof authorization === 'object') {
    const { authorization_code: _code, ...rest } = authorization as Record<string, unknown>;
    kept.authorization = rest;
  }
  const customer = data.customer;
  if (customer && typeof customer === 'object') {
    const email = (customer as Record<string, unknown>).email;
    kept.customer = email === undefined ? {} : { email };
  }
  return { ...body, data: kept };
}

export class OrdersService {
  private readonly context: StateContext;
  /** Totals of the admin list's filters, until the next orders_changed (or a minute at most). */
  private readonly counts = new ChangeCache<number>({ ttlMs: 60_000, maxEntries: 1_000 });

  constructor(
    private readonly database: Database,
    /** The payment provider's adapter (Paystack, or the built-in test gateway). */
    private readonly gateway: PaymentGateway,
    private readonly options: OrdersServiceOptions,
  ) {
    this.context = { shopUrl: options.shopUrl };
  }

  // ---------- Creating and reading orders ----------

  /**
   * Prices the order from the catalogue, checks the client's prices and the delivery rule, and
   * in one transaction writes the order with a snapshot of every line and takes the stock.
   */
  async createOrder(user: Caller, request: CreateOrderRequest): Promise<Order> {
    if (request.paymentDetails.method === 'paypal') {
      throw new AppError('INVALID_INPUT', M.paypalUnavailable, {
        errors: { 'paymentDetails.method': M.paypalUnavailable },
      });
    }
    // One line per product; the same product twice adds up.
    const wanted = new Map<string, { quantity: number; price: number }>();
    for (const item of request.items) {
      const line = wanted.get(item.productId);
      if (line) line.quantity += item.quantity;
      else wanted.set(item.productId, { quantity: item.quantity, price: item.price });
    }
    for (const [productId] of wanted) {
      if (!repo.isUuid(productId))
        throw new AppError('PRODUCT_UNAVAILABLE', M.productUnavailable, { extra: { productId } });
    }

    for (let attempt = 0; ; attempt++) {
      const products = new Map(
        (await repo.findProductsForOrder(this.database.db, [...wanted.keys()])).map((p) => [p.id, p]),
      );
      const lines = [...wanted].map(([productId, line]) => {
        const product = products.get(productId);
        if (!product) throw new AppError('PRODUCT_UNAVAILABLE', M.productUnavailable, { extra: { productId } });
        return { product, quantity: line.quantity, clientPriceKobo: Math.round(line.price * 100) };
      });
      if (lines.some((line) => line.clientPriceKobo !== line.product.priceKobo)) {
        throw new AppError('PRICE_CHANGED', M.priceChanged, {
          extra: {
            prices: lines.map((line) => ({ productId: line.product.id, price: koboToNaira(line.product.priceKobo) })),
          },
        });
      }
      const totals = orderTotalsKobo(
        lines.map((line) => ({ priceKobo: line.product.priceKobo, quantity: line.quantity })),
        request.deliveryMethod,
      );
      if (totals.subtotalKobo > KOBO_COLUMN_MAX || totals.totalKobo > KOBO_COLUMN_MAX) {
        throw new AppError('INVALID_INPUT', M.orderTooLarge, { errors: { items: M.orderTooLarge } });
      }
      if (!isDeliveryMethodAvailable(request.deliveryMethod, totals.subtotalKobo)) {
        throw new AppError('INVALID_INPUT', M.standardNeedsSubtotal, {
          errors: { deliveryMethod: M.standardNeedsSubtotal },
        });
      }
      const short = lines.find((line) => line.product.stock < line.quantity);
      if (short) throw this.outOfStock(short.product);

      try {
        const { order, items } = await this.database.db.transaction(async (tx) => {
          let order: OrderRow | null = null;
          while (!order) {
            order = await repo.insertOrder(tx, {
              orderNumber: newOrderNumber(),
              userId: user.id,
              customerFirstName: user.firstName,
              customerLastName: user.lastName,
              customerEmail: user.email,
              deliveryMethod: request.deliveryMethod,
              paymentMethod: request.paymentDetails.method,
              subtotalKobo: totals.subtotalKobo,
              deliveryFeeKobo: totals.deliveryFeeKobo,
              totalKobo: totals.totalKobo,
              shippingAddress: { ...request.shippingDetails, phoneNumber: request.shippingDetails.phoneNumber ?? null },
              expiresAt:
                request.paymentDetails.method === 'card'
                  ? new Date(Date.now() + this.options.paymentWindowMinutes * 60_000)
                  : null,
            });
          }
          const items = await repo.insertOrderItems(
            tx,
            order.id,
            lines.map((line) => ({
              productId: line.product.id,
              name: line.product.name,
              image: line.product.image,
              priceKobo: line.product.priceKobo,
              quantity: line.quantity,
            })),
          );
          // Last, so the product rows stay locked only until the commit that follows.
          const taken = await repo.takeStock(
            tx,
            lines.map((line) => ({
              productId: line.product.id,
              quantity: line.quantity,
              priceKobo: line.product.priceKobo,
            })),
          );
          if (taken.length !== lines.length) throw new StockConflict();
          return { order, items };
        });
        return toOrder(order, items);
      } catch (error) {
        // Stock or a price changed between the read and the reservation: read again and
        // answer with what is true now (out of stock, or the new prices).
        if (error instanceof StockConflict && attempt < 10) continue;
        if (error instanceof StockConflict) throw new AppError('CONFLICT', M.createFailed);
        throw error;
      }
    }
  }

  private outOfStock(product: repo.ProductForOrder) {
    const available = Math.max(0, product.stock);
    return new AppError('OUT_OF_STOCK', M.onlyLeftInStock(available, product.name), {
      extra: { productId: product.id, available },
    });
  }

  async myOrders(user: Caller): Promise<Order[]> {
    const rows = await repo.ordersOfUser(this.database.db, user.id);
    const items = await repo.itemsOf(
      this.database.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toOrder(
        row,
        items.filter((item) => item.orderId === row.id),
      ),
    );
  }

  /** The order if the caller owns it or is an admin; 404 for anyone else, as for no order. */
  private async visibleOrder(user: Caller, idOrNumber: string): Promise<OrderRow> {
    const row = await repo.findOrder(this.database.db, idOrNumber);
    if (!row || (row.userId !== user.id && user.role !== 'ADMIN')) {
      throw new AppError('NOT_FOUND', M.orderNotFound, { extra: { detail: M.orderNotFoundDetail } });
    }
    return row;
  }

  /** The order with its lines and history, as `viewer` may see it (customerHistory). */
  private async fullOrder(row: OrderRow, viewer: Caller): Promise<Order> {
    const admin = viewer.role === 'ADMIN';
    const [items, history, events] = await Promise.all([
      repo.itemsOf(this.database.db, [row.id]),
      repo.historyOf(this.database.db, row.id),
      admin ? repo.paymentEventsOf(this.database.db, row.id) : Promise.resolve([]),
    ]);
    const order = toOrder(row, items, admin ? history : customerHistory(history));
    // The provider's events are the staff's business only.
    return admin ? { ...order, paymentEvents: events.map(toPaymentEvent) } : order;
  }

  async getOrder(user: Caller, idOrNumber: string): Promise<Order> {
    return this.fullOrder(await this.visibleOrder(user, idOrNumber), user);
  }

  /**
   * The admin's list. The total of a filter is counted once and shared (`counts`, cleared by
   * every orders_changed NOTIFY), so paging and ten admins at once count it once; the page's
   * lines come in one query for the page.
   */
  async adminOrders(query: AdminOrderListQuery) {
    const filter = { status: query.status, search: query.search, from: query.from, to: query.to };
    const total = await this.counts.get(JSON.stringify(filter), () => repo.countAdminOrders(this.database.db, filter));
    const rows = await repo.adminOrderPage(this.database.db, query, total);
    const items = await repo.itemsOf(
      this.database.db,
      rows.map((row) => row.id),
    );
    const itemsByOrder = new Map<string, OrderItemRow[]>();
    for (const item of items) {
      const list = itemsByOrder.get(item.orderId);
      if (list) list.push(item);
      else itemsByOrder.set(item.orderId, [item]);
    }
    return {
      orders: rows.map((row) => toOrder(row, itemsByOrder.get(row.id) ?? [])),
      page: query.page,
      pageSize: query.pageSize,
      total,
    };
  }

  /** Forgets every counted total: an order changed (orders_changed). */
  forgetCounts() {
    this.counts.clear();
  }

  /**
   * Any status, in any order (SPEC §4), through order-state. CANCELLED on a paid card order
   * refunds the whole payment first: the provider is asked before anything changes, so when it
   * refuses or cannot be reached the answer is a 502 and the order stays as it was (the admin
   * tries again). Once refunded, the order is CANCELLED and REFUNDED in one transaction, with
   * the refund in the history and in the customer's email.
   */
  async updateStatus(admin: Caller, idOrNumber: string, status: OrderStatus, note?: string): Promise<Order> {
    const row = await this.visibleOrder(admin, idOrNumber);
    const actor = `admin:${admin.email}`;
    const refundedKobo =
      status === 'CANCELLED' && row.paymentStatus === 'PAID' && row.paymentMethod === 'card'
        ? await this.refundAtProvider(row)
        : undefined;
    const { changed } = await this.database.db.transaction(async (tx) => {
      const refund =
        refundedKobo === undefined
          ? { changed: false }
          : await markRefunded(tx, { orderId: row.id, amountKobo: refundedKobo, actor });
      const update = await setStatus(
        tx,
        {
          orderId: row.id,
          status,
          actor,
          ...(note ? { note } : {}),
          ...(refund.changed && refundedKobo ? { refundedKobo } : {}),
        },
        this.context,
      );
      // Already cancelled, refunded now (paid after its cancellation): still tell the customer.
      if (refund.changed && !update.changed) {
        await emailRefund(tx, row.id, refundedKobo ?? 0, this.context);
      }
      return { changed: update.changed || refund.changed };
    });
    if (changed) this.options.onEmailQueued();
    return this.fullOrder((await repo.findOrder(this.database.db, row.id)) ?? row, admin);
  }

  /**
   * Refunds the order's card payment in full at the provider and returns the amount in kobo.
   * A refusal is checked against the provider's record: a payment already reversed (the same
   * admin's double click, or a refund made on the provider's dashboard) counts as refunded.
   */
  private async refundAtProvider(order: OrderRow): Promise<number> {
    const reference = order.paymentReference ?? order.orderNumber;
    try {
      const refund = await this.provider().refund({ reference });
      return refund.amountKobo;
    } catch (error) {
      if (error instanceof PaymentProviderRejectedError) {
        const transaction = await this.verify(reference).catch(() => null);
        if (transaction?.status === 'reversed') return order.totalKobo;
        this.options.log.warn({ orderId: order.id, err: error }, 'refund refused by the payment provider');
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', M.providerUnavailable);
      }
      throw this.unavailable(error);
    }
  }

  /**
   * An admin confirms a bank transfer the shop's account received: the order is paid exactly
   * as a card payment is (markPaid: PAID, PROCESSING, paidAt, history, the customer's email),
   * and a `transfer.confirmed` payment event keeps the amount and the staff's note. The second
   * of two clicks finds it paid (409 ALREADY_PAID) and changes nothing.
   */
  async confirmTransfer(admin: Caller, idOrNumber: string, input: { amountReceived: number; note: string }) {
    const row = await this.visibleOrder(admin, idOrNumber);
    const receivedKobo = nairaToKobo(input.amountReceived);
    if (receivedKobo === null) {
      throw new AppError('INVALID_INPUT', ORDER_ADMIN_MESSAGES.amountInvalid, {
        errors: { amountReceived: ORDER_ADMIN_MESSAGES.amountInvalid },
      });
    }
    const actor = `admin:${admin.email}`;
    await this.database.db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, row.id);
      if (!order) throw new AppError('NOT_FOUND', M.orderNotFound);
      if (order.paymentMethod !== 'bankTransfer') {
        throw new AppError('ORDER_NOT_REFUNDABLE', ORDER_ADMIN_MESSAGES.notBankTransfer);
      }
      if (order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUNDED') {
        throw new AppError('ALREADY_PAID', M.alreadyPaid);
      }
      if (receivedKobo < order.totalKobo) {
        const message = ORDER_ADMIN_MESSAGES.amountShort(
          formatNaira(koboToNaira(receivedKobo)),
          formatNaira(koboToNaira(order.totalKobo)),
        );
        throw new AppError('TRANSFER_AMOUNT_SHORT', message, {
          errors: { amountReceived: message },
          extra: { totalAmount: koboToNaira(order.totalKobo) },
        });
      }
      const paidAt = new Date().toISOString();
      const { outcome } = await markPaid(
        tx,
        {
          orderId: order.id,
          actor,
          transaction: {
            id: `transfer:${order.orderNumber}`,
            reference: order.orderNumber,
            status: 'success',
            amountKobo: order.totalKobo,
            currency: 'NGN',
            paidAt,
            gatewayResponse: 'Bank transfer confirmed',
            channel: 'bank_transfer',
            customerEmail: order.customerEmail,
            raw: null,
          },
        },
        this.context,
      );
      if (outcome !== 'paid') throw new AppError('CONFLICT', M.createFailed);
      const received = formatNaira(koboToNaira(receivedKobo));
      await repo.insertHistory(tx, {
        orderId: order.id,
        field: 'note',
        actor,
        note: [`Bank transfer of ${received} received`, input.note].filter(Boolean).join(': '),
      });
      await repo.insertPaymentEvent(tx, {
        dedupeKey: `transfer.confirmed:${order.id}`,
        event: 'transfer.confirmed',
        reference: order.orderNumber,
        orderId: order.id,
        payload: {
          event: 'transfer.confirmed',
          data: { amount: receivedKobo, currency: 'NGN', status: 'confirmed', note: input.note, by: actor, paidAt },
        },
      });
    });
    this.options.onEmailQueued();
    return this.fullOrder((await repo.findOrder(this.database.db, row.id)) ?? row, admin);
  }

  /**
   * The orders of a date range (Lagos days, both included), oldest first, as ORDER_CSV_COLUMNS
   * rows, read EXPORT_BATCH orders at a time so a big range never sits in memory.
   */
  async *exportRows(filter: { from: string; to: string; status?: OrderStatus }) {
    let after: { cursor: string; id: string } | null = null;
    for (;;) {
      const batch = await repo.exportBatch(this.database.db, filter, after, EXPORT_BATCH);
      const items = await repo.itemsOf(
        this.database.db,
        batch.orders.map((order) => order.id),
      );
      const itemsByOrder = new Map<string, OrderItemRow[]>();
      for (const item of items) {
        const list = itemsByOrder.get(item.orderId);
        if (list) list.push(item);
        else itemsByOrder.set(item.orderId, [item]);
      }
      for (const order of batch.orders) {
        const address = order.shippingAddress;
        const row: Record<(typeof ORDER_CSV_COLUMNS)[number], CsvCell> = {
          orderNumber: order.orderNumber,
          createdAt: order.createdAt.toISOString(),
          status: order.status,
          paymentStatus: order.paymentStatus,
          paymentMethod: order.paymentMethod,
          deliveryMethod: order.deliveryMethod,
          customerName: `${order.customerFirstName} ${order.customerLastName}`,
          customerEmail: order.customerEmail,
          phoneNumber: address.phoneNumber ?? '',
          address: address.address,
          city: address.city,
          state: address.state,
          items: (itemsByOrder.get(order.id) ?? []).map((item) => `${item.quantity} x ${item.name}`).join('; '),
          subtotal: koboToNaira(order.subtotalKobo),
          deliveryFee: koboToNaira(order.deliveryFeeKobo),
          totalAmount: koboToNaira(order.totalKobo),
          transactionId: order.transactionId ?? '',
          paidAt: order.paidAt ? order.paidAt.toISOString() : '',
        };
        yield row;
      }
      if (!batch.cursor || batch.orders.length < EXPORT_BATCH) return;
      after = batch.cursor;
    }
  }

  // ---------- Payment ----------

  private provider(): PaymentGateway {
    return this.gateway;
  }

  private async verify(reference: string): Promise<PaystackTransaction | null> {
    try {
      return await this.provider().verify(reference);
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  private unavailable(error: unknown) {
    if (error instanceof PaymentProviderUnavailableError) {
      this.options.log.warn({ err: error }, 'payment provider unavailable');
      return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', M.providerUnavailable);
    }
    return error;
  }

  /** Applies a successful transaction to its order (in its own transaction); emails are nudged. */
  private async applyPaid(orderId: string, transaction: PaystackTransaction, actor: string): Promise<MarkPaidOutcome> {
    const { outcome } = await this.database.db.transaction((tx) =>
      markPaid(tx, { orderId, transaction, actor }, this.context),
    );
    if (outcome === 'paid') this.options.onEmailQueued();
    return outcome;
  }

  /**
   * The references worth verifying for an order, newest first: every one that reached the
   * provider (any of them may have been paid), and its number always.
   */
  private async referencesToVerify(order: OrderRow): Promise<string[]> {
    const references = (await repo.referencesOf(this.database.db, order.id))
      .filter((row) => row.reachedProviderAt !== null)
      .map((row) => row.reference);
    if (!references.includes(order.orderNumber)) references.push(order.orderNumber);
    return references;
  }

  /**
   * Asks the provider about each of the order's references and applies the first successful
   * one that matches the order (a mismatch is noted and the search goes on). Returns the
   * outcome, the first transaction seen when none was applied, and whether one of them is
   * still going through at the provider.
   */
  private async verifyOrder(
    order: OrderRow,
    actor: string,
  ): Promise<{ outcome: MarkPaidOutcome | 'unpaid'; last: PaystackTransaction | null; inProgress: boolean }> {
    let last: PaystackTransaction | null = null;
    let mismatch: PaystackTransaction | null = null;
    let inProgress = false;
    for (const reference of await this.referencesToVerify(order)) {
      const transaction = await this.verify(reference);
      if (transaction?.status === 'success') {
        const outcome = await this.applyPaid(order.id, transaction, actor);
        if (outcome !== 'mismatch') return { outcome, last: transaction, inProgress };
        mismatch ??= transaction;
        continue;
      }
      if (transaction && IN_PROGRESS_STATUSES.has(transaction.status)) inProgress = true;
      last ??= transaction;
    }
    if (mismatch) return { outcome: 'mismatch', last: mismatch, inProgress };
    return { outcome: 'unpaid', last, inProgress };
  }

  /**
   * The customer is back from the payment window. Only the provider's word counts: the order
   * is verified by its references; the client's `status` is never believed.
   */
  async confirmPayment(user: Caller, request: ConfirmPaymentRequest): Promise<Order> {
    const order = await this.visibleOrder(user, request.orderId);
    if (order.paymentStatus !== 'PAID') {
      const { outcome, last } = await this.verifyOrder(order, 'customer');
      if (outcome === 'mismatch') {
        throw new AppError('PAYMENT_NOT_VERIFIED', M.paymentStatus('amount mismatch'), {
          extra: { status: 'mismatch', gatewayResponse: last?.gatewayResponse ?? null },
        });
      }
      if (outcome === 'unpaid') {
        const status = last?.status ?? 'not found';
        throw new AppError('PAYMENT_NOT_VERIFIED', M.paymentStatus(status), {
          extra: { status, gatewayResponse: last?.gatewayResponse ?? null },
        });
      }
    }
    return this.fullOrder((await repo.findOrder(this.database.db, order.id)) ?? order, user);
  }

  /**
   * Starts (or restarts) the card payment of an order on the server, for the order's total, so
   * the browser can change nothing: it gets a reference and an access code to open the
   * provider's window with.
   */
  async startPayment(user: Caller, idOrNumber: string) {
    let order = await this.visibleOrder(user, idOrNumber);
    this.assertPayable(order);

    // A reference the provider has already seen may have been paid meanwhile: ask before
    // opening another, so the customer is never charged twice.
    if (order.paymentReference) {
      const current = await repo.findReference(this.database.db, order.paymentReference);
      if (current?.reachedProviderAt) {
        const transaction = await this.verify(order.paymentReference);
        if (transaction?.status === 'success') {
          const outcome = await this.applyPaid(order.id, transaction, 'customer');
          if (outcome === 'paid' || outcome === 'already-paid') throw new AppError('ALREADY_PAID', M.alreadyPaid);
        }
      }
    }

    for (let attempt = 0; attempt < 3; attempt++) {
      const reference = await this.database.db.transaction(async (tx) => {
        const locked = await repo.lockOrder(tx, order.id);
        if (!locked) throw new AppError('NOT_FOUND', M.orderNotFound);
        this.assertPayable(locked);
        // A payment going through must not be cancelled by expiry under the customer.
        const expiresAt = new Date(Date.now() + PAYMENT_IN_PROGRESS_MINUTES * 60_000);
        if (locked.expiresAt && locked.expiresAt < expiresAt) {
          order = await repo.updateOrder(tx, locked.id, { expiresAt });
        }
        if (locked.paymentReference) {
          const current = await repo.findReference(tx, locked.paymentReference);
          if (current && !current.reachedProviderAt) return locked.paymentReference;
        }
        if (locked.paymentAttempts >= PAYMENT_ATTEMPTS_MAX) throw new AppError('ORDER_NOT_PAYABLE', M.notPayable);
        const attempts = locked.paymentAttempts + 1;
        const next = attempts === 1 ? locked.orderNumber : `${locked.orderNumber}-${attempts}`;
        await repo.insertReference(tx, locked.id, next);
        order = await repo.updateOrder(tx, locked.id, { paymentReference: next, paymentAttempts: attempts });
        return next;
      });
      try {
        const started = await this.provider().initialize({
          email: order.shippingAddress.email,
          amountKobo: order.totalKobo,
          reference,
          metadata: { orderId: order.id, orderNumber: order.orderNumber },
        });
        await repo.markReferenceReached(this.database.db, reference);
        return {
          reference: started.reference,
          accessCode: started.accessCode,
          publicKey: this.provider().publicConfig.publicKey,
          email: order.shippingAddress.email,
          amount: koboToNaira(order.totalKobo),
        };
      } catch (error) {
        // The provider has seen this reference (an earlier attempt that timed out reached it):
        // it can no longer be reused, take the next.
        if (error instanceof DuplicateReferenceError) {
          await repo.markReferenceReached(this.database.db, reference);
          continue;
        }
        throw this.unavailable(error);
      }
    }
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', M.providerUnavailable);
  }

  private assertPayable(order: OrderRow) {
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

  // ---------- Webhook ----------

  /**
   * A provider event: refused unless signed with the secret key; otherwise kept in
   * payment_events (once per event name and transaction) and returned with the work that
   * applies it, which the caller runs after answering.
   */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<() => Promise<void>> {
    if (!this.provider().isValidWebhookSignature(rawBody, signature)) {
      throw new AppError('INVALID_SIGNATURE', 'Invalid signature');
    }
    let body: { event?: unknown; data?: Record<string, unknown> };
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('INVALID_INPUT', 'Invalid JSON');
    }
    const event = typeof body.event === 'string' ? body.event : 'unknown';
    const data = body.data && typeof body.data === 'object' ? body.data : {};
    const reference = referenceOfEvent(data);
    const key = data.id ?? reference;
    const orderId = reference ? await repo.orderIdOfReference(this.database.db, reference) : null;
    const kept = await repo.insertPaymentEvent(this.database.db, {
      dedupeKey: `${event}:${key === undefined || key === null ? 'none' : String(key)}`,
      event,
      reference,
      orderId,
      payload: withoutCardSecrets(body),
    });
    if (kept.processed) return async () => {};
    return () => this.applyEvent(kept.id, event, data, orderId);
  }

  private async applyEvent(eventId: string, event: string, data: Record<string, unknown>, orderId: string | null) {
    if (event === 'charge.success' && orderId) {
      // The event is signed, so its data is the provider's word; markPaid still checks the
      // reference, the amount in kobo and the currency against the order.
      const transaction = toPaystackTransaction(data as unknown as Parameters<typeof toPaystackTransaction>[0]);
      await this.applyPaid(orderId, transaction, 'provider');
    }
    await repo.markPaymentEventProcessed(this.database.db, eventId);
  }

  /**
   * Events kept by a process that stopped before applying them. One that fails stays for a
   * later round and does not stop the others.
   */
  async applyLeftoverEvents(): Promise<{ applied: number; failed: number }> {
    const events = await repo.unprocessedPaymentEvents(this.database.db, 20);
    let failed = 0;
    for (const row of events) {
      const body = row.payload as { event?: string; data?: Record<string, unknown> };
      try {
        await this.applyEvent(row.id, row.event ?? body.event ?? 'unknown', body.data ?? {}, row.orderId);
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

  // ---------- Expiry ----------

  /**
   * One round of the expiry job: every unpaid card order past its window is verified with the
   * provider first (a late payment still counts), then cancelled with its stock released. An
   * order the provider cannot be asked about now waits for the next round.
   */
  async expireDueOrders(): Promise<{ expired: number; paid: number; deferred: number }> {
    const result = { expired: 0, paid: 0, deferred: 0 };
    for (;;) {
      const claimed = await repo.claimExpiredOrders(
        this.database.db,
        EXPIRY_BATCH,
        EXPIRY_CLAIM_SECONDS,
        this.options.bankTransferWindowHours,
      );
      for (const { id } of claimed) {
        const order = await repo.findOrder(this.database.db, id);
        if (!order) continue;
        // A bank transfer is never seen by the provider: nothing to ask, the admin marks it paid.
        if (order.paymentMethod !== 'card') {
          const { expired } = await this.database.db.transaction((tx) =>
            expire(tx, { orderId: id, bankTransferWindowHours: this.options.bankTransferWindowHours }, this.context),
          );
          if (expired) {
            result.expired += 1;
            this.options.onEmailQueued();
          }
          continue;
        }
        try {
          const { outcome, inProgress } = await this.verifyOrder(order, 'system');
          if (outcome === 'paid' || outcome === 'already-paid') {
            result.paid += 1;
            continue;
          }
          // A payment still going through: ask again in a later round, as when the provider is down.
          if (inProgress) {
            result.deferred += 1;
            await repo.releaseExpiryClaim(this.database.db, id);
            continue;
          }
        } catch (error) {
          if (error instanceof AppError && error.code === 'PAYMENT_PROVIDER_UNAVAILABLE') {
            result.deferred += 1;
            await repo.releaseExpiryClaim(this.database.db, id);
            continue;
          }
          throw error;
        }
        const { expired } = await this.database.db.transaction((tx) =>
          expire(tx, { orderId: id, bankTransferWindowHours: this.options.bankTransferWindowHours }, this.context),
        );
        if (expired) {
          result.expired += 1;
          this.options.onEmailQueued();
        }
      }
      // An order deferred for the provider waits for the next round rather than being claimed again now.
      if (claimed.length < EXPIRY_BATCH || result.deferred > 0) break;
    }
    return result;
  }
}
