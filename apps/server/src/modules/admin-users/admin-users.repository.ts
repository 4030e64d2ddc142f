import { and, count, eq, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema';

const ADMIN = 'ADMIN';

/** The admin rows that the last-admin rule and the first-admin start-up read. */
export class AdminUsersRepository {
  constructor(private readonly database: Database) {}

  async countAdmins(): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(users).where(eq(users.role, ADMIN));
    return Number(row?.n ?? 0);
  }

  /**
   * Locks the active admins' rows until the transaction ends. NOTE: this serialises concurrent
   * demotions, so two admins demoting each other at once cannot both succeed.
   */
  async lockActiveAdmins(tx: Executor): Promise<void> {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, ADMIN), eq(users.active, true)))
      .for('update');
  }

  async countActiveAdminsExcept(id: string, tx: Executor): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, ADMIN), eq(users.active, true), ne(users.id, id)));
    return Number(row?.n ?? 0);
  }
}
