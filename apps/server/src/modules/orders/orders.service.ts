import {
  ACCOUNT_MESSAGES,
  type CreateOrderRequest,
  hundredthsToUnits,
  isDeliveryMethodAvailable,
  isLongHold,
  koboToNaira,
  nairaToKobo,
  ORDER_MESSAGES,
  type Order,
  orderTotalsKobo,
  parseQuantity,
  priceLineKobo,
  quantityMessage,
  quantityProblem,
  saleFieldsOf,
  type User,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderLimits } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { RateLimitStore } from '../../plugins/rate-limit';
import { spendLimit } from '../../plugins/rate-limit';
import type { OrderEvents } from './order-events';
import { assertWithinHoldLimits, spendOrderPlacement } from './order-limits';
import type { OrderPayments } from './order-payments';
import { enqueueOrderPlacedMails, type OrderPlacedMailContext } from './order-placed-mail';
import type { MarkPaidOutcome, OrderState, ReceivedPayment } from './order-state';
import { customerHistory, newOrderNumber, shippingAddressOf, toOrder } from './order-view';
import {
  isUuid,
  type OrderRow,
  type OrdersRepository,
  type OrderUpdate,
  type ProductForOrder,
} from './orders.repository';
import { outOfStock } from './out-of-stock';

const M = ORDER_MESSAGES;

/** The most an integer kobo column holds (₦21,474,836.47). */
const KOBO_COLUMN_MAX = 2_147_483_647;
/** A customer's own cancellations: a few a minute is plenty for a person. */
const CUSTOMER_CANCEL_LIMIT = { max: 10, windowMs: 10 * 60_000 };

export interface OrdersServiceOptions {
  limits: OrderLimits;
  rateLimits: RateLimitStore;
  log: FastifyBaseLogger;
  /** Something was queued in the outbox: deliver it now rather than at the next poll. */
  onEmailQueued: () => void;
  /** What the new order's emails need (order-placed-mail.ts). */
  placedMail: OrderPlacedMailContext;
  /** Told of orders placed, and of payments OrderState received in this service's transactions, after the commit. */
  events: OrderEvents;
}

export type Caller = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>;

class StockConflict extends Error {}

/**
 * One entry of PRICE_CHANGED's `prices`: the product's price now and everything the cart needs
 * to price the line again itself (priceLineKobo) and to keep its quantity within the rule.
 */
function currentTerms(product: ProductForOrder) {
  return {
    productId: product.id,
    price: koboToNaira(product.priceKobo),
    ...saleFieldsOf(product.terms),
    stock: hundredthsToUnits(Math.max(0, product.stockHundredths)),
  };
}

/**
 * Placing orders, reading them, and the moves payments and customers make on them. Every status
 * change goes through OrderState; the payment method comes through the OrderPayments port.
 */
export class OrdersService {
  constructor(
    private readonly database: Database,
    private readonly repository: OrdersRepository,
    private readonly state: OrderState,
    private readonly payments: () => OrderPayments,
    private readonly options: OrdersServiceOptions,
  ) {}

  // ---------- Placing an order ----------

