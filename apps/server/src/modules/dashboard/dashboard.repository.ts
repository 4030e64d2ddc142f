import { LOW_STOCK_THRESHOLD, QUANTITY_SCALE, type SaleUnit } from '@shop/shared';
import type { Database } from '../../db/client';

/** The shop's days are Lagos days (WAT, UTC+1 all year). */
const ZONE = 'Africa/Lagos';

export interface DayRow {
  date: string;
  kobo: string | number;
  orders: number;
}

/**
 * The sales dashboard's SQL: every figure is an aggregate the database computes over indexes
 * (migration 0006), never a list of orders read into the server. "Paid" means payment status
 * PAID: a refunded payment is not revenue. A paid order counts on the Lagos day it was paid.
 */
export class DashboardRepository {
  constructor(private readonly database: Database) {}

  /** Each of the last `days` Lagos days, today included, oldest first: revenue (kobo) and paid orders. */
  revenueByDay(days: number): Promise<DayRow[]> {
    // One range of the partial paid_at index per day (its INCLUDEd total_kobo: index only), so
    // no row's time is converted: the day's bounds are.
    return this.database.query<DayRow>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, s.kobo, s.orders
         FROM (SELECT ((now() AT TIME ZONE $1)::date - offs) AS day FROM generate_series($2::int - 1, 0, -1) AS offs) d
         CROSS JOIN LATERAL (
           SELECT COALESCE(sum(total_kobo), 0)::bigint AS kobo, count(*)::int AS orders
             FROM orders
            WHERE payment_status = 'PAID'
              AND paid_at >= (d.day::timestamp AT TIME ZONE $1)
              AND paid_at < ((d.day + 1)::timestamp AT TIME ZONE $1)
         ) s
        ORDER BY d.day`,
      [ZONE, days],
    );
  }

  /**
   * Every order counted by status and by payment status, the bank transfers awaiting an admin
   * and the pay-on-delivery orders awaiting their money: one pass over orders_states_idx (index only).
   */
  async counts() {
    const groups = await this.database.query<{
      status: string;
      payment: string;
      n: number;
      transfers: number;
      pod: number;
    }>(
      `SELECT status, payment_status AS payment, count(*)::int AS n,
              count(*) FILTER (WHERE payment_method = 'bankTransfer')::int AS transfers,
              count(*) FILTER (WHERE payment_method = 'payOnDelivery')::int AS pod
         FROM orders GROUP BY status, payment_status`,
    );
    const sum = (pick: (group: (typeof groups)[number]) => boolean, value = (g: (typeof groups)[number]) => g.n) =>
      groups.filter(pick).reduce((total, group) => total + value(group), 0);
    const keys = (field: 'status' | 'payment') => [...new Set(groups.map((group) => group[field]))];
    return {
      byStatus: keys('status').map((key) => ({ key, n: sum((g) => g.status === key) })),
      byPayment: keys('payment').map((key) => ({ key, n: sum((g) => g.payment === key) })),
      transfersAwaiting: sum(
        (g) => g.payment === 'UNPAID' && g.status !== 'CANCELLED',
        (g) => g.transfers,
      ),
      // Pay on delivery placed and not yet paid nor cancelled: the riders still have to collect.
      payOnDeliveryAwaiting: sum(
        (g) => g.payment === 'UNPAID' && g.status !== 'CANCELLED',
        (g) => g.pod,
      ),
      // Still PENDING: nobody has called the customer yet, and the order expires unconfirmed.
      payOnDeliveryToConfirm: sum(
        (g) => g.payment === 'UNPAID' && g.status === 'PENDING',
        (g) => g.pod,
      ),
    };
  }

  /**
   * Unpaid, pending bank-transfer orders with a proof waiting for review: the admin list's
   * "Proofs to review" (orders.repository.ts PROOF_TO_REVIEW), read from the few unpaid transfers
   * (orders_transfer_unpaid_idx), then each one's proofs (transfer_proofs_order_idx).
   */
  async proofsToReview(): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders o
        WHERE o.payment_method = 'bankTransfer' AND o.payment_status = 'UNPAID' AND o.status = 'PENDING'
          AND EXISTS (SELECT 1 FROM transfer_proofs p WHERE p.order_id = o.id AND p.status = 'pending')`,
    );
    return row?.n ?? 0;
  }

  /**
   * The products that brought in the most from paid orders of the last `days` Lagos days, by
   * product (a deleted product's lines by their name), named as their latest line was sold.
   */
  topProducts(days: number, limit: number) {
    // Quantities in hundredths of the unit of sale, revenue from each line's total as charged
    // (price × quantity rounded once, after any price break: migration 0014).
    return this.database.query<{
      productId: string | null;
      name: string;
      unit: SaleUnit;
      packSize: number | null;
      packItemName: string | null;
      quantityHundredths: number;
      kobo: string | number;
    }>(
      `SELECT i.product_id AS "productId",
              (array_agg(i.name ORDER BY o.paid_at DESC))[1] AS name,
              (array_agg(i.unit ORDER BY o.paid_at DESC))[1] AS unit,
              (array_agg(i.pack_size ORDER BY o.paid_at DESC))[1] AS "packSize",
              (array_agg(i.pack_item_name ORDER BY o.paid_at DESC))[1] AS "packItemName",
              sum(i.quantity_hundredths)::int AS "quantityHundredths",
              sum(i.line_total_kobo)::bigint AS kobo
         FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.payment_status = 'PAID'
          AND o.paid_at >= (((now() AT TIME ZONE $1)::date - ($2::int - 1))::timestamp AT TIME ZONE $1)
        GROUP BY i.product_id, CASE WHEN i.product_id IS NULL THEN i.name END
        ORDER BY kobo DESC, name
        LIMIT $3`,
      [ZONE, days, limit],
    );
  }

  /**
   * Products at or below the low-stock threshold (LOW_STOCK_THRESHOLD whole units of sale: 5
   * yards, 5 packs), fewest first, and how many are low or out. Out of stock means not even one
   * line's minimum is left (units.ts isPurchasable), as the storefront and the admin list say;
   * compared in hundredths. Those out come first, then by what is left.
   */
  async lowStock(limit: number) {
    const threshold = LOW_STOCK_THRESHOLD * QUANTITY_SCALE;
    const [list, [counts]] = await Promise.all([
      this.database.query<{
        id: string;
        name: string;
        stockHundredths: number;
        unit: SaleUnit;
        minQuantityHundredths: number;
        packSize: number | null;
        packItemName: string | null;
        waiting: number;
      }>(
        `SELECT id, name, stock_hundredths AS "stockHundredths", unit,
                min_quantity_hundredths AS "minQuantityHundredths", pack_size AS "packSize",
                pack_item_name AS "packItemName",
                (SELECT count(*)::int FROM stock_alerts a
                  WHERE a.product_id = products.id AND a.confirmed_at IS NOT NULL
                    AND a.notified_at IS NULL AND a.cancelled_at IS NULL) AS waiting
           FROM products WHERE stock_hundredths <= $1 OR stock_hundredths < min_quantity_hundredths
          ORDER BY stock_hundredths >= min_quantity_hundredths, stock_hundredths, name, id LIMIT $2`,
        [threshold, limit],
      ),
      this.database.query<{ low: number; out: number }>(
        `SELECT count(*) FILTER (WHERE stock_hundredths >= min_quantity_hundredths)::int AS low,
                count(*) FILTER (WHERE stock_hundredths < min_quantity_hundredths)::int AS out
           FROM products WHERE stock_hundredths <= $1 OR stock_hundredths < min_quantity_hundredths`,
        [threshold],
      ),
    ]);
    return { list, low: counts?.low ?? 0, out: counts?.out ?? 0 };
  }

  /**
   * The products most people wait for (open confirmed back-in-stock alerts, migrations 0015 and 0020), most first:
   * the strongest restock signal the shop has. One pass over the open alerts' partial index.
   */
  waitingForRestock(limit: number) {
    return this.database.query<{ id: string; name: string; waiting: number }>(
      `SELECT p.id, p.name, w.waiting
         FROM (SELECT product_id, count(*)::int AS waiting FROM stock_alerts
                WHERE confirmed_at IS NOT NULL AND notified_at IS NULL AND cancelled_at IS NULL GROUP BY product_id) w
         JOIN products p ON p.id = w.product_id
        ORDER BY w.waiting DESC, p.name, p.id
        LIMIT $1`,
      [limit],
    );
  }
}
