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
    return this.database.query<DayRow>(
      `WITH bounds AS (SELECT (now() AT TIME ZONE $1)::date AS today),
            days AS (
              SELECT (today - offs)::date AS day FROM bounds, generate_series($2::int - 1, 0, -1) AS offs
            ),
            paid AS (
              SELECT (paid_at AT TIME ZONE $1)::date AS day, sum(total_kobo)::bigint AS kobo, count(*)::int AS orders
                FROM orders, bounds
               WHERE payment_status = 'PAID'
                 AND paid_at >= ((today - ($2::int - 1))::timestamp AT TIME ZONE $1)
               GROUP BY 1
            )
       SELECT to_char(days.day, 'YYYY-MM-DD') AS date, COALESCE(paid.kobo, 0) AS kobo, COALESCE(paid.orders, 0) AS orders
         FROM days LEFT JOIN paid ON paid.day = days.day
        ORDER BY days.day`,
      [ZONE, days],
    );
  }

  /** Every order counted by status and by payment status, and the bank transfers awaiting an admin. */
  async counts() {
    const [byStatus, byPayment, [transfers]] = await Promise.all([
      this.database.query<{ key: string; n: number }>(
        'SELECT status AS key, count(*)::int AS n FROM orders GROUP BY status',
      ),
      this.database.query<{ key: string; n: number }>(
        'SELECT payment_status AS key, count(*)::int AS n FROM orders GROUP BY payment_status',
      ),
      this.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders
          WHERE payment_method = 'bankTransfer' AND payment_status = 'UNPAID' AND status <> 'CANCELLED'`,
      ),
    ]);
    return { byStatus, byPayment, transfersAwaiting: transfers?.n ?? 0 };
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
