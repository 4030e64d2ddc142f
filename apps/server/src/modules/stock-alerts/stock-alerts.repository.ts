import type { SaleTerms } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';

/**
 * What the request and the restock read of a product: its price, its stock and how it is sold.
 * The row is its own SaleTerms (PRODUCT_COLUMNS names the columns so), read as stored: the
 * catalogue writes the breaks in ascending order (saleTermsFromInput).
 */
export interface AlertProductRow extends SaleTerms {
  id: string;
  name: string;
  slug: string;
  priceKobo: number;
  stockHundredths: number;
}

export interface OpenAlertRow {
  id: string;
  email: string;
}

const OPEN = sql`notified_at IS NULL AND cancelled_at IS NULL`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** AlertProductRow: how the product is sold under SaleTerms' own names, so the row is its terms. */
const PRODUCT_COLUMNS = sql`id, name, slug, price_kobo AS "priceKobo", stock_hundredths AS "stockHundredths", unit,
  step_hundredths AS "stepHundredths", min_quantity_hundredths AS "minHundredths", pack_size AS "packSize",
  pack_item_name AS "packItemName", price_breaks AS "priceBreaks"`;

/** The only SQL of back-in-stock alerts (table stock_alerts, migration 0015). */
export class StockAlertsRepository {
  constructor(private readonly database: Database) {}

  /**
   * The product, its row share-locked until the transaction ends: a restock committing meanwhile
   * waits for the new alert (and its trigger then sees it), or is seen here (and the request is
   * answered "in stock"). Either way no alert is left open on a product that can be bought.
   */
  async lockProduct(tx: Executor, idOrSlug: string): Promise<AlertProductRow | null> {
    const which = UUID.test(idOrSlug) ? sql`id = ${idOrSlug}::uuid` : sql`slug = ${idOrSlug}`;
    const result = await tx.execute(sql`SELECT ${PRODUCT_COLUMNS} FROM products WHERE ${which} FOR SHARE`);
    return rowsOf<AlertProductRow>(result)[0] ?? null;
  }

  async product(tx: Executor, productId: string): Promise<AlertProductRow | null> {
    const result = await tx.execute(sql`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ${productId}`);
    return rowsOf<AlertProductRow>(result)[0] ?? null;
  }

  /** Whether this address already waits for this product, and how many open alerts the address and the product have. */
  async openCounts(tx: Executor, productId: string, email: string) {
    const result = await tx.execute(sql`SELECT
        EXISTS (SELECT 1 FROM stock_alerts WHERE product_id = ${productId} AND email = ${email} AND ${OPEN}) AS "exists",
        (SELECT count(*)::int FROM stock_alerts WHERE email = ${email} AND ${OPEN}) AS "forEmail",
        (SELECT count(*)::int FROM stock_alerts WHERE product_id = ${productId} AND ${OPEN}) AS "forProduct"`);
    const row = rowsOf<{ exists: boolean; forEmail: number; forProduct: number }>(result)[0];
    return row ?? { exists: false, forEmail: 0, forProduct: 0 };
  }

  /** A new open alert; nothing when one is open already for this product and address (a racing twin). */
  async insertOpen(tx: Executor, alert: { productId: string; email: string; userId: string | null }): Promise<void> {
    await tx.execute(sql`INSERT INTO stock_alerts (product_id, email, user_id)
      VALUES (${alert.productId}, ${alert.email}, ${alert.userId})
      ON CONFLICT (product_id, email) WHERE ${OPEN} DO NOTHING`);
  }

  /**
   * The open alerts of a product, locked (id order) until the transaction ends. A second handler
   * for the same product waits here, then finds them notified and reads none.
   */
  async lockOpenFor(tx: Executor, productId: string): Promise<OpenAlertRow[]> {
    const result = await tx.execute(sql`SELECT id, email FROM stock_alerts
      WHERE product_id = ${productId} AND ${OPEN} ORDER BY id FOR UPDATE`);
    return rowsOf<OpenAlertRow>(result);
  }

  /** Closes one alert as notified, with the hash of the unsubscribe token its email carries. */
  async markNotified(tx: Executor, id: string, tokenHash: string): Promise<void> {
    await tx.execute(
      sql`UPDATE stock_alerts SET notified_at = now(), unsubscribe_token_hash = ${tokenHash} WHERE id = ${id}`,
    );
  }

  /**
   * The unsubscribe link: marks the alert holding this token's hash, and cancels every alert its
   * address still has open, so no further back-in-stock email goes there. Once; nothing for an
   * unknown hash.
   */
  async cancelByTokenHash(tokenHash: string): Promise<void> {
    await this.database.db.execute(
      sql`UPDATE stock_alerts SET cancelled_at = now()
           WHERE cancelled_at IS NULL
             AND (unsubscribe_token_hash = ${tokenHash}
                  OR (notified_at IS NULL
                      AND email = (SELECT email FROM stock_alerts WHERE unsubscribe_token_hash = ${tokenHash})))`,
    );
  }

  /** Open alerts per product, for these products (the admin's list); products nobody waits for are absent. */
  async waitingFor(productIds: string[]): Promise<Map<string, number>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.database.query<{ productId: string; waiting: number }>(
      `SELECT product_id AS "productId", count(*)::int AS waiting FROM stock_alerts
        WHERE product_id = ANY($1::uuid[]) AND notified_at IS NULL AND cancelled_at IS NULL
        GROUP BY product_id`,
      [`{${productIds.join(',')}}`],
    );
    return new Map(rows.map((row) => [row.productId, row.waiting]));
  }
}
