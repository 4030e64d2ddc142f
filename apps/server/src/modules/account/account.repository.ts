import { and, desc, eq, gt, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { passwordResets, sessions } from '../../db/schema';

/** The sessions and password_resets tables, through the Drizzle builder. */
export class AccountRepository {
  constructor(private readonly database: Database) {}

  async insertSession(values: { userId: string; tokenHash: string; expiresAt: Date; userAgent: string | null }) {
    await this.database.db.insert(sessions).values(values);
  }

  /** A session that has not expired, by the hash of its token. */
  async findLiveSession(tokenHash: string) {
    const [row] = await this.database.db
      .select({ id: sessions.id, userId: sessions.userId, lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)));
    return row;
  }

  async touchSession(id: string) {
    await this.database.db.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, id));
  }

  async deleteSession(tokenHash: string) {
    await this.database.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  /** Every session of the user but the one whose token hashes to `keepTokenHash`, if given. */
  async deleteSessionsOf(userId: string, executor: Executor = this.database.db, keepTokenHash?: string) {
    await executor
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined));
  }

  async deleteExpiredSessions() {
    await this.database.db.delete(sessions).where(lte(sessions.expiresAt, sql`now()`));
  }

  /** Marks every unused code of the user used, so none of them works any more. */
  async voidResetCodes(userId: string, executor: Executor = this.database.db) {
    await executor
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  }

  async insertResetCode(values: { userId: string; otpHash: string; expiresAt: Date }, executor: Executor) {
    await executor.insert(passwordResets).values(values);
  }

  /**
   * Counts one try against the user's newest live code and answers it, or undefined when no
   * code is live or its tries are spent. One statement, so parallel tries are each counted.
   */
  async countResetTry(userId: string, maxAttempts: number) {
    const newest = this.database.db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, userId),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
          lt(passwordResets.failedAttempts, maxAttempts),
        ),
      )
      .orderBy(desc(passwordResets.createdAt))
      .limit(1);
    const [row] = await this.database.db
      .update(passwordResets)
      .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
      .where(and(eq(passwordResets.id, sql`(${newest})`), lt(passwordResets.failedAttempts, maxAttempts)))
      .returning({
        id: passwordResets.id,
        otpHash: passwordResets.otpHash,
        failedAttempts: passwordResets.failedAttempts,
      });
    return row;
  }

  /** Marks the code used; false when it already was (someone used it a moment ago). */
  async useResetCode(id: string, executor: Executor = this.database.db): Promise<boolean> {
    const used = await executor
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    return used.length > 0;
  }
}
