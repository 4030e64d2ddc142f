import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES as M, type User } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashSecret, verifySecret } from '../../lib/passwords';
import { enqueueEmail } from '../../mail/outbox-email';
import { type RateLimitStore, spendLimit, tooManyRequests } from '../../plugins/rate-limit';
import type { AccountRepository } from './account.repository';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** last_used_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * MINUTE;
/** Wrong reset codes one email may get in a day, across all its codes. */
export const RESET_FAILURES_PER_DAY = 20;

const LOGIN_WINDOW_MS = ACCOUNT_LIMITS.loginWindowMinutes * MINUTE;
/**
 * Login attempts, each counted before the password is checked (so parallel guesses cannot
 * slip past), in this order: one address across emails (a crude limit for spraying), one
 * email from one address (what a single guesser gets), one email from all addresses together
 * (a lock-out only a spread-out attack reaches, so strangers guessing from their addresses do
 * not lock the owner out of their own as fast).
 */
export const LOGIN_LIMITS = {
  perAddress: { max: 100, windowMs: LOGIN_WINDOW_MS },
  perEmailAndAddress: { max: ACCOUNT_LIMITS.loginFailuresPerEmail, windowMs: LOGIN_WINDOW_MS },
  perEmail: { max: 20, windowMs: LOGIN_WINDOW_MS },
} as const;

/**
 * What one address (IP) may ask of the endpoints that hash with argon2 (19 MiB, ~20 ms each),
 * counted before any hashing.
 */
export const ADDRESS_LIMITS = {
  requestReset: { max: 30, windowMs: 15 * MINUTE },
  resetPassword: { max: 60, windowMs: 15 * MINUTE },
} as const;
const RESET_REQUESTS_PER_EMAIL = {
  max: ACCOUNT_LIMITS.resetRequestsPerEmail,
  windowMs: ACCOUNT_LIMITS.resetWindowMinutes * MINUTE,
};
/** Wrong current passwords one user may send with a new email. */
const PASSWORD_CONFIRMATIONS = { max: ACCOUNT_LIMITS.loginFailuresPerEmail, windowMs: LOGIN_WINDOW_MS };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Tokens are 32 random bytes in base64url: anything else is not worth a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string | null;
  address?: string | null;
  currentPassword?: string;
}

/**
 * Who may act as a user: login with its limits, sessions (SHA-256 hashes of random tokens in
 * the database, so a leaked table cannot be replayed and ending one works at once on every
 * process), the emailed one-time code, and the user's own changes to their account.
 */
export class AccountService {
  constructor(
    private readonly database: Database,
    private readonly repository: AccountRepository,
    private readonly users: FastifyInstance['users'],
    private readonly limits: RateLimitStore,
    private readonly options: { sessionTtlMs: number; onEmailQueued: () => void },
  ) {}

  get sessionTtlSeconds() {
    return Math.floor(this.options.sessionTtlMs / 1000);
  }

  async login(email: string, password: string, context: { ip: string; userAgent?: string }) {
    const keys = {
      address: `login-ip:${context.ip}`,
      emailAndAddress: `login:${email}|${context.ip}`,
      email: `login:${email}`,
    };
    await spendLimit(this.limits, keys.address, LOGIN_LIMITS.perAddress, M.tooManyLoginAttempts);
    await spendLimit(this.limits, keys.emailAndAddress, LOGIN_LIMITS.perEmailAndAddress, M.tooManyLoginAttempts);
    await spendLimit(this.limits, keys.email, LOGIN_LIMITS.perEmail, M.tooManyLoginAttempts);

    const account = await this.users.findAccountByEmail(email).catch(async (error: unknown) => {
      // The database did not answer (a 503): no password was tried, so no attempt is counted,
      // or a customer retrying through a restart would find themselves locked out after it.
      await Promise.all([
        this.limits.release(keys.address),
        this.limits.release(keys.emailAndAddress),
        this.limits.release(keys.email),
      ]);
      throw error;
    });
    if (!(await verifySecret(account?.passwordHash, password)) || !account) {
      throw new AppError('INVALID_CREDENTIALS', M.invalidCredentials);
    }
    // The right password: this attempt was no failure.
    await Promise.all([
      this.limits.reset(keys.emailAndAddress),
      this.limits.reset(keys.email),
      this.limits.release(keys.address),
    ]);
    // Only someone who knows the password learns that the account is disabled.
    if (!account.user.active) throw new AppError('ACCOUNT_DISABLED', M.accountDisabled);
    const session = await this.createSession(account.user.id, context.userAgent);
    return { user: account.user, token: session.token, expiresAt: session.expiresAt };
  }

