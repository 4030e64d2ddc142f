import type { DeliveryMethod, OrderStatus, PaymentMethod, PaymentStatus } from '@shop/shared';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  orderHistory,
  orderItems,
  orders,
  paymentEvents,
  paymentReferences,
  type ShippingAddress,
} from '../../db/schema';
import { likePattern } from '../../lib/sql-literal';

/**
 * Every SQL statement of orders and payments. The Drizzle builder for plain reads and writes;
 * plain SQL where one statement does more (stock reservation, claims, the admin search).
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

async function rows<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A PostgreSQL array literal of values we produced or checked (uuids, integers). */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

export interface ProductForOrder {
  id: string;
  name: string;
  priceKobo: number;
  stock: number;
  image: string | null;
}

export async function findProductsForOrder(executor: Executor, ids: readonly string[]): Promise<ProductForOrder[]> {
  if (ids.length === 0) return [];
  return rows<ProductForOrder>(
    executor,
    sql`SELECT id, name, price_kobo AS "priceKobo", stock, images->>0 AS image
          FROM products WHERE id = ANY(${arrayLiteral(ids)}::uuid[])`,
  );
}

/**
 * Takes the stock of every line at the price the order was priced at, or none. Rows are locked
 * in product-id order (the `locked` CTE) so two orders of the same products never deadlock.
 * Returns the ids whose stock was taken: fewer than the lines means not enough stock or a price
 * that changed meanwhile, and the caller rolls the transaction back.
 */
export async function takeStock(
  tx: Executor,
  lines: readonly { productId: string; quantity: number; priceKobo: number }[],
): Promise<string[]> {
  const sorted = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  const taken = await rows<{ id: string }>(
    tx,
    sql`WITH wanted AS (
          SELECT * FROM unnest(${arrayLiteral(sorted.map((l) => l.productId))}::uuid[],
                               ${arrayLiteral(sorted.map((l) => l.quantity))}::int[],
                               ${arrayLiteral(sorted.map((l) => l.priceKobo))}::int[]) AS w(id, quantity, price_kobo)
        ), locked AS (
          SELECT p.id FROM products p WHERE p.id IN (SELECT id FROM wanted) ORDER BY p.id FOR NO KEY UPDATE
        )
        UPDATE products p SET stock = p.stock - w.quantity
          FROM wanted w, locked l
         WHERE p.id = w.id AND l.id = p.id AND p.stock >= w.quantity AND p.price_kobo = w.price_kobo
        RETURNING p.id`,
  );
  return taken.map((row) => row.id);
}

/** Puts an order's stock back, once: the stock_released_at guard makes a second call a no-op. */
export async function releaseStockOnce(tx: Executor, orderId: string): Promise<boolean> {
  const claimed = await tx
    .update(orders)
    .set({ stockReleasedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return false;
  await tx.execute(
    sql`UPDATE products p SET stock = p.stock + i.quantity
          FROM (SELECT product_id, sum(quantity)::int AS quantity FROM order_items
                 WHERE order_id = ${orderId} AND product_id IS NOT NULL GROUP BY product_id ORDER BY product_id) i
         WHERE p.id = i.product_id`,
  );
  return true;
}

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
}

/** The new order, or null when its number is taken (the caller draws another). */
export async function insertOrder(tx: Executor, order: NewOrder): Promise<OrderRow | null> {
  const [row] = await tx.insert(orders).values(order).onConflictDoNothing({ target: orders.orderNumber }).returning();
  return row ?? null;
}

export async function insertOrderItems(
  tx: Executor,
  orderId: string,
  items: readonly { productId: string; name: string; image: string | null; priceKobo: number; quantity: number }[],
): Promise<OrderItemRow[]> {
  return tx
    .insert(orderItems)
    .values(items.map((item) => ({ ...item, orderId })))
    .returning();
}

export async function insertHistory(
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

export async function hasHistoryNote(tx: Executor, orderId: string, note: string): Promise<boolean> {
  const found = await tx
    .select({ id: orderHistory.id })
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.note, note)))
    .limit(1);
  return found.length > 0;
}

