import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES as M, normalizeRole, type User } from '@shop/shared';
import { type Database, type Executor, isUniqueViolation } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashSecret } from '../../lib/passwords';
import { enqueueEmail } from '../../mail/outbox-email';
import { type RateLimitStore, spendLimit } from '../../plugins/rate-limit';
import type { UserChanges, UserListFilter, UserRecord, UsersRepository } from './users.repository';

/**
 * What one address (IP) may ask of registration, which hashes with argon2 (19 MiB, ~20 ms),
 * counted before any hashing, so changing the email each time cannot tie up the server.
 * Loose enough for a tailoring school signing its class up from one network.
 */
export const ADDRESS_LIMITS = {
  register: { max: 30, windowMs: 60 * 60_000 },
  /** Opening verification links: each is 256 random bits, so this only bounds the work. */
  verifyEmail: { max: 60, windowMs: 15 * 60_000 },
  /** Verification emails asked for from one address, across accounts. */
  sendVerification: { max: 30, windowMs: 60 * 60_000 },
} as const;

/** Verification emails one account may ask for (the profile's and checkout's "send again"). */
export const VERIFICATION_REQUESTS_PER_USER = {
  max: ACCOUNT_LIMITS.verificationRequestsPerUser,
  windowMs: ACCOUNT_LIMITS.verificationWindowMinutes * 60_000,
} as const;

const VERIFICATION_VALID_MS = ACCOUNT_LIMITS.verificationValidHours * 60 * 60_000;

/** Link tokens are 32 random bytes in base64url: anything else is not worth a query. */
const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export const verificationLinkInvalid = () =>
  new AppError('VERIFICATION_LINK_INVALID', M.verificationLinkInvalid, {
    errors: { token: M.verificationLinkInvalid },
  });

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phoneNumber?: string | null;
}

/** A user with the hash of their password, for the modules that check one. */
export interface UserAccount {
  user: User;
  passwordHash: string;
}

/** The API shape of a user; the password hash never leaves this function. */
export function toUser(row: UserRecord): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    address: row.address,
    role: normalizeRole(row.role),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
  };
}

const toAccount = (row: UserRecord | undefined): UserAccount | undefined =>
  row && { user: toUser(row), passwordHash: row.passwordHash };

export const emailTaken = () => new AppError('EMAIL_TAKEN', M.emailTaken, { errors: { email: M.emailTaken } });

/**
 * The users of the shop: registration, and reading and changing a user for the other modules
 * (login, sessions, the admin's changes), which reach it as `app.users`.
 */
export class UsersService {
  constructor(
    private readonly database: Database,
    private readonly repository: UsersRepository,
    private readonly limits: RateLimitStore,
    private readonly options: {
      onEmailQueued: () => void;
      shopUrl?: string;
      /** Where the verification link points (PUBLIC_URL, else the local address). */
      shopLinks: string;
    },
  ) {}