  private async createSession(userId: string, userAgent: string | undefined) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.options.sessionTtlMs);
    await this.repository.insertSession({
      userId,
      tokenHash: hashToken(token),
      expiresAt,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt };
  }

  /** The active user behind a live token, or null. */
  async resolveSession(token: string): Promise<User | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const session = await this.repository.findLiveSession(hashToken(token));
    if (!session) return null;
    const user = await this.users.findById(session.userId);
    if (!user?.active) return null;
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      // Best effort: a failed touch must not fail the request.
      this.repository.touchSession(session.id).catch(() => {});
    }
    return user;
  }

  async logout(token: string | undefined) {
    if (token && TOKEN_PATTERN.test(token)) await this.repository.deleteSession(hashToken(token));
  }

  /** Logs the user out everywhere and voids their reset codes, in the caller's transaction if given. */
  async endAllSessions(userId: string, executor?: Executor) {
    await this.repository.deleteSessionsOf(userId, executor);
    await this.repository.voidResetCodes(userId, executor);
  }

  deleteExpiredSessions() {
    return this.repository.deleteExpiredSessions();
  }

  /**
   * The user's own changes. A new email needs the current password (checked after the email is
   * known to be free: registration tells that anyway); it ends the user's other sessions, voids
   * their reset codes, tells the old address, and makes the account unverified until the link
   * sent to the new address is opened (SECURITY.md "Verified email").
   */
  async updateProfile(userId: string, changes: ProfileChanges, context: { token?: string }): Promise<User> {
    const { currentPassword, ...fields } = changes;
    const account = await this.users.findAccountById(userId);
    if (!account) throw new AppError('UNAUTHENTICATED', M.notLoggedIn);
    const oldEmail = account.user.email;
    const newEmail = fields.email !== undefined && fields.email.toLowerCase() !== oldEmail.toLowerCase();
    if (newEmail && fields.email) {
      await this.users.assertEmailFree(fields.email, userId);
      await this.confirmPassword(userId, account.passwordHash, currentPassword);
    }
    const updated = await this.database.db.transaction(async (tx) => {
      const user = await this.users.update(userId, newEmail ? { ...fields, emailVerifiedAt: null } : fields, tx);
      if (!user) throw new AppError('UNAUTHENTICATED', M.notLoggedIn);
      if (newEmail) {
        // A new link for the new address; the old address's links are void.
        await this.users.queueVerificationEmail(user, tx);
        const keep = context.token && TOKEN_PATTERN.test(context.token) ? hashToken(context.token) : undefined;
        await this.repository.deleteSessionsOf(userId, tx, keep);
        await this.repository.voidResetCodes(userId, tx);
        await enqueueEmail(tx, {
          to: oldEmail,
          template: 'email-changed',
          data: { firstName: user.firstName, newEmail: user.email },
          // The old address is no account's once this commits: its state is the one it had.
          recipientVerified: account.user.emailVerified,
        });
      }
      return user;
    });
    if (newEmail) this.options.onEmailQueued();
    return updated;
  }

  private async confirmPassword(userId: string, passwordHash: string, password: string | undefined) {
    if (!password) {
      throw new AppError('CURRENT_PASSWORD_REQUIRED', M.currentPasswordRequired, {
        errors: { currentPassword: M.currentPasswordRequired },
      });
    }
    const key = `confirm-password:${userId}`;
    await spendLimit(this.limits, key, PASSWORD_CONFIRMATIONS, M.tooManyLoginAttempts);
    if (!(await verifySecret(passwordHash, password))) {
      throw new AppError('WRONG_PASSWORD', M.currentPasswordWrong, {
        errors: { currentPassword: M.currentPasswordWrong },
      });
    }
    await this.limits.reset(key);
  }

  /**
   * Emails a 6-digit code to an active account. The answer is the same whatever the email,
   * so nobody learns who has an account; the limit counts per email, existing or not.
   */
  async requestPasswordReset(email: string, context: { ip: string }): Promise<void> {
    await spendLimit(this.limits, `requestReset-ip:${context.ip}`, ADDRESS_LIMITS.requestReset);
    await spendLimit(this.limits, `reset:${email}`, RESET_REQUESTS_PER_EMAIL, M.tooManyResetRequests);

    const otp = String(randomInt(0, 10 ** ACCOUNT_LIMITS.otpDigits)).padStart(ACCOUNT_LIMITS.otpDigits, '0');
    // The hash is computed either way, so an unknown email takes as long as a known one.
    const otpHash = await hashSecret(otp);
    const account = await this.users.findAccountByEmail(email);
    if (!account?.user.active) return;
    const { user } = account;

    const expiresAt = new Date(Date.now() + ACCOUNT_LIMITS.otpValidMinutes * MINUTE);
    await this.database.db.transaction(async (tx) => {
      // A new code replaces any earlier one.
      await this.repository.voidResetCodes(user.id, tx);
      await this.repository.insertResetCode({ userId: user.id, otpHash, expiresAt }, tx);
      await enqueueEmail(tx, {
        to: user.email,
        template: 'password-reset-otp',
        data: { firstName: user.firstName, otp },
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
    await spendLimit(this.limits, `resetPassword-ip:${context.ip}`, ADDRESS_LIMITS.resetPassword);
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
    const account = await this.users.findAccountByEmail(email);
    if (!account?.user.active) {
      await verifySecret(undefined, otp);
      throw await failed();
    }
    const userId = account.user.id;
    const reset = await this.repository.countResetTry(userId, ACCOUNT_LIMITS.otpMaxAttempts);
    if (!reset) {
      // No code pending: as slow as a wrong code, so timing does not tell who has an account.
      await verifySecret(undefined, otp);
      throw await failed();
    }
    if (!(await verifySecret(reset.otpHash, otp))) {
      if (reset.failedAttempts >= ACCOUNT_LIMITS.otpMaxAttempts) await this.repository.useResetCode(reset.id);
      throw await failed();
    }
    const passwordHash = await hashSecret(newPassword);
    await this.database.db.transaction(async (tx) => {
      // Someone used this code a moment ago.
      if (!(await this.repository.useResetCode(reset.id, tx))) throw invalid();
      await this.users.update(userId, { passwordHash }, tx);
      await this.repository.deleteSessionsOf(userId, tx);
    });
  }
}