/** The order row, locked until the transaction ends: every state change starts here. */
export async function lockOrder(tx: Executor, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update');
  return row ?? null;
}

export async function updateOrder(
  tx: Executor,
  orderId: string,
  values: Partial<{
    status: OrderStatus;
    paymentStatus: PaymentStatus;
    transactionId: string | null;
    paidAt: Date | null;
    gatewayResponse: string | null;
    paymentReference: string | null;
    paymentAttempts: number;
    expiryClaimedUntil: Date | null;
    expiresAt: Date | null;
  }>,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error(`order ${orderId} vanished`);
  return row;
}

/** An order by its id, its number (TS-…) or one of its payment references, or null. */
export async function findOrder(executor: Executor, idOrNumber: string): Promise<OrderRow | null> {
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

export async function itemsOf(executor: Executor, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return executor
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
}

export async function historyOf(executor: Executor, orderId: string): Promise<OrderHistoryRow[]> {
  return executor
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id));
}

/** A customer's orders, newest first (a customer has tens, not thousands). */
export async function ordersOfUser(executor: Executor, userId: string, limit = 200): Promise<OrderRow[]> {
  return executor
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export interface AdminOrderFilter {
  status?: OrderStatus;
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
function adminWhere(filter: Omit<AdminOrderFilter, 'page' | 'pageSize'>): SQL {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
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

/** How many orders the admin list's filter matches (an exact count, over the indexes of 0006). */
export async function countAdminOrders(executor: Executor, filter: Omit<AdminOrderFilter, 'page' | 'pageSize'>) {
  const [count] = await rows<{ total: number }>(
    executor,
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
export async function adminOrderPage(executor: Executor, filter: AdminOrderFilter, total: number) {
  const where = adminWhere(filter);
  const offset = (filter.page - 1) * filter.pageSize;
  if (offset >= total) return [];
  const fromTheEnd = offset > total / 2;
  const ids = fromTheEnd
    ? (
        await rows<{ id: string }>(
          executor,
          sql`SELECT id FROM orders ${where} ORDER BY created_at ASC, id DESC
               LIMIT ${Math.min(filter.pageSize, total - offset)} OFFSET ${Math.max(0, total - offset - filter.pageSize)}`,
        )
      ).reverse()
    : await rows<{ id: string }>(
        executor,
        sql`SELECT id FROM orders ${where} ORDER BY created_at DESC, id LIMIT ${filter.pageSize} OFFSET ${offset}`,
      );
  if (ids.length === 0) return [];
  const found = await executor
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        ids.map((row) => row.id),
      ),
    );
  const byId = new Map(found.map((order) => [order.id, order]));
  return ids.map((row) => byId.get(row.id)).filter((order): order is OrderRow => order !== undefined);
}

/**
 * The orders of the export after `after` (oldest first, keyset on created_at and id), at most
 * `limit`: the CSV is written a batch at a time. `cursor` keeps created_at's microseconds.
 */
export async function exportBatch(
  executor: Executor,
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
  const ids = await rows<{ id: string; cursor: string }>(
    executor,
    sql`SELECT id, created_at::text AS cursor FROM orders ${where} ${keyset} ORDER BY created_at ASC, id DESC LIMIT ${limit}`,
  );
  if (ids.length === 0) return { orders: [] as OrderRow[], cursor: null };
  const found = await executor
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        ids.map((row) => row.id),
      ),
    );
  const byId = new Map(found.map((order) => [order.id, order]));
  const last = ids.at(-1);
  return {
    orders: ids.map((row) => byId.get(row.id)).filter((order): order is OrderRow => order !== undefined),
    cursor: last ? { cursor: last.cursor, id: last.id } : null,
  };
}

/** An order's payment events (provider webhooks, confirmed transfers), oldest first. */
export async function paymentEventsOf(executor: Executor, orderId: string) {
  return executor
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));
}

// ---------- Payment references and events ----------

