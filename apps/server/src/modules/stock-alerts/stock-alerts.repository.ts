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
  confirmedAt: Date;
}

/** An open alert of this product and address: confirmed, or waiting for its link. */
export interface ExistingAlertRow {
  id: string;
  confirmed: boolean;
}

const OPEN = sql`notified_at IS NULL AND cancelled_at IS NULL`;
/** An open alert that counts: confirmed, or pending with a link that still works. */
const LIVE = sql`notified_at IS NULL AND cancelled_at IS NULL AND (confirmed_at IS NOT NULL OR confirm_expires_at > now())`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** AlertProductRow: how the product is sold under SaleTerms' own names, so the row is its terms. */
const PRODUCT_COLUMNS = sql`id, name, slug, price_kobo AS "priceKobo", stock_hundredths AS "stockHundredths", unit,
  step_hundredths AS "stepHundredths", min_quantity_hundredths AS "minHundredths", pack_size AS "packSize",
  pack_item_name AS "packItemName", price_breaks AS "priceBreaks"`;

/** The only SQL of back-in-stock alerts (table stock_alerts, migrations 0015 and 0020). */
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

  /**
   * Closes the address's pending alerts whose link stopped working: nobody confirmed them, so
   * they neither count against a limit nor stop the address asking (and being mailed) again.
   */
  async closeExpiredPending(tx: Executor, email: string): Promise<void> {
    await tx.execute(sql`UPDATE stock_alerts SET cancelled_at = now()
      WHERE email = ${email} AND ${OPEN} AND confirmed_at IS NULL AND confirm_expires_at <= now()`);
  }

  /** This address's open alert for this product, if any, and how many live alerts the address and the product have. */
  async openCounts(tx: Executor, productId: string, email: string) {
    const result = await tx.execute(sql`SELECT
        (SELECT jsonb_build_object('id', id, 'confirmed', confirmed_at IS NOT NULL) FROM stock_alerts
          WHERE product_id = ${productId} AND email = ${email} AND ${OPEN}) AS "existing",
        (SELECT count(*)::int FROM stock_alerts WHERE email = ${email} AND ${LIVE}) AS "forEmail",
        (SELECT count(*)::int FROM stock_alerts WHERE product_id = ${productId} AND ${LIVE}) AS "forProduct"`);
    const row = rowsOf<{ existing: ExistingAlertRow | null; forEmail: number; forProduct: number }>(result)[0];
    return row ?? { existing: null, forEmail: 0, forProduct: 0 };
  }

  /**
   * A new open alert: confirmed now (a signed-in customer's own address) or pending with the hash
   * of its link's token and when it stops working. false when one is open already for this
   * product and address (a racing twin).
   */
  async insertOpen(
    tx: Executor,
    alert: {
      productId: string;
      email: string;
      userId: string | null;
      confirm: { tokenHash: string; expiresAt: Date } | null;
    },
  ): Promise<boolean> {
    const result = await tx.execute(sql`INSERT INTO stock_alerts
        (product_id, email, user_id, confirmed_at, confirm_token_hash, confirm_expires_at)
      VALUES (${alert.productId}, ${alert.email}, ${alert.userId},
        ${alert.confirm ? null : sql`now()`}, ${alert.confirm?.tokenHash ?? null},
        ${alert.confirm ? alert.confirm.expiresAt.toISOString() : null}::timestamptz)
      ON CONFLICT (product_id, email) WHERE ${OPEN} DO NOTHING RETURNING id`);
    return rowsOf(result).length > 0;
  }

  /** A pending alert the signed-in owner of its address asked for again: confirmed, and theirs. */
  async confirmOwn(tx: Executor, id: string, userId: string): Promise<void> {
    await tx.execute(sql`UPDATE stock_alerts SET confirmed_at = now(), user_id = ${userId}, confirm_token_hash = NULL
      WHERE id = ${id} AND ${OPEN} AND confirmed_at IS NULL`);
  }

  /** The open alert whose confirmation link this is (read only), or null; `usable` when it is confirmed or its link still works. */
  async byConfirmHash(tokenHash: string): Promise<{ id: string; productId: string; usable: boolean } | null> {
    const result = await this.database.db.execute(sql`SELECT id, product_id AS "productId",
        (confirmed_at IS NOT NULL OR confirm_expires_at > now()) AS usable
      FROM stock_alerts WHERE confirm_token_hash = ${tokenHash} AND ${OPEN}`);
    return rowsOf<{ id: string; productId: string; usable: boolean }>(result)[0] ?? null;
  }

  /**
   * The link's press: a pending alert with a working link becomes confirmed (`confirmed`); one
   * confirmed already is left as it is (`already`); null when it is closed or its link expired.
   */
  async confirm(tx: Executor, id: string): Promise<'confirmed' | 'already' | null> {
    const result = await tx.execute(sql`UPDATE stock_alerts SET confirmed_at = now()
      WHERE id = ${id} AND ${OPEN} AND confirmed_at IS NULL AND confirm_expires_at > now() RETURNING id`);
    if (rowsOf(result).length > 0) return 'confirmed';
    const open = await tx.execute(
      sql`SELECT 1 FROM stock_alerts WHERE id = ${id} AND ${OPEN} AND confirmed_at IS NOT NULL`,
    );
    return rowsOf(open).length > 0 ? 'already' : null;
  }

  /** A product became purchasable with no restock to fire 0015's trigger (the alert was confirmed after it): its job, queued. */
  async queueRestocked(tx: Executor, productId: string): Promise<void> {
    await tx.execute(
      sql`INSERT INTO outbox (kind, payload) VALUES ('stock-returned', jsonb_build_object('productId', ${productId}::uuid))`,
    );
  }

  /**
   * The open confirmed alerts of a product, locked (id order) until the transaction ends. A
   * second handler for the same product waits here, then finds them notified and reads none.
   * Pending alerts are nobody's request yet: never read here.
   */
  async lockOpenFor(tx: Executor, productId: string): Promise<OpenAlertRow[]> {
    const result = await tx.execute(sql`SELECT id, email, confirmed_at AS "confirmedAt" FROM stock_alerts
      WHERE product_id = ${productId} AND ${OPEN} AND confirmed_at IS NOT NULL ORDER BY id FOR UPDATE`);
    return rowsOf<OpenAlertRow>(result).map((row) => ({ ...row, confirmedAt: new Date(row.confirmedAt) }));
  }

  /** Closes one alert without its email (the address unsubscribed since, or had its week's emails). */
  async markDropped(tx: Executor, id: string): Promise<void> {
    await tx.execute(sql`UPDATE stock_alerts SET cancelled_at = now() WHERE id = ${id}`);
  }

  /** Closes one alert as notified, with the hash of the unsubscribe token its email carries. */
  async markNotified(tx: Executor, id: string, tokenHash: string): Promise<void> {
    await tx.execute(
      sql`UPDATE stock_alerts SET notified_at = now(), unsubscribe_token_hash = ${tokenHash} WHERE id = ${id}`,
    );
  }

  /**
   * The unsubscribe link: marks the alert holding this token's hash, and answers its address (which
   * mail-consent then puts on the list of unsubscribed addresses); null for an unknown hash.
   */
  async cancelByTokenHash(tx: Executor, tokenHash: string): Promise<string | null> {
    const result = await tx.execute(sql`UPDATE stock_alerts SET cancelled_at = coalesce(cancelled_at, now())
      WHERE unsubscribe_token_hash = ${tokenHash} RETURNING email`);
    return rowsOf<{ email: string }>(result)[0]?.email ?? null;
  }

  /** Open alerts per product, for these products (the admin's list); products nobody waits for are absent. */
  async waitingFor(productIds: string[]): Promise<Map<string, number>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.database.query<{ productId: string; waiting: number }>(
      `SELECT product_id AS "productId", count(*)::int AS waiting FROM stock_alerts
        WHERE product_id = ANY($1::uuid[]) AND confirmed_at IS NOT NULL AND notified_at IS NULL AND cancelled_at IS NULL
        GROUP BY product_id`,
      [`{${productIds.join(',')}}`],
    );
    return new Map(rows.map((row) => [row.productId, row.waiting]));
  }
}
