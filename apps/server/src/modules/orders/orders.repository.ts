import {
  type DeliveryMethod,
  LONG_HOLD_METHODS,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type PodPaymentWay,
  type PriceBreakHundredths,
  type SaleTerms,
  type SaleUnit,
} from '@shop/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { orderHistory, orderItems, orders, type ShippingAddress } from '../../db/schema';
import type { CancelReason } from '../../db/schema/orders';
import { likePattern } from '../../lib/sql-literal';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** A PostgreSQL array literal of values we produced or checked (uuids, integers). */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

const byProductId = <T extends { productId: string }>(a: T, b: T) =>
  a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0;

export interface ProductForOrder {
  id: string;
  name: string;
  priceKobo: number;
  /** Hundredths of the unit of sale (units.ts). */
  stockHundredths: number;
  image: string | null;
  /** How it is sold, its breaks sorted (the rules' input). */
  terms: SaleTerms;
  /** price_breaks exactly as stored: the reservation checks the row still has them. */
  storedPriceBreaks: PriceBreakHundredths[];
}

/** A line of a new order, as order_items stores it (a snapshot of how it was sold and priced). */
export interface NewOrderItem {
  productId: string;
  name: string;
  image: string | null;
  /** The price per unit paid, after any break. */
  priceKobo: number;
  quantityHundredths: number;
  unit: SaleUnit;
  packSize: number | null;
  packItemName: string | null;
  listPriceKobo: number | null;
  lineTotalKobo: number;
}

/** What takeStock reserves for one line, with the terms it was priced with (re-checked on the row). */
export interface StockLine {
  productId: string;
  quantityHundredths: number;
  priceKobo: number;
  priceBreaks: PriceBreakHundredths[];
  terms: Pick<SaleTerms, 'unit' | 'stepHundredths' | 'minHundredths' | 'packSize'>;
}

interface ProductForOrderRow {
  id: string;
  name: string;
  priceKobo: number;
  stockHundredths: number;
  image: string | null;
  unit: SaleUnit;
  stepHundredths: number;
  minHundredths: number;
  packSize: number | null;
  packItemName: string | null;
  priceBreaks: PriceBreakHundredths[] | string | null;
}

const storedBreaks = (value: ProductForOrderRow['priceBreaks']): PriceBreakHundredths[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as PriceBreakHundredths[]) : [];
};

export interface NewOrder {
  orderNumber: string;
  userId: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  deliveryMethod: DeliveryMethod;
  paymentMethod: PaymentMethod;
  subtotalKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
  shippingAddress: ShippingAddress;
  expiresAt: Date | null;
  /** The client address, kept while the order is unpaid and pending. */
  placedFrom: string;
}

/** The fields of an order that are not its status or payment status (order-state writes those). */
export type OrderUpdate = Partial<{
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  transactionId: string | null;
  paidAt: Date | null;
  gatewayResponse: string | null;
  paymentReference: string | null;
  paymentAttempts: number;
  expiryClaimedUntil: Date | null;
  expiresAt: Date | null;
  reminderSentAt: Date | null;
  placedFrom: string | null;
  deliveryConfirmedAt: Date | null;
  deliveryConfirmedBy: string | null;
  cashReceivedKobo: number | null;
  cashReceivedHow: PodPaymentWay | null;
  cancelReason: CancelReason | null;
  holdExtendedAt: Date | null;
}>;

/**
 * An unpaid order that still holds stock for its customer: pending, or paid on delivery and not
 * yet paid nor cancelled (confirmed by phone, on its way, delivered without the money recorded).
 * The hold limits count these (docs/decisions/022-pay-on-delivery.md).
 */
const HOLDING_UNPAID = sql`payment_status = 'UNPAID' AND (status = 'PENDING'
  OR (payment_method = 'payOnDelivery' AND status <> 'CANCELLED'))`;

/** The methods whose unpaid orders are long holds (LONG_HOLD_METHODS), as SQL. */
const LONG_HOLD = sql.raw(`payment_method IN (${LONG_HOLD_METHODS.map((method) => `'${method}'`).join(', ')})`);

/** How long a customer's own cancelled or expired long hold still counts toward their limits. */
export const ENDED_HOLDS_COUNT_HOURS = 24;

/**
 * A long hold the customer ended themselves in the last day, unpaid: cancelled by them, expired,
 * or not confirmed by phone in time. Counted toward their limits when they place another long
 * hold, so cancelling and placing again renews nothing (decision 039).
 */
