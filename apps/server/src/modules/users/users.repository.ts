import { and, count, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { emailVerifications, users } from '../../db/schema';

/** A users row as Drizzle reads it; the password hash never leaves the server (see toUser). */
export type UserRecord = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<
  Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phoneNumber'
    | 'address'
    | 'passwordHash'
    | 'role'
    | 'active'
    | 'emailVerifiedAt'
  >
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export interface UserListFilter {
  search?: string;
  role?: 'CUSTOMER' | 'ADMIN';
  active?: 'true' | 'false';
  page: number;
  pageSize: number;
}

/** The users table: every query on it, through the Drizzle builder. */
export class UsersRepository {
  constructor(private readonly database: Database) {}

  /** By email in any letter case (the unique index is on lower(email)). */
  async findByEmail(email: string, executor: Executor = this.database.db): Promise<UserRecord | undefined> {
    const [row] = await executor.select().from(users).where(sameEmail(email));
    return row;
  }

  async findById(id: string, executor: Executor = this.database.db): Promise<UserRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await executor.select().from(users).where(eq(users.id, id));
    return row;
  }

  async insert(values: NewUser, executor: Executor = this.database.db): Promise<UserRecord> {
    const [row] = await executor.insert(users).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  }

  /** Does nothing when the email is taken (the unique index decides between racing inserts). */
  async insertUnlessTaken(values: NewUser, executor: Executor = this.database.db): Promise<void> {
    await executor.insert(users).values(values).onConflictDoNothing();
  }

  /** The changes given, and updated_at; the row after, or undefined when there is none. */
  async update(id: string, changes: UserChanges, executor: Executor = this.database.db) {
    const [row] = await executor
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async delete(id: string, executor: Executor = this.database.db): Promise<void> {
    await executor.delete(users).where(eq(users.id, id));
  }

  // ---------- Email verification links (SECURITY.md "Verified email") ----------

  /** Marks every unused link of the user used, so none of them works any more. */
  async voidVerifications(userId: string, executor: Executor = this.database.db): Promise<void> {
    await executor
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
  }

  async insertVerification(
    values: { userId: string; tokenHash: string; email: string; expiresAt: Date },
    executor: Executor = this.database.db,
  ): Promise<void> {
    await executor.insert(emailVerifications).values(values);
  }

  /** A link by the hash of its token, live or not (a used one may belong to a verified address). */
  async findVerification(tokenHash: string, executor: Executor = this.database.db) {
    const [row] = await executor
      .select({
        id: emailVerifications.id,
        userId: emailVerifications.userId,
        email: emailVerifications.email,
        live: sql<boolean>`${emailVerifications.usedAt} IS NULL AND ${emailVerifications.expiresAt} > now()`,
      })
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, tokenHash));
    return row;
  }

  /**
   * Uses a live link: one statement, so two clicks at once cannot both use it. False when it was
   * used or expired meanwhile.
   */
  async useVerification(id: string, executor: Executor): Promise<boolean> {
    const used = await executor
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerifications.id, id),
          isNull(emailVerifications.usedAt),
          sql`${emailVerifications.expiresAt} > now()`,
        ),
      )
      .returning({ id: emailVerifications.id });
    return used.length > 0;
  }

  /**
   * Marks the user's address verified when it is still the address the link was sent to (an
   * address changed since is not proved by it); the row after, or undefined.
   */
  async markEmailVerified(userId: string, email: string, executor: Executor): Promise<UserRecord | undefined> {
    const [row] = await executor
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(users.id, userId), sameEmail(email)))
      .returning();
    return row;
  }

  /**
   * Newest first; `search` matches emails, first, last and full names (case-insensitive);
   * `role` CUSTOMER takes in a stored USER (anything but ADMIN); `active` true or false.
   */
  async list(query: UserListFilter) {
    const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
    const conditions: (SQL | undefined)[] = [];
    if (pattern) {
      conditions.push(
        or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern}`,
        ),
      );
    }
    if (query.role === 'ADMIN') conditions.push(eq(users.role, 'ADMIN'));
    if (query.role === 'CUSTOMER') conditions.push(ne(users.role, 'ADMIN'));
    if (query.active !== undefined) conditions.push(eq(users.active, query.active === 'true'));
    const where = and(...conditions);
    const db = this.database.db;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), users.id)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }
}
