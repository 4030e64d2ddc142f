import { LOW_STOCK_THRESHOLD } from '@shop/shared';
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
    };
  }

  /**
   * The products that brought in the most from paid orders of the last `days` Lagos days, by
   * product (a deleted product's lines by their name), named as their latest line was sold.
   */
  topProducts(days: number, limit: number) {
    return this.database.query<{ productId: string | null; name: string; quantity: number; kobo: string | number }>(
      `SELECT i.product_id AS "productId",
              (array_agg(i.name ORDER BY o.paid_at DESC))[1] AS name,
              sum(i.quantity)::int AS quantity,
              sum(i.price_kobo::bigint * i.quantity)::bigint AS kobo
         FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.payment_status = 'PAID'
          AND o.paid_at >= (((now() AT TIME ZONE $1)::date - ($2::int - 1))::timestamp AT TIME ZONE $1)
        GROUP BY i.product_id, CASE WHEN i.product_id IS NULL THEN i.name END
        ORDER BY kobo DESC, name
        LIMIT $3`,
      [ZONE, days, limit],
    );
  }

  /** Products at or below the low-stock threshold, fewest first, and how many are low or out. */
  async lowStock(limit: number) {
    const [list, [counts]] = await Promise.all([
      this.database.query<{ id: string; name: string; stock: number }>(
        'SELECT id, name, stock FROM products WHERE stock <= $1 ORDER BY stock, name, id LIMIT $2',
        [LOW_STOCK_THRESHOLD, limit],
      ),
      this.database.query<{ low: number; out: number }>(
        `SELECT count(*) FILTER (WHERE stock > 0)::int AS low, count(*) FILTER (WHERE stock <= 0)::int AS out
           FROM products WHERE stock <= $1`,
        [LOW_STOCK_THRESHOLD],
      ),
    ]);
    return { list, low: counts?.low ?? 0, out: counts?.out ?? 0 };
  }
}
