import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES as M,
  MESSAGES,
  normalizeRole,
  type User,
  type UserListQuery,
  type UserPage,
} from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../mail/outbox-email';
import { type RateLimitStore, tooManyRequests } from '../../plugins/rate-limit';
import { type SessionStore, toUser, USER_COLUMNS, type UserRow } from './session-store';

const MINUTE = 60_000;
/** OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const DAY = 24 * 60 * MINUTE;
/** Wrong reset codes one email may get in a day, across all its codes. */
export const RESET_FAILURES_PER_DAY = 20;
/** Many failed logins from one address across emails: a cruder, looser limit. */
const LOGIN_FAILURES_PER_ADDRESS = 100;

/**
 * What one address (IP) may ask of the endpoints that hash with argon2 (19 MiB, ~20 ms each),
 * counted before any hashing, so changing the email each time cannot tie up the server.
 * Loose enough for a tailoring school signing its class up from one network.
 */
export const ADDRESS_LIMITS = {
  register: { max: 30, windowMs: 60 * MINUTE },
  requestReset: { max: 30, windowMs: 15 * MINUTE },
  resetPassword: { max: 60, windowMs: 15 * MINUTE },
} as const;

export const DEFAULT_ADMIN = { email: 'admin@example.com', password: 'Admin@12345' } as const;

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phoneNumber?: string | null;
}

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string | null;
  address?: string | null;
}