const RECENTLY_ENDED_LONG_HOLD = sql`status = 'CANCELLED' AND payment_status NOT IN ('PAID', 'REFUNDED') AND ${LONG_HOLD}
  AND cancel_reason IN ('customer', 'expired', 'not-confirmed')
  AND stock_released_at > now() - make_interval(hours => ${ENDED_HOLDS_COUNT_HOURS}::int)`;

/** What a customer's unpaid, pending orders hold now (the hold limits). */
export interface CustomerHolds {
  orders: number;
  valueKobo: number;
  /** Hundredths of each asked-for product the customer holds, by product id. */
  units: Map<string, number>;
  /** Hundredths of each asked-for product held in unpaid long holds placed from the same client network. */
  fromAddress: Map<string, number>;
  /** Hundredths of each asked-for product held in anyone's unpaid orders, by product id. */
  everyone: Map<string, number>;
  /** Hundredths of each asked-for product held in anyone's unpaid long holds, by product id. */
  longHeld: Map<string, number>;
}

/** A line whose stock is no longer there for a cancelled order being reopened. */
export interface ShortLine {
  productId: string;
  name: string;
  /** Hundredths of the unit left on the shelf. */
  availableHundredths: number;
  /** How the product is sold now, to write the quantity (formatQuantity). */
  unit: SaleUnit;
  packSize: number | null;
  packItemName: string | null;
}

export interface AdminOrderFilter {
  status?: OrderStatus;
  paymentMethod?: PaymentMethod;
  search?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** The shop's days are Lagos days (WAT, UTC+1 all year): a date range means those days. */
export const SHOP_TIME_ZONE = 'Africa/Lagos';

/** A search that is one whole email address (no order number has an @). */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The admin list's and the export's WHERE: status; `search` as an order number prefix (any
 * case) or a piece of the customer's name or email (the trigram index of migration 0006 over
 * exactly this expression); `from`/`to` as whole Lagos days, both included.
 */