  /**
   * Prices the order from the catalogue, checks the client's prices, the delivery rule and what
   * the customer already holds, and in one transaction writes the order with a snapshot of every
   * line and takes the stock.
   */
  async createOrder(user: Caller, request: CreateOrderRequest, context: { ip: string }): Promise<Order> {
    const holdMs = await this.payments().holdMs(request.paymentDetails.method);
    await spendOrderPlacement(this.options.rateLimits, this.options.limits, { userId: user.id, ip: context.ip });
    // One line per product; the same product on several lines adds up, in hundredths. A problem
    // with the sum is told on the product's last line (where the zod rule tells an overflow too).
    const wanted = new Map<string, { hundredths: number; price: number; index: number }>();
    request.items.forEach((item, index) => {
      // The schema let through only quantities parseQuantity reads (above 0, two decimals at most).
      const hundredths = parseQuantity(item.quantity) ?? 0;
      const line = wanted.get(item.productId);
      if (line) {
        line.hundredths += hundredths;
        line.index = index;
      } else wanted.set(item.productId, { hundredths, price: item.price, index });
    });
    for (const [productId] of wanted) {
      if (!isUuid(productId)) throw new AppError('PRODUCT_UNAVAILABLE', M.productUnavailable, { extra: { productId } });
    }

    for (let attempt = 0; ; attempt++) {
      const products = new Map((await this.repository.findProductsForOrder([...wanted.keys()])).map((p) => [p.id, p]));
      const lines = [...wanted].map(([productId, line]) => {
        const product = products.get(productId);
        if (!product) throw new AppError('PRODUCT_UNAVAILABLE', M.productUnavailable, { extra: { productId } });
        return {
          product,
          index: line.index,
          quantity: line.hundredths,
          clientPriceKobo: nairaToKobo(line.price),
          priced: priceLineKobo(product.priceKobo, product.terms, line.hundredths),
        };
      });
      // The product's own rule: off the step, under its minimum, over the line maximum (400, every
      // line at once, on the field the form shows); not enough stock is the 409 below.
      const errors: Record<string, string> = {};
      for (const line of lines) {
        const problem = quantityProblem(line.product.terms, line.product.stockHundredths, line.quantity);
        if (problem && problem !== 'stock') {
          errors[`items.${line.index}.quantity`] =
            quantityMessage(line.product.terms, line.product.stockHundredths, line.quantity) ?? M.quantityInvalid;
        }
      }
      const firstError = Object.values(errors)[0];
      if (firstError) throw new AppError('INVALID_INPUT', firstError, { errors });
      // The client's price is the unit price it showed for this quantity (after any break).
      if (lines.some((line) => line.clientPriceKobo !== line.priced.unitPriceKobo)) {
        throw new AppError('PRICE_CHANGED', M.priceChanged, {
          extra: { prices: lines.map((line) => currentTerms(line.product)) },
        });
      }
      const totals = orderTotalsKobo(
        lines.map((line) => line.priced),
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
      const short = lines.find((line) => line.product.stockHundredths < line.quantity);
      if (short) throw outOfStock(short.product);

      try {
        const { order, items } = await this.database.db.transaction(async (tx) => {
          await this.repository.lockCustomer(tx, user.id);
          if (!(await this.repository.customerIsActive(tx, user.id))) {
            throw new AppError('ACCOUNT_DISABLED', ACCOUNT_MESSAGES.accountDisabled);
          }
          await assertWithinHoldLimits(tx, this.repository, this.options.limits, {
            userId: user.id,
            address: context.ip,
            longHold: isLongHold(request.paymentDetails.method),
            totalKobo: totals.totalKobo,
            lines,
          });
          // The method's own rule (pay on delivery: Lagos, the cap, one open order), under the same lock.
          await this.payments().acceptsOrder(tx, {
            method: request.paymentDetails.method,
            shippingDetails: request.shippingDetails,
            totalKobo: totals.totalKobo,
            userId: user.id,
          });
          let order: OrderRow | null = null;
          while (!order) {
            order = await this.repository.insertOrder(tx, {
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
              shippingAddress: shippingAddressOf(request.shippingDetails),
              // A method with no deadline holds its stock until the admin settles it (none today).
              expiresAt: holdMs === null ? null : new Date(Date.now() + holdMs),
              placedFrom: context.ip,
            });
          }
          const items = await this.repository.insertOrderItems(
            tx,
            order.id,
            lines.map((line) => ({
              productId: line.product.id,
              name: line.product.name,
              image: line.product.image,
              priceKobo: line.priced.unitPriceKobo,
              quantityHundredths: line.quantity,
              unit: line.product.terms.unit,
              packSize: line.product.terms.packSize,
              packItemName: line.product.terms.packItemName,
              listPriceKobo: line.priced.listPriceKobo,
              lineTotalKobo: line.priced.lineTotalKobo,
            })),
          );
          // Last, so the product rows stay locked only until the commit that follows.
          const taken = await this.repository.takeStock(
            tx,
            lines.map((line) => ({
              productId: line.product.id,
              quantityHundredths: line.quantity,
              priceKobo: line.product.priceKobo,
              priceBreaks: line.product.storedPriceBreaks,
              terms: line.product.terms,
            })),
          );
          if (taken.length !== lines.length) throw new StockConflict();
          await enqueueOrderPlacedMails(tx, order, items, this.options.placedMail);
          return { order, items };
        });
        this.options.onEmailQueued();
        this.options.events.emit('placed', { paymentMethod: order.paymentMethod });
        return toOrder(order, items);
      } catch (error) {
        // Stock, a price, a break or how it is sold changed between the read and the reservation:
        // read again and answer with what is true now (out of stock, the new prices, a 400).
        if (error instanceof StockConflict && attempt < 10) continue;
        if (error instanceof StockConflict) throw new AppError('CONFLICT', M.createFailed);
        throw error;
      }
    }
  }

  // ---------- Reading ----------

  async myOrders(user: Caller): Promise<Order[]> {
    const rows = await this.repository.ordersOfUser(user.id);
    const items = await this.repository.itemsOf(rows.map((row) => row.id));
    return rows.map((row) =>
      toOrder(
        row,
        items.filter((item) => item.orderId === row.id),
      ),
    );
  }

  /** The order if the caller owns it or is an admin; 404 for anyone else, as for no order. */
  async visibleOrder(user: Caller, idOrNumber: string): Promise<OrderRow> {
    const row = await this.repository.findOrder(idOrNumber);
    if (!row || (row.userId !== user.id && user.role !== 'ADMIN')) {
      throw new AppError('NOT_FOUND', M.orderNotFound, { extra: { detail: M.orderNotFoundDetail } });
    }
    return row;
  }

  /** The order with its lines and history, as `viewer` may see it (customerHistory). */
  async fullOrder(row: OrderRow, viewer: Caller): Promise<Order> {
    const admin = viewer.role === 'ADMIN';
    const [items, history, events, transferProof] = await Promise.all([
      this.repository.itemsOf([row.id]),
      this.repository.historyOf(row.id),
      admin ? this.payments().eventsOf(row.id) : Promise.resolve([]),
      this.payments().transferProofOf(row.id),
    ]);
    const order = { ...toOrder(row, items, admin ? history : customerHistory(history)), transferProof };
    // The provider's events are the staff's business only.
    return admin ? { ...order, paymentEvents: events } : order;
  }

  /** The order as it is now, for `viewer`. */
  async freshOrder(row: OrderRow, viewer: Caller): Promise<Order> {
    return this.fullOrder((await this.repository.findOrder(row.id)) ?? row, viewer);
  }

  async getOrder(user: Caller, idOrNumber: string): Promise<Order> {
    return this.fullOrder(await this.visibleOrder(user, idOrNumber), user);
  }

  findOrder(idOrNumber: string) {
    return this.repository.findOrder(idOrNumber);
  }

  /** The customer's open pay-on-delivery order (placed, not paid, not cancelled), or null. */
  openPayOnDeliveryOrder(userId: string, tx?: Transaction) {
    return this.repository.openPayOnDeliveryOrder(tx ?? this.database.db, userId);
  }

  // ---------- The customer cancels ----------

  /**
   * The customer cancels their own unpaid, pending order: its stock goes back, the history says
   * who, and an email confirms it. A card payment that went through meanwhile wins (409
   * ALREADY_PAID); anything else than PENDING and UNPAID is 409 ORDER_NOT_CANCELLABLE.
   */
  async cancelByCustomer(user: Caller, idOrNumber: string): Promise<Order> {
    await spendLimit(this.options.rateLimits, `orders:cancel:${user.id}`, CUSTOMER_CANCEL_LIMIT);
    const row = await this.visibleOrder(user, idOrNumber);
    // An admin cancels through the status change, with its refund rules; this is the owner's.
    if (row.userId !== user.id) throw new AppError('NOT_FOUND', M.orderNotFound);
    if (row.status !== 'PENDING' || row.paymentStatus !== 'UNPAID') {
      throw new AppError('ORDER_NOT_CANCELLABLE', M.notCancellable);
    }
    if (await this.payments().paidMeanwhile(row)) throw new AppError('ALREADY_PAID', M.alreadyPaid);
    await this.database.db.transaction(async (tx) => {
      const order = await this.repository.lockOrder(tx, row.id);
      // Decided again under the lock: a webhook may have marked it paid a moment ago.
      if (order?.paymentStatus === 'PAID') throw new AppError('ALREADY_PAID', M.alreadyPaid);
      if (order?.status !== 'PENDING' || order.paymentStatus !== 'UNPAID') {
        throw new AppError('ORDER_NOT_CANCELLABLE', M.notCancellable);
      }
      await this.state.cancel(tx, { orderId: order.id, actor: 'customer', reason: 'customer' });
    });
    this.options.onEmailQueued();
    return this.freshOrder(row, user);
  }

  // ---------- Moves made by the payments module (app.orders) ----------

  /** A payment received, applied in its own transaction; the customer's email is nudged out. */
  async markPaid(orderId: string, payment: ReceivedPayment, actor: string): Promise<MarkPaidOutcome> {
    const { outcome } = await this.transaction((tx) => this.state.markPaid(tx, { orderId, payment, actor }));
    if (outcome === 'paid') this.options.onEmailQueued();
    return outcome;
  }

  /**
   * Runs `work` with the order locked, for the payment bookkeeping of an order (its references,
   * attempts and deadline; never its status, which OrderState writes).
   */
  async withLockedOrder<T>(
    orderId: string,
    work: (
      tx: Transaction,
      order: OrderRow,
      update: (
        values: Pick<
          OrderUpdate,
          | 'paymentReference'
          | 'paymentAttempts'
          | 'expiresAt'
          | 'deliveryConfirmedAt'
          | 'deliveryConfirmedBy'
          | 'cashReceivedKobo'
          | 'cashReceivedHow'
        >,
      ) => Promise<OrderRow>,
    ) => Promise<T>,
  ): Promise<T> {
    return this.transaction(async (tx) => {
      const order = await this.repository.lockOrder(tx, orderId);
      if (!order) throw new AppError('NOT_FOUND', M.orderNotFound);
      return work(tx, order, (values) => this.repository.updateOrder(tx, orderId, values));
    });
  }

  /** A transaction whose order events (a payment received) are told once it committed. */
  private async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let committed: Transaction | undefined;
    const result = await this.database.db.transaction(async (tx) => {
      committed = tx;
      return work(tx);
    });
    if (committed) this.options.events.committed(committed);
    return result;
  }
}