  /** A new customer, with a welcome email queued in the same transaction. */
  async register(input: RegisterInput, context: { ip: string }): Promise<User> {
    await spendLimit(this.limits, `register-ip:${context.ip}`, ADDRESS_LIMITS.register);
    if (await this.repository.findByEmail(input.email)) throw emailTaken();
    const passwordHash = await hashSecret(input.password);
    try {
      const row = await this.database.db.transaction(async (tx) => {
        const created = await this.repository.insert(
          {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phoneNumber: input.phoneNumber ?? null,
            passwordHash,
          },
          tx,
        );
        // The welcome carries the first verification link: one email at registration.
        const { verifyUrl } = await this.issueVerificationLink(created, tx);
        await enqueueEmail(tx, {
          to: created.email,
          template: 'welcome',
          data: { firstName: created.firstName, shopUrl: this.options.shopUrl, verifyUrl },
        });
        return created;
      });
      this.options.onEmailQueued();
      return toUser(row);
    } catch (error) {
      // Two registrations racing for one email: the unique index decides.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  async findById(id: string, executor?: Executor): Promise<User | undefined> {
    const row = await this.repository.findById(id, executor);
    return row && toUser(row);
  }

  async findAccountById(id: string): Promise<UserAccount | undefined> {
    return toAccount(await this.repository.findById(id));
  }

  async findAccountByEmail(email: string, executor?: Executor): Promise<UserAccount | undefined> {
    return toAccount(await this.repository.findByEmail(email, executor));
  }

  /** 409 when another account has `email` (any letter case). */
  async assertEmailFree(email: string, userId?: string): Promise<void> {
    const other = await this.repository.findByEmail(email);
    if (other && other.id !== userId) throw emailTaken();
  }

  /** Applies `changes`; the user after, or undefined when there is none. 409 for a taken email. */
  async update(id: string, changes: UserChanges, executor?: Executor): Promise<User | undefined> {
    try {
      const row = await this.repository.update(id, changes, executor);
      return row && toUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  /** A page of users, newest first; `search` matches emails and names; role and active filter. */
  async list(query: UserListFilter): Promise<{ users: User[]; total: number }> {
    const { rows, total } = await this.repository.list(query);
    return { users: rows.map(toUser), total };
  }

  /** Sessions and reset codes go with the user (cascade); orders keep their rows (set null). */
  async delete(id: string, executor?: Executor): Promise<void> {
    await this.repository.delete(id, executor);
  }

  /**
   * Inserts an admin unless the email is taken by then (two processes starting together). Its
   * address is the shop's own (ADMIN_EMAIL, decision 009): verified from the start.
   */
  async createAdmin(email: string, passwordHash: string): Promise<void> {
    await this.repository.insertUnlessTaken({
      firstName: 'Shop',
      lastName: 'Admin',
      email,
      passwordHash,
      role: 'ADMIN',
      emailVerifiedAt: new Date(),
    });
  }

  // ---------- Email verification (SECURITY.md "Verified email") ----------

  /**
   * A new single-use link for the user's current address, valid 48 hours, replacing any earlier
   * one; only the SHA-256 of its token is stored. For the caller to email in the same transaction.
   */
  private async issueVerificationLink(user: Pick<UserRecord, 'id' | 'email'>, tx: Executor) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + VERIFICATION_VALID_MS);
    await this.repository.voidVerifications(user.id, tx);
    await this.repository.insertVerification(
      { userId: user.id, tokenHash: sha256(token), email: user.email, expiresAt },
      tx,
    );
    // NOTE: the token is in the fragment, which browsers never send to a server: it stays out of
    // access logs and Referer headers; the page posts it to POST /api/users/verify-email.
    return { verifyUrl: `${this.options.shopLinks}/verify-email#token=${token}`, expiresAt };
  }

  /**
   * Queues the verification email for the user's current address, in the caller's transaction
   * (a changed email): the caller nudges the outbox after committing.
   */
  async queueVerificationEmail(user: Pick<User, 'id' | 'email' | 'firstName'>, tx: Executor): Promise<void> {
    const { verifyUrl, expiresAt } = await this.issueVerificationLink(user, tx);
    await enqueueEmail(tx, {
      to: user.email,
      template: 'email-verification',
      data: { firstName: user.firstName, verifyUrl },
      // A link past its time is useless: an email that could not go out by then is dropped.
      expiresAt: expiresAt.toISOString(),
    });
  }

  /**
   * "Send the verification email again" (profile, checkout): a new link replaces the earlier
   * ones. Limited per account and per address, counted before anything is written. False when
   * the address is verified already (nothing is sent).
   */
  async sendVerificationEmail(userId: string, context: { ip: string }): Promise<boolean> {
    await spendLimit(this.limits, `sendVerification-ip:${context.ip}`, ADDRESS_LIMITS.sendVerification);
    await spendLimit(
      this.limits,
      `send-verification:${userId}`,
      VERIFICATION_REQUESTS_PER_USER,
      M.tooManyVerificationRequests,
    );
    const sent = await this.database.db.transaction(async (tx) => {
      const row = await this.repository.findById(userId, tx);
      if (!row) throw new AppError('UNAUTHENTICATED', M.notLoggedIn);
      if (row.emailVerifiedAt) return false;
      await this.queueVerificationEmail(toUser(row), tx);
      return true;
    });
    if (sent) this.options.onEmailQueued();
    return sent;
  }

  /**
   * Opens a verification link: the address it was sent to is verified if it is still the
   * account's. A used or expired link answers VERIFICATION_LINK_INVALID, unless that address is
   * verified already (a second click): then the user, as for the first.
   */
  async verifyEmail(token: string, context: { ip: string }): Promise<{ user: User; already: boolean }> {
    await spendLimit(this.limits, `verifyEmail-ip:${context.ip}`, ADDRESS_LIMITS.verifyEmail);
    if (!LINK_TOKEN_PATTERN.test(token)) throw verificationLinkInvalid();
    const link = await this.repository.findVerification(sha256(token));
    if (!link) throw verificationLinkInvalid();
    return this.database.db.transaction(async (tx) => {
      if (link.live && (await this.repository.useVerification(link.id, tx))) {
        const row = await this.repository.markEmailVerified(link.userId, link.email, tx);
        // The account's address changed since the link was sent: the link proves the old one only.
        if (!row) throw verificationLinkInvalid();
        return { user: toUser(row), already: false };
      }
      const row = await this.repository.findById(link.userId, tx);
      if (row?.emailVerifiedAt && row.email.toLowerCase() === link.email.toLowerCase()) {
        return { user: toUser(row), already: true };
      }
      throw verificationLinkInvalid();
    });
  }
}