function adminWhere(filter: Omit<AdminOrderFilter, 'page' | 'pageSize'>, ...more: SQL[]): SQL {
  const conditions: SQL[] = [...more];
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  if (filter.paymentMethod) conditions.push(sql`payment_method = ${filter.paymentMethod}`);
  if (filter.search && WHOLE_EMAIL.test(filter.search)) {
    // A whole address: that customer's orders, by the lower(email) index.
    conditions.push(sql`lower(customer_email) = ${filter.search.toLowerCase()}`);
  } else if (filter.search) {
    const prefix = `${escapeLike(filter.search.toUpperCase())}%`;
    const piece = `%${escapeLike(filter.search.toLowerCase())}%`;
    conditions.push(
      sql`(order_number LIKE ${likePattern(prefix)}
           OR lower(customer_email || ' ' || customer_first_name || ' ' || customer_last_name) LIKE ${likePattern(piece)})`,
    );
  }
  if (filter.from) conditions.push(sql`created_at >= (${filter.from}::date::timestamp AT TIME ZONE ${SHOP_TIME_ZONE})`);
  if (filter.to)
    conditions.push(sql`created_at < ((${filter.to}::date + 1)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE})`);
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/**
 * An order whose bank transfer proof waits for review: unpaid and pending, as a proof may be
 * uploaded to (awaitsTransfer in payments/transfer-proofs.service.ts), with a pending proof.
 * NOTE: the orders module reads the payments module's transfer_proofs table here, read only, as
 * it reads products and users: the admin's filter and this one must be one query. A re-upload
 * replaces a pending proof, so an order has at most one; the unpaid transfers are found first
 * (orders_transfer_unpaid_idx), then each one's proofs (transfer_proofs_order_idx).
 */
const PROOF_TO_REVIEW = sql`payment_method = 'bankTransfer' AND payment_status = 'UNPAID' AND status = 'PENDING'`;
const PENDING_PROOF_UPLOADED = sql`(SELECT min(p.uploaded_at) FROM transfer_proofs p
                                     WHERE p.order_id = orders.id AND p.status = 'pending')`;

/**
 * Every SQL statement of orders: the Drizzle builder for plain reads and writes; plain SQL where
 * one statement does more (stock, claims, the admin search). Methods that join a caller's
 * transaction take it first; reads run on the database unless given one.
 */
export class OrdersRepository {
  constructor(private readonly database: Database) {}

  private async rows<Row>(query: SQL, executor: Executor = this.database.db): Promise<Row[]> {
    const result = (await executor.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  }

  // ---------- Stock ----------

  async findProductsForOrder(
    ids: readonly string[],
    executor: Executor = this.database.db,
  ): Promise<ProductForOrder[]> {
    if (ids.length === 0) return [];
    const rows = await this.rows<ProductForOrderRow>(
      sql`SELECT id, name, price_kobo AS "priceKobo", stock_hundredths AS "stockHundredths", images->>0 AS image,
                 unit, step_hundredths AS "stepHundredths", min_quantity_hundredths AS "minHundredths",
                 pack_size AS "packSize", pack_item_name AS "packItemName", price_breaks AS "priceBreaks"
            FROM products WHERE id = ANY(${arrayLiteral(ids)}::uuid[])`,
      executor,
    );
    return rows.map((row) => {
      const stored = storedBreaks(row.priceBreaks);
      return {
        id: row.id,
        name: row.name,
        priceKobo: row.priceKobo,
        stockHundredths: row.stockHundredths,
        image: row.image,
        storedPriceBreaks: stored,
        terms: {
          unit: row.unit,
          stepHundredths: row.stepHundredths,
          minHundredths: row.minHundredths,
          packSize: row.packSize,
          packItemName: row.packItemName,
          priceBreaks: [...stored].sort((a, b) => a.minHundredths - b.minHundredths),
        },
      };
    });
  }

  /**
   * Takes the stock (hundredths) of every line on the terms the order was priced with, or none:
   * a row whose price, price breaks, unit, step, minimum or pack size changed since it was read
   * is not taken. Rows are locked in product-id order (the `locked` CTE) so two orders of the same
   * products never deadlock. Returns the ids whose stock was taken: fewer than the lines means not
   * enough stock or terms that changed meanwhile, and the caller rolls the transaction back.
   */
  async takeStock(tx: Executor, lines: readonly StockLine[]): Promise<string[]> {
    const wanted = [...lines].sort(byProductId).map((line) => ({
      id: line.productId,
      quantity: line.quantityHundredths,
      price_kobo: line.priceKobo,
      price_breaks: line.priceBreaks,
      unit: line.terms.unit,
      step: line.terms.stepHundredths,
      min: line.terms.minHundredths,
      pack_size: line.terms.packSize,
    }));
    const taken = await this.rows<{ id: string }>(
      sql`WITH wanted AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
              AS w(id uuid, quantity int, price_kobo int, price_breaks jsonb, unit text, step int, min int, pack_size int)
          ), locked AS (
            SELECT p.id FROM products p WHERE p.id IN (SELECT id FROM wanted) ORDER BY p.id FOR NO KEY UPDATE
          )
          UPDATE products p SET stock_hundredths = p.stock_hundredths - w.quantity
            FROM wanted w, locked l
           WHERE p.id = w.id AND l.id = p.id AND p.stock_hundredths >= w.quantity
             AND p.price_kobo = w.price_kobo AND p.price_breaks = w.price_breaks
             AND p.unit = w.unit AND p.step_hundredths = w.step AND p.min_quantity_hundredths = w.min
             AND p.pack_size IS NOT DISTINCT FROM w.pack_size
          RETURNING p.id`,
      tx,
    );
    return taken.map((row) => row.id);
  }

  /** Puts an order's stock back, once: the stock_released_at guard makes a second call a no-op. */
  async releaseStockOnce(tx: Executor, orderId: string): Promise<boolean> {
    const claimed = await tx
      .update(orders)
      .set({ stockReleasedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
      .returning({ id: orders.id });
    if (claimed.length === 0) return false;
    await tx.execute(
      sql`UPDATE products p SET stock_hundredths = p.stock_hundredths + i.quantity
            FROM (SELECT product_id, sum(quantity_hundredths)::int AS quantity FROM order_items
                   WHERE order_id = ${orderId} AND product_id IS NOT NULL GROUP BY product_id ORDER BY product_id) i
           WHERE p.id = i.product_id`,
    );
    return true;
  }

  /**
   * Takes a released order's stock again, once, or nothing: `released: false` when its stock is
   * still held (nothing to do), `short` when a product no longer has enough (the caller rolls
   * back, so the guard and the stock stay as they were). Products deleted since are skipped:
   * there is nothing of them to take.
   */
  async retakeStockOnce(tx: Executor, orderId: string): Promise<{ released: boolean; short: ShortLine | null }> {
    const claimed = await tx
      .update(orders)
      .set({ stockReleasedAt: null })
      .where(and(eq(orders.id, orderId), isNotNull(orders.stockReleasedAt)))
      .returning({ id: orders.id });
    if (claimed.length === 0) return { released: false, short: null };
    const wanted = await this.rows<{ productId: string; quantity: number }>(
      sql`SELECT product_id AS "productId", sum(quantity_hundredths)::int AS quantity FROM order_items
           WHERE order_id = ${orderId} AND product_id IS NOT NULL GROUP BY product_id ORDER BY product_id`,
      tx,
    );
    if (wanted.length === 0) return { released: true, short: null };
    const taken = await this.rows<{ id: string }>(
      sql`WITH wanted AS (
            SELECT * FROM unnest(${arrayLiteral(wanted.map((l) => l.productId))}::uuid[],
                                 ${arrayLiteral(wanted.map((l) => l.quantity))}::int[]) AS w(id, quantity)
          ), locked AS (
            SELECT p.id FROM products p WHERE p.id IN (SELECT id FROM wanted) ORDER BY p.id FOR NO KEY UPDATE
          )
          UPDATE products p SET stock_hundredths = p.stock_hundredths - w.quantity
            FROM wanted w, locked l
           WHERE p.id = w.id AND l.id = p.id AND p.stock_hundredths >= w.quantity
          RETURNING p.id`,
      tx,
    );
    if (taken.length === wanted.length) return { released: true, short: null };
    const takenIds = new Set(taken.map((row) => row.id));
    const missing = wanted.filter((line) => !takenIds.has(line.productId));
    const [short] = await this.rows<ShortLine>(
      sql`SELECT p.id AS "productId", p.name, p.stock_hundredths AS "availableHundredths", p.unit,
                 p.pack_size AS "packSize", p.pack_item_name AS "packItemName" FROM products p
           WHERE p.id = ANY(${arrayLiteral(missing.map((line) => line.productId))}::uuid[])
           ORDER BY p.name LIMIT 1`,
      tx,
    );
    return {
      released: true,
      short: short ?? {
        productId: missing[0]?.productId ?? '',
        name: '',
        availableHundredths: 0,
        unit: 'piece',
        packSize: null,
        packItemName: null,
      },
    };
  }

  // ---------- What one customer holds ----------

  /**
   * Serialises a customer's order placements until the transaction ends, so two orders placed at
   * once are counted against the limits one after the other (a transaction-level advisory lock:
   * no row of another module's table is locked).
   */
  async lockCustomer(tx: Executor, userId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`orders:customer:${userId}`}, 0))`);
  }

  /**
   * Unpaid, pending orders placed from `address` (orders_address_unpaid_idx), counted up to `upTo`:
   * the limit reads no more entries than it allows.
   */
  async unpaidOrdersFrom(tx: Executor, address: string, upTo: number): Promise<number> {
    const [row] = await this.rows<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM (
            SELECT 1 FROM orders
             WHERE placed_from = ${address} AND status = 'PENDING' AND payment_status = 'UNPAID' AND ${LONG_HOLD}
             LIMIT ${upTo}) o`,
      tx,
    );
    return row?.count ?? 0;
  }

  /**
   * Locks the products a long hold asks for (in id order and mode, as takeStock does), so long
   * holds of one product are counted one after the other across customers and processes.
   */
  async lockProductsForLongHold(tx: Executor, productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    await this.rows(
      sql`SELECT id FROM products WHERE id = ANY(${arrayLiteral(productIds)}::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
      tx,
    );
  }

  /**
   * Whether the customer's account is still open, read under lockCustomer: an account disabled or
   * deleted while an order waited places nothing (the users table is read, never written, here).
   */
  async customerIsActive(tx: Executor, userId: string): Promise<boolean> {
    const [row] = await this.rows<{ active: boolean }>(sql`SELECT active FROM users WHERE id = ${userId}`, tx);
    return row?.active === true;
  }

  /**
   * The customer's unpaid, pending orders (how many, their value), and the units of `productIds`
   * held in unpaid, pending orders: the customer's, their network's long holds, everyone's, and
   * everyone's long holds. Everyone's is read from the unpaid orders first
   * (orders_user_unpaid_idx covers exactly them), never from a product's whole order history. An
   * open pay-on-delivery order counts as unpaid whatever its status (HOLDING_UNPAID;
   * orders_user_pod_open_idx). For a new long hold (`longHold`), the customer's long holds they
   * cancelled or let expire in the last day count as theirs too (RECENTLY_ENDED_LONG_HOLD).
   */
  async holdsOf(
    executor: Executor,
    who: { userId: string; address: string },
    options: {
      /** Read at most this many of the customer's orders (null: all; 0: none, their totals unread). */
      ordersUpTo: number | null;
      productIds: readonly string[];
      longHold: boolean;
    },
  ): Promise<CustomerHolds> {
    const { userId, address } = who;
    const { ordersUpTo, productIds, longHold } = options;
    const mine = longHold ? sql`(${HOLDING_UNPAID} OR (${RECENTLY_ENDED_LONG_HOLD}))` : HOLDING_UNPAID;
    const [totals] =
      ordersUpTo === 0
        ? []
        : await this.rows<{ orders: number; valueKobo: string }>(
            sql`SELECT count(*)::int AS orders, coalesce(sum(total_kobo), 0)::bigint AS "valueKobo" FROM (
                  SELECT total_kobo FROM orders
                   WHERE user_id = ${userId} AND ${mine}
                   LIMIT ${ordersUpTo}) o`,
            executor,
          );
    const units = new Map<string, number>();
    const fromAddress = new Map<string, number>();
    const everyone = new Map<string, number>();
    const longHeld = new Map<string, number>();
    if (productIds.length > 0) {
      const ended = longHold
        ? sql`UNION ALL
              SELECT id, user_id, NULL, true, false FROM orders WHERE user_id = ${userId} AND ${RECENTLY_ENDED_LONG_HOLD}`
        : sql``;
      const held = await this.rows<{ productId: string; mine: number; address: number; all: number; long: number }>(
        sql`WITH unpaid AS MATERIALIZED (
              SELECT id, user_id, placed_from, ${LONG_HOLD} AS long, true AS holding FROM orders WHERE ${HOLDING_UNPAID}
              ${ended}
            )
            SELECT i.product_id AS "productId",
                   coalesce(sum(i.quantity_hundredths) FILTER (WHERE u.user_id = ${userId}), 0)::int AS mine,
                   coalesce(sum(i.quantity_hundredths) FILTER (WHERE u.holding AND u.long AND u.placed_from = ${address}), 0)::int AS address,
                   coalesce(sum(i.quantity_hundredths) FILTER (WHERE u.holding), 0)::int AS all,
                   coalesce(sum(i.quantity_hundredths) FILTER (WHERE u.holding AND u.long), 0)::int AS long
              FROM unpaid u JOIN order_items i ON i.order_id = u.id
             WHERE i.product_id = ANY(${arrayLiteral(productIds)}::uuid[])
             GROUP BY i.product_id`,
        executor,
      );
      for (const row of held) {
        units.set(row.productId, row.mine);
        fromAddress.set(row.productId, row.address);
        everyone.set(row.productId, row.all);
        longHeld.set(row.productId, row.long);
      }
    }
    return {
      orders: totals?.orders ?? 0,
      valueKobo: Number(totals?.valueKobo ?? 0),
      units,
      fromAddress,
      everyone,
      longHeld,
    };
  }

  /**
   * The customer's open pay-on-delivery order (placed, not paid, not cancelled), oldest first, or
   * null (orders_user_pod_open_idx). Read under lockCustomer when an order is placed.
   */
  async openPayOnDeliveryOrder(
    executor: Executor,
    userId: string,
  ): Promise<{ id: string; orderNumber: string } | null> {
    const [row] = await executor
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.paymentMethod, 'payOnDelivery'),
          eq(orders.paymentStatus, 'UNPAID'),
          ne(orders.status, 'CANCELLED'),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** The ids of a customer's unpaid, pending orders (disabling or deleting the customer cancels them). */
  async unpaidOrderIdsOf(executor: Executor, userId: string): Promise<string[]> {
    const found = await executor
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, 'UNPAID'), eq(orders.status, 'PENDING')))
      .orderBy(asc(orders.createdAt));
    return found.map((row) => row.id);
  }

  // ---------- Orders, lines and history ----------

  /** The new order, or null when its number is taken (the caller draws another). */
  async insertOrder(tx: Executor, order: NewOrder): Promise<OrderRow | null> {
    const [row] = await tx.insert(orders).values(order).onConflictDoNothing({ target: orders.orderNumber }).returning();
    return row ?? null;
  }

  async insertOrderItems(tx: Executor, orderId: string, items: readonly NewOrderItem[]): Promise<OrderItemRow[]> {
    return tx
      .insert(orderItems)
      .values(items.map((item) => ({ ...item, orderId })))
      .returning();
  }

  async insertHistory(
    tx: Executor,
    entry: {
      orderId: string;
      field: 'status' | 'paymentStatus' | 'note';
      from?: string | null;
      to?: string | null;
      actor: string;
      note?: string | null;
    },
  ) {
    await tx.insert(orderHistory).values({
      orderId: entry.orderId,
      field: entry.field,
      fromValue: entry.from ?? null,
      toValue: entry.to ?? null,
      actor: entry.actor,
      note: entry.note ?? null,
    });
  }

  async hasHistoryNote(tx: Executor, orderId: string, note: string): Promise<boolean> {
    const found = await tx
      .select({ id: orderHistory.id })
      .from(orderHistory)
      .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.note, note)))
      .limit(1);
    return found.length > 0;
  }

  /** The order row, locked until the transaction ends: every state change starts here. */
  async lockOrder(tx: Executor, orderId: string): Promise<OrderRow | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update');
    return row ?? null;
  }

  async updateOrder(tx: Executor, orderId: string, values: OrderUpdate): Promise<OrderRow> {
    const [row] = await tx
      .update(orders)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId))
      .returning();
    if (!row) throw new Error(`order ${orderId} vanished`);
    return row;
  }

  /** An order by its id, its number (TS-…) or one of its payment references, or null. */
  async findOrder(idOrNumber: string, executor: Executor = this.database.db): Promise<OrderRow | null> {
    // A payment reference (`TS-7K4Q9M2X-2`) names its order too.
    const condition = isUuid(idOrNumber)
      ? eq(orders.id, idOrNumber)
      : eq(
          orders.orderNumber,
          idOrNumber
            .trim()
            .toUpperCase()
            .replace(/^(TS-[A-Z0-9]{8})-\d+$/, '$1'),
        );
    const [row] = await executor.select().from(orders).where(condition).limit(1);
    return row ?? null;
  }

  async itemsOf(orderIds: readonly string[], executor: Executor = this.database.db): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return executor
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, [...orderIds]))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  }

  async historyOf(orderId: string): Promise<OrderHistoryRow[]> {
    return this.database.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, orderId))
      .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id));
  }

  /** A customer's orders, newest first (a customer has tens, not thousands). */
  async ordersOfUser(userId: string, limit = 200): Promise<OrderRow[]> {
    return this.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  }

  // ---------- The admin's list and export ----------

  /** How many orders the admin list's filter matches (an exact count, over the indexes of 0006). */
  async countAdminOrders(filter: Omit<AdminOrderFilter, 'page' | 'pageSize'>) {
    const [count] = await this.rows<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM orders ${adminWhere(filter)}`,
    );
    return count?.total ?? 0;
  }

  /**
   * A page of the admin's list, newest first (created_at DESC, id: the order of orders_created_idx
   * and orders_status_created_idx, so no sort). The page's ids come from an index-only scan, then
   * their rows. A page past the middle is read from the other end (`total` known), so the deepest
   * page skips as few entries as the first.
   */
  async adminOrderPage(filter: AdminOrderFilter, total: number) {
    const where = adminWhere(filter);
    const offset = (filter.page - 1) * filter.pageSize;
    if (offset >= total) return [];
    const fromTheEnd = offset > total / 2;
    const ids = fromTheEnd
      ? (
          await this.rows<{ id: string }>(
            sql`SELECT id FROM orders ${where} ORDER BY created_at ASC, id DESC
                 LIMIT ${Math.min(filter.pageSize, total - offset)} OFFSET ${Math.max(0, total - offset - filter.pageSize)}`,
          )
        ).reverse()
      : await this.rows<{ id: string }>(
          sql`SELECT id FROM orders ${where} ORDER BY created_at DESC, id LIMIT ${filter.pageSize} OFFSET ${offset}`,
        );
    return this.ordersInOrder(ids.map((row) => row.id));
  }

  /**
   * The admin list's "Proofs to review" under the same filter (PROOF_TO_REVIEW): how many, and
   * the first `limit` by the upload of their pending proof, oldest first.
   */
  async proofsToReview(filter: Omit<AdminOrderFilter, 'page' | 'pageSize'>, limit: number) {
    const found = await this.rows<{ id: string; total: number }>(
      sql`SELECT id, count(*) OVER ()::int AS total FROM (
            SELECT id, ${PENDING_PROOF_UPLOADED} AS uploaded_at FROM orders ${adminWhere(filter, PROOF_TO_REVIEW)}
          ) o
          WHERE uploaded_at IS NOT NULL
          ORDER BY uploaded_at, id
          LIMIT ${limit}`,
    );
    return { total: found[0]?.total ?? 0, orders: await this.ordersInOrder(found.map((row) => row.id)) };
  }

  /** The orders of `ids`, in that order (a page's ids come from an index-only scan first). */
  private async ordersInOrder(ids: readonly string[]): Promise<OrderRow[]> {
    if (ids.length === 0) return [];
    const found = await this.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...ids]));
    const byId = new Map(found.map((order) => [order.id, order]));
    return ids.map((id) => byId.get(id)).filter((order): order is OrderRow => order !== undefined);
  }

  /**
   * The orders of the export after `after` (oldest first, keyset on created_at and id), at most
   * `limit`: the CSV is written a batch at a time. `cursor` keeps created_at's microseconds.
   */
  async exportBatch(
    filter: { from: string; to: string; status?: OrderStatus },
    after: { cursor: string; id: string } | null,
    limit: number,
  ) {
    const where = adminWhere(filter);
    // Oldest first, ties by id descending: orders_created_idx (created_at DESC, id) read backwards,
    // so each batch starts where the last ended instead of sorting what is left.
    const keyset = after
      ? sql`AND created_at >= ${after.cursor}::timestamptz
            AND (created_at > ${after.cursor}::timestamptz OR id < ${after.id}::uuid)`
      : sql``;
    const ids = await this.rows<{ id: string; cursor: string }>(
      sql`SELECT id, created_at::text AS cursor FROM orders ${where} ${keyset} ORDER BY created_at ASC, id DESC LIMIT ${limit}`,
    );
    const last = ids.at(-1);
    return {
      orders: await this.ordersInOrder(ids.map((row) => row.id)),
      cursor: last ? { cursor: last.cursor, id: last.id } : null,
    };
  }

  // ---------- Deadlines ----------

  /**
   * Claims unpaid, pending orders past their deadline (`expires_at`: a card order's payment
   * window, a transfer's deadline) for one expiry round: SKIP LOCKED and the claim column keep
   * two processes from checking the same order at once.
   */
  async claimDueOrders(limit: number, claimSeconds: number) {
    return this.rows<{ id: string }>(
      sql`UPDATE orders o SET expiry_claimed_until = now() + make_interval(secs => ${claimSeconds}::int)
            FROM (SELECT id FROM orders
                   WHERE status = 'PENDING' AND payment_status = 'UNPAID' AND expires_at <= now()
                     AND (expiry_claimed_until IS NULL OR expiry_claimed_until < now())
                   ORDER BY expires_at LIMIT ${limit}
                   FOR UPDATE SKIP LOCKED) due
           WHERE o.id = due.id
          RETURNING o.id`,
    );
  }

  async releaseExpiryClaim(orderId: string) {
    await this.database.db.update(orders).set({ expiryClaimedUntil: null }).where(eq(orders.id, orderId));
  }

  /**
   * Marks, and returns, unpaid long holds (a transfer to pay, a pay-on-delivery order to confirm)
   * past half of their time that have had no reminder: each is returned to one process only (SKIP LOCKED, and the mark commits with it).
   */
  async claimReminders(tx: Executor, limit: number): Promise<OrderRow[]> {
    const ids = await this.rows<{ id: string }>(
      sql`UPDATE orders o SET reminder_sent_at = now()
            FROM (SELECT id FROM orders
                   WHERE ${LONG_HOLD} AND status = 'PENDING' AND payment_status = 'UNPAID'
                     AND reminder_sent_at IS NULL AND expires_at > now()
                     AND created_at + (expires_at - created_at) / 2 <= now()
                   ORDER BY expires_at LIMIT ${limit}
                   FOR UPDATE SKIP LOCKED) due
           WHERE o.id = due.id
          RETURNING o.id`,
      tx,
    );
    if (ids.length === 0) return [];
    return tx
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          ids.map((row) => row.id),
        ),
      );
  }
}
