import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';
import { likePattern } from '../../lib/sql-literal';

export type SubscriberRow = Pick<typeof newsletterSubscribers.$inferSelect, 'id' | 'email' | 'active' | 'createdAt'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SubscriberFilter {
  search?: string;
  active?: 'true' | 'false';
}

const columns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  active: newsletterSubscribers.active,
  createdAt: newsletterSubscribers.createdAt,
};

function whereOf(filter: SubscriberFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) {
    // A piece of the address in any case (the trigram index of migration 0006).
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(sql`lower(${newsletterSubscribers.email}) LIKE ${likePattern(pattern)}`);
  }
  if (filter.active !== undefined) conditions.push(eq(newsletterSubscribers.active, filter.active === 'true'));
  return conditions.length ? and(...conditions) : undefined;
}

export class NewsletterRepository {
  constructor(private readonly database: Database) {}

  /**
   * Inserts the address, or turns an existing one (any letter case) back on. `wasActive` is
   * null for a new address, else whether it was subscribed before this call.
   */
  async upsertActive(
    tx: Executor,
    email: string,
    unsubscribeToken: string,
  ): Promise<{ id: string; unsubscribeToken: string; wasActive: boolean | null }> {
    const result = (await tx.execute(
      sql`WITH before AS (SELECT active FROM newsletter_subscribers WHERE lower(email) = lower(${email}))
          INSERT INTO newsletter_subscribers (email, unsubscribe_token) VALUES (${email}, ${unsubscribeToken})
          ON CONFLICT ((lower(email))) DO UPDATE SET active = true, updated_at = now()
          RETURNING id, unsubscribe_token AS "unsubscribeToken", (SELECT active FROM before) AS "wasActive"`,
    )) as unknown as { rows: { id: string; unsubscribeToken: string; wasActive: boolean | null }[] };
    const row = result.rows[0];
    if (!row) throw new Error('newsletter upsert returned nothing');
    return row;
  }

  /** The address's row (any letter case), or null: whether it is on the list, and its unsubscribe token. */
  async findByEmail(tx: Executor, email: string): Promise<{ id: string; active: boolean } | null> {
    const result = (await tx.execute(
      sql`SELECT id, active FROM newsletter_subscribers WHERE lower(email) = lower(${email})`,
    )) as unknown as { rows: { id: string; active: boolean }[] };
    return result.rows[0] ?? null;
  }

  /**
   * An unsubscribed address signed up again: its row (made, off the list, when it had none) holds
   * the hash of the link's token and when the link stops working; whether it is on the list is
   * left as it was.
   */
  async setComebackToken(
    tx: Executor,
    email: string,
    confirm: { tokenHash: string; expiresAt: Date; unsubscribeToken: string },
  ): Promise<void> {
    const expires = confirm.expiresAt.toISOString();
    await tx.execute(sql`INSERT INTO newsletter_subscribers (email, unsubscribe_token, active, confirm_token_hash, confirm_expires_at)
      VALUES (${email}, ${confirm.unsubscribeToken}, false, ${confirm.tokenHash}, ${expires}::timestamptz)
      ON CONFLICT ((lower(email))) DO UPDATE
        SET confirm_token_hash = excluded.confirm_token_hash, confirm_expires_at = excluded.confirm_expires_at`);
  }

  /** Whether this comeback link (by its token's hash) still works; read only. */
  async comebackUsable(tokenHash: string): Promise<boolean> {
    const result = (await this.database.db.execute(
      sql`SELECT 1 FROM newsletter_subscribers WHERE confirm_token_hash = ${tokenHash} AND confirm_expires_at > now()`,
    )) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  }

  /** The comeback link's button: the row holding it is turned on and the link used up. Its address, or null. */
  async confirmComeback(tx: Executor, tokenHash: string): Promise<string | null> {
    const result = (await tx.execute(sql`UPDATE newsletter_subscribers
      SET active = true, confirm_token_hash = NULL, confirm_expires_at = NULL, updated_at = now()
      WHERE confirm_token_hash = ${tokenHash} AND confirm_expires_at > now() RETURNING email`)) as unknown as {
      rows: { email: string }[];
    };
    return result.rows[0]?.email ?? null;
  }

  /** The address of this subscriber id, or null. */
  async emailOf(id: string): Promise<string | null> {
    if (!UUID.test(id)) return null;
    const [row] = await this.database.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id));
    return row?.email ?? null;
  }

  /** A page, newest first. */
  async list(filter: SubscriberFilter & { page: number; pageSize: number }) {
    const where = whereOf(filter);
    const db = this.database.db;
    const [rows, [total]] = await Promise.all([
      db
        .select(columns)
        .from(newsletterSubscribers)
        .where(where)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize),
      db.select({ n: count() }).from(newsletterSubscribers).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** The rows after `after` (keyset, oldest first), for the CSV export a batch at a time. */
  async batch(filter: SubscriberFilter, after: { cursor: string; id: string } | null, limit: number) {
    const where = and(
      whereOf(filter),
      after
        ? sql`(${newsletterSubscribers.createdAt}, ${newsletterSubscribers.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)`
        : undefined,
    );
    return (
      this.database.db
        // The cursor keeps created_at's microseconds, which a JS Date would lose.
        .select({ ...columns, cursor: sql<string>`${newsletterSubscribers.createdAt}::text` })
        .from(newsletterSubscribers)
        .where(where)
        .orderBy(newsletterSubscribers.createdAt, newsletterSubscribers.id)
        .limit(limit)
    );
  }

  async setActive(id: string, active: boolean): Promise<SubscriberRow | null> {
    if (!UUID.test(id)) return null;
    const [row] = await this.database.db
      .update(newsletterSubscribers)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(newsletterSubscribers.id, id))
      .returning(columns);
    return row ?? null;
  }

  /** The address whose token this is, read only; null when no address has it. */
  async findByToken(token: string): Promise<SubscriberRow | null> {
    const [row] = await this.database.db
      .select(columns)
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .limit(1);
    return row ?? null;
  }

  /** Turns off the one address whose token this is; null when no address has it. */
  async deactivateByToken(tx: Executor, token: string): Promise<SubscriberRow | null> {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ active: false, updatedAt: sql`now()` })
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .returning(columns);
    return row ?? null;
  }
}