const isUniqueViolation = (error: unknown) => {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

/**
 * The accounts rules: registration, login with its limits, sessions, the emailed one-time
 * code, profiles, and the admin's changes to users. Plain arguments in, plain data out.
 */
export class AccountsService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly database: Database,
    private readonly sessions: SessionStore,
    private readonly limits: RateLimitStore,
    private readonly options: { onEmailQueued: () => void; shopUrl?: string },
  ) {}

  hashPassword(password: string) {
    return hash(password, ARGON2);
  }

  /** Verifies against a throwaway hash when there is no user, so timing does not tell. */
  private async verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
    if (!passwordHash) {
      this.dummyHash ??= this.hashPassword('no-such-user-Aa1@');
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }

  /** Counts one request from `ip` towards `kind`'s limit; 429 once it is spent. */
  private async limitAddress(kind: keyof typeof ADDRESS_LIMITS, ip: string) {
    const { max, windowMs } = ADDRESS_LIMITS[kind];
    const window = await this.limits.hit(`${kind}-ip:${ip}`, windowMs);
    if (window.count > max) throw tooManyRequests(MESSAGES.tooManyRequests, window.resetInMs);
  }

  private async findByEmail(email: string): Promise<UserRow | undefined> {
    const rows = await this.database.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users u WHERE lower(u.email) = lower($1)`,
      [email],
    );
    return rows[0];
  }

  private async findById(id: string): Promise<UserRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const rows = await this.database.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
    return rows[0];
  }

  async register(input: RegisterInput, context: { ip: string }): Promise<User> {
    await this.limitAddress('register', context.ip);
    if (await this.findByEmail(input.email)) throw this.emailTaken();
    const passwordHash = await this.hashPassword(input.password);
    try {
      const user = await this.database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phoneNumber: input.phoneNumber ?? null,
            passwordHash,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        await enqueueEmail(tx, {
          to: row.email,
          template: 'welcome',
          data: { firstName: row.firstName, shopUrl: this.options.shopUrl },
        });
        return row;
      });
      this.options.onEmailQueued();
      return toUser({
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone_number: user.phoneNumber,
        address: user.address,
        password_hash: '',
        role: user.role,
        active: user.active,
        created_at: user.createdAt,
      });
    } catch (error) {
      // Two registrations racing for one email: the unique index decides.
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
  }

  private emailTaken() {
    return new AppError('EMAIL_TAKEN', M.emailTaken, { errors: { email: M.emailTaken } });
  }

  async login(email: string, password: string, context: { ip: string; userAgent?: string }) {
    const emailKey = `login:${email}`;
    const addressKey = `login-ip:${context.ip}`;
    const windowMs = ACCOUNT_LIMITS.loginWindowMinutes * MINUTE;
    // Every attempt is counted before the password is checked, so a burst of parallel guesses
    // cannot all pass while the first ones are still being verified.
    const [byEmail, byAddress] = await Promise.all([
      this.limits.hit(emailKey, windowMs),
      this.limits.hit(addressKey, windowMs),
    ]);
    if (byEmail.count > ACCOUNT_LIMITS.loginFailuresPerEmail)
      throw tooManyRequests(M.tooManyLoginAttempts, byEmail.resetInMs);
    if (byAddress.count > LOGIN_FAILURES_PER_ADDRESS)
      throw tooManyRequests(M.tooManyLoginAttempts, byAddress.resetInMs);

    const row = await this.findByEmail(email);
    if (!(await this.verifyPassword(row?.password_hash, password)) || !row) {
      throw new AppError('INVALID_CREDENTIALS', M.invalidCredentials);
    }
    // The right password: this attempt was no failure.
    await Promise.all([this.limits.reset(emailKey), this.limits.release(addressKey)]);
    // Only someone who knows the password learns that the account is disabled.
    if (!row.active) throw new AppError('ACCOUNT_DISABLED', M.accountDisabled);
    const session = await this.sessions.create(row.id, context.userAgent);
    return { user: toUser(row), token: session.token, expiresAt: session.expiresAt };
  }

  async logout(token: string | undefined) {
    if (token) await this.sessions.revoke(token);
  }

  async updateProfile(userId: string, changes: ProfileChanges): Promise<User> {
    const current = await this.findById(userId);
    if (!current) throw new AppError('UNAUTHENTICATED', M.notLoggedIn);
    if (changes.email && changes.email.toLowerCase() !== current.email.toLowerCase()) {
      const other = await this.findByEmail(changes.email);
      if (other && other.id !== userId) throw this.emailTaken();
    }
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (changes.firstName !== undefined) set.firstName = changes.firstName;
    if (changes.lastName !== undefined) set.lastName = changes.lastName;
    if (changes.email !== undefined) set.email = changes.email;
    if (changes.phoneNumber !== undefined) set.phoneNumber = changes.phoneNumber;
    if (changes.address !== undefined) set.address = changes.address;
    try {
      await this.database.db.update(users).set(set).where(sql`${users.id} = ${userId}`);
    } catch (error) {
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
    const updated = await this.findById(userId);
    if (!updated) throw new AppError('UNAUTHENTICATED', M.notLoggedIn);
    return toUser(updated);
  }

  /**
   * Emails a 6-digit code to an active account. The answer is the same whatever the email,
   * so nobody learns who has an account; the limit counts per email, existing or not.
   */
  async requestPasswordReset(email: string, context: { ip: string }): Promise<void> {
    await this.limitAddress('requestReset', context.ip);
    const window = await this.limits.hit(`reset:${email}`, ACCOUNT_LIMITS.resetWindowMinutes * MINUTE);
    if (window.count > ACCOUNT_LIMITS.resetRequestsPerEmail)
      throw tooManyRequests(M.tooManyResetRequests, window.resetInMs);

    const otp = String(randomInt(0, 10 ** ACCOUNT_LIMITS.otpDigits)).padStart(ACCOUNT_LIMITS.otpDigits, '0');
    // The hash is computed either way, so an unknown email takes as long as a known one.
    const otpHash = await this.hashPassword(otp);
    const row = await this.findByEmail(email);
    if (!row?.active) return;

    const expiresAt = new Date(Date.now() + ACCOUNT_LIMITS.otpValidMinutes * MINUTE);
    await this.database.db.transaction(async (tx) => {
      // A new code replaces any earlier one.
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(sql`${passwordResets.userId} = ${row.id} AND ${passwordResets.usedAt} IS NULL`);
      await tx.insert(passwordResets).values({ userId: row.id, otpHash, expiresAt });
      await enqueueEmail(tx, {
        to: row.email,
        template: 'password-reset-otp',
        data: { firstName: row.first_name, otp },
        expiresAt: expiresAt.toISOString(),
      });
    });
    this.options.onEmailQueued();
  }

  /**
   * Sets a new password with the emailed code. Each try is counted before the code is
   * checked, so parallel guesses cannot get past the limit; the fifth wrong try voids it.
   * A reset ends every session of the user.
   */
  async resetPassword(email: string, otp: string, newPassword: string, context: { ip: string }): Promise<void> {
    await this.limitAddress('resetPassword', context.ip);
    // Each code allows 5 tries and 3 codes come every 15 minutes: a day's cap keeps a patient
    // guesser from adding those up against one account.
    const failuresKey = `reset-failures:${email}`;
    const failures = await this.limits.peek(failuresKey);
    if (failures.count >= RESET_FAILURES_PER_DAY) throw tooManyRequests(M.tooManyResetRequests, failures.resetInMs);
    const invalid = () =>
      new AppError('INVALID_OTP', M.otpInvalidOrExpired, { errors: { otp: M.otpInvalidOrExpired } });
    const failed = async () => {
      await this.limits.hit(failuresKey, DAY);
      return invalid();
    };
    const row = await this.findByEmail(email);
    if (!row?.active) {
      await this.verifyPassword(undefined, otp);
      throw await failed();
    }
    const [reset] = await this.database.query<{ id: string; otp_hash: string; failed_attempts: number }>(
      `UPDATE password_resets SET failed_attempts = failed_attempts + 1
        WHERE id = (SELECT id FROM password_resets
                     WHERE user_id = $1 AND used_at IS NULL AND expires_at > now() AND failed_attempts < $2
                     ORDER BY created_at DESC LIMIT 1)
          AND failed_attempts < $2
      RETURNING id, otp_hash, failed_attempts`,
      [row.id, ACCOUNT_LIMITS.otpMaxAttempts],
    );
    if (!reset) {
      // No code pending: as slow as a wrong code, so timing does not tell who has an account.
      await this.verifyPassword(undefined, otp);
      throw await failed();
    }
    if (!(await verify(reset.otp_hash, otp).catch(() => false))) {
      if (reset.failed_attempts >= ACCOUNT_LIMITS.otpMaxAttempts) {
        await this.database.query('UPDATE password_resets SET used_at = now() WHERE id = $1 AND used_at IS NULL', [
          reset.id,
        ]);
      }
      throw await failed();
    }
    const passwordHash = await this.hashPassword(newPassword);
    await this.database.db.transaction(async (tx) => {
      const used = await tx.execute(
        sql`UPDATE password_resets SET used_at = now() WHERE id = ${reset.id} AND used_at IS NULL RETURNING id`,
      );
      // Someone used this code a moment ago.
      if ((used as unknown as { rows: unknown[] }).rows.length === 0) throw invalid();
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(sql`${users.id} = ${row.id}`);
      await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${row.id}`);
    });
  }

  // ---------- Admin ----------

  async listUsers(query: UserListQuery): Promise<UserPage> {
    const params: unknown[] = [];
    let where = '';
    if (query.search) {
      params.push(`%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      where = `WHERE u.email ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1 OR (u.first_name || ' ' || u.last_name) ILIKE $1`;
    }
    const [count] = await this.database.query<{ total: number | string }>(
      `SELECT count(*) AS total FROM users u ${where}`,
      params,
    );
    const rows = await this.database.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users u ${where} ORDER BY u.created_at DESC, u.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    return { users: rows.map(toUser), page: query.page, pageSize: query.pageSize, total: Number(count?.total ?? 0) };
  }

  /** Role and active changes; never leaves the shop without an active admin. */
  async updateUser(id: string, changes: { role?: 'CUSTOMER' | 'ADMIN'; active?: boolean }): Promise<User> {
    const target = await this.findById(id);
    if (!target) throw new AppError('NOT_FOUND', M.userNotFound);
    await this.database.db.transaction(async (tx) => {
      await this.lockAdmins(tx);
      const stillAdmin = (changes.role ?? normalizeRole(target.role)) === 'ADMIN' && (changes.active ?? target.active);
      if (!stillAdmin) await this.assertAnotherActiveAdmin(tx, id);
      const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (changes.role !== undefined) set.role = changes.role;
      if (changes.active !== undefined) set.active = changes.active;
      await tx.update(users).set(set).where(sql`${users.id} = ${id}`);
      // A disabled account is logged out everywhere at once.
      if (changes.active === false) await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${id}`);
    });
    const updated = await this.findById(id);
    if (!updated) throw new AppError('NOT_FOUND', M.userNotFound);
    return toUser(updated);
  }

  async deleteUser(id: string): Promise<void> {
    const target = await this.findById(id);
    if (!target) throw new AppError('NOT_FOUND', M.userNotFound);
    await this.database.db.transaction(async (tx) => {
      await this.lockAdmins(tx);
      await this.assertAnotherActiveAdmin(tx, id);
      // Sessions and reset codes go with the user (cascade); orders keep their rows (set null).
      await tx.delete(users).where(sql`${users.id} = ${id}`);
    });
  }

  // NOTE: locking the admin rows serialises concurrent demotions, so two admins demoting each
  // other at once cannot both succeed.
  private async lockAdmins(tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) {
    await tx.execute(sql`SELECT id FROM users WHERE role = 'ADMIN' AND active FOR UPDATE`);
  }

  private async assertAnotherActiveAdmin(
    tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0],
    exceptId: string,
  ) {
    const result = await tx.execute(
      sql`SELECT count(*)::int AS n FROM users WHERE role = 'ADMIN' AND active AND id <> ${exceptId}`,
    );
    const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    if (n === 0) throw new AppError('LAST_ADMIN', M.lastAdmin);
  }

  /**
   * The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD, or outside production the documented
   * default. Does nothing once any admin exists. Two processes starting together are settled
   * by the unique email index.
   */
  async ensureFirstAdmin(
    config: { env: string; admin: { email?: string; password?: string } },
    log: FastifyBaseLogger,
  ) {
    const [existing] = await this.database.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM users WHERE role = 'ADMIN'`,
    );
    if (Number(existing?.n ?? 0) > 0) return;
    let email = config.admin.email?.toLowerCase();
    let password = config.admin.password;
    if (!email || !password) {
      if (config.env === 'production') {
        log.warn('no admin account exists: set ADMIN_EMAIL and ADMIN_PASSWORD to create one');
        return;
      }
      email = DEFAULT_ADMIN.email;
      password = DEFAULT_ADMIN.password;
      log.warn(
        { email },
        'created the default admin account; its password is the one in README.md. Set ADMIN_EMAIL and ADMIN_PASSWORD for a real one',
      );
    } else {
      log.info({ email }, 'creating the first admin from ADMIN_EMAIL');
    }
    const passwordHash = await this.hashPassword(password);
    const found = await this.findByEmail(email);
    if (found) {
      // The address already has an account: it becomes the admin, its password unchanged.
      await this.database.query(`UPDATE users SET role = 'ADMIN', active = true, updated_at = now() WHERE id = $1`, [
        found.id,
      ]);
      return;
    }
    await this.database.query(
      `INSERT INTO users (first_name, last_name, email, password_hash, role) VALUES ('Shop', 'Admin', $1, $2, 'ADMIN')
       ON CONFLICT DO NOTHING`,
      [email, passwordHash],
    );
  }
}
