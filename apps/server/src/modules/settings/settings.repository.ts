import type { ShopSettings, ShopSettingsFieldChange } from '@shop/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import { shopSettings, shopSettingsChanges, users } from '../../db/schema';

/** The saved row, with who saved it last (null: that account was deleted). */
export interface SavedSettingsRow {
  settings: ShopSettings;
  updatedAt: Date;
  updatedBy: { id: string; email: string } | null;
}

export interface SettingsChangeRow {
  id: string;
  at: Date;
  by: { id: string; email: string } | null;
  changes: ShopSettingsFieldChange[];
}

export class SettingsRepository {
  constructor(private readonly database: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction(work);
  }

  /**
   * Saves one after the other: the row may not exist yet, so there is nothing to lock with FOR
   * UPDATE; a transaction-scoped advisory lock orders two admins saving at once, so the second
   * compares its values with the first's and records only what it changed.
   */
  async lockForSave(tx: Transaction): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shop_settings'))`);
  }

  /** The saved settings, or null when none were ever saved (the first values apply). */
  async read(executor: Executor = this.database.db): Promise<SavedSettingsRow | null> {
    const [row] = await executor
      .select({
        settings: shopSettings.settings,
        updatedAt: shopSettings.updatedAt,
        userId: users.id,
        email: users.email,
      })
      .from(shopSettings)
      .leftJoin(users, eq(users.id, shopSettings.updatedBy))
      .where(eq(shopSettings.id, 1))
      .limit(1);
    if (!row) return null;
    return {
      settings: row.settings,
      updatedAt: row.updatedAt,
      updatedBy: row.userId && row.email ? { id: row.userId, email: row.email } : null,
    };
  }

  async write(tx: Transaction, settings: ShopSettings, userId: string, changes: ShopSettingsFieldChange[]) {
    const now = new Date();
    await tx
      .insert(shopSettings)
      .values({ id: 1, settings, updatedAt: now, updatedBy: userId })
      .onConflictDoUpdate({ target: shopSettings.id, set: { settings, updatedAt: now, updatedBy: userId } });
    await tx.insert(shopSettingsChanges).values({ at: now, userId, changes });
  }

  /** A page of the changes, newest first. */
  async changes(page: number, pageSize: number): Promise<{ rows: SettingsChangeRow[]; total: number }> {
    const db = this.database.db;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: shopSettingsChanges.id,
          at: shopSettingsChanges.at,
          changes: shopSettingsChanges.changes,
          userId: users.id,
          email: users.email,
        })
        .from(shopSettingsChanges)
        .leftJoin(users, eq(users.id, shopSettingsChanges.userId))
        .orderBy(desc(shopSettingsChanges.at), desc(shopSettingsChanges.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(shopSettingsChanges),
    ]);
    return {
      rows: rows.map((row) => ({
        id: row.id,
        at: row.at,
        changes: row.changes,
        by: row.userId && row.email ? { id: row.userId, email: row.email } : null,
      })),
      total: total?.total ?? 0,
    };
  }
}