export async function referencesOf(executor: Executor, orderId: string) {
  return executor
    .select()
    .from(paymentReferences)
    .where(eq(paymentReferences.orderId, orderId))
    .orderBy(desc(paymentReferences.createdAt), desc(paymentReferences.reference));
}

export async function findReference(executor: Executor, reference: string) {
  const [row] = await executor.select().from(paymentReferences).where(eq(paymentReferences.reference, reference));
  return row ?? null;
}

export async function insertReference(tx: Executor, orderId: string, reference: string) {
  await tx.insert(paymentReferences).values({ orderId, reference }).onConflictDoNothing();
}

export async function markReferenceReached(executor: Executor, reference: string) {
  await executor
    .update(paymentReferences)
    .set({ reachedProviderAt: sql`now()` })
    .where(and(eq(paymentReferences.reference, reference), isNull(paymentReferences.reachedProviderAt)));
}

/** The order a payment reference belongs to: one of its references, or its number. */
export async function orderIdOfReference(executor: Executor, reference: string): Promise<string | null> {
  const found = await rows<{ id: string }>(
    executor,
    sql`SELECT order_id AS id FROM payment_references WHERE reference = ${reference}
        UNION ALL SELECT id FROM orders WHERE order_number = ${reference} LIMIT 1`,
  );
  return found[0]?.id ?? null;
}

/** Keeps a provider event; false when the same event was kept before. */
export async function insertPaymentEvent(
  executor: Executor,
  event: { dedupeKey: string; event: string; reference: string | null; orderId: string | null; payload: unknown },
): Promise<{ id: string; processed: boolean }> {
  const [inserted] = await executor
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: paymentEvents.dedupeKey })
    .returning({ id: paymentEvents.id });
  if (inserted) return { id: inserted.id, processed: false };
  const [existing] = await executor
    .select({ id: paymentEvents.id, processedAt: paymentEvents.processedAt })
    .from(paymentEvents)
    .where(eq(paymentEvents.dedupeKey, event.dedupeKey));
  if (!existing) throw new Error('payment event vanished');
  return { id: existing.id, processed: existing.processedAt !== null };
}

export async function markPaymentEventProcessed(executor: Executor, id: string) {
  await executor.update(paymentEvents).set({ processedAt: sql`now()` }).where(eq(paymentEvents.id, id));
}

/** Events kept but not applied (their process stopped first), older than a minute. */
export async function unprocessedPaymentEvents(executor: Executor, limit: number) {
  return executor
    .select()
    .from(paymentEvents)
    .where(and(isNull(paymentEvents.processedAt), sql`${paymentEvents.createdAt} < now() - interval '1 minute'`))
    .orderBy(asc(paymentEvents.createdAt))
    .limit(limit);
}

// ---------- Expiry ----------

/**
 * Claims unpaid card orders past their payment window, and unpaid bank-transfer orders older
 * than `bankTransferHours`, for one expiry round: SKIP LOCKED and
 * the claim column keep two processes from checking the same order at once.
 */
export async function claimExpiredOrders(
  executor: Executor,
  limit: number,
  claimSeconds: number,
  bankTransferHours: number,
) {
  return rows<{ id: string }>(
    executor,
    sql`UPDATE orders o SET expiry_claimed_until = now() + make_interval(secs => ${claimSeconds}::int)
          FROM (SELECT id FROM orders
                 WHERE status = 'PENDING' AND payment_status = 'UNPAID'
                   AND ((payment_method = 'card' AND expires_at <= now())
                        OR (payment_method = 'bankTransfer'
                            AND created_at <= now() - make_interval(hours => ${bankTransferHours}::int)))
                   AND (expiry_claimed_until IS NULL OR expiry_claimed_until < now())
                 ORDER BY COALESCE(expires_at, created_at) LIMIT ${limit}
                 FOR UPDATE SKIP LOCKED) due
         WHERE o.id = due.id
        RETURNING o.id`,
  );
}

export async function releaseExpiryClaim(executor: Executor, orderId: string) {
  await executor.update(orders).set({ expiryClaimedUntil: null }).where(eq(orders.id, orderId));
}
