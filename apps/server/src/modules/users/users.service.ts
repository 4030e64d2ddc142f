import { ACCOUNT_MESSAGES as M, normalizeRole, type User } from '@shop/shared';
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
} as const;

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
    private readonly options: { onEmailQueued: () => void; shopUrl?: string },
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
        await enqueueEmail(tx, {
          to: created.email,
          template: 'welcome',
          data: { firstName: created.firstName, shopUrl: this.options.shopUrl },
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

  /** Inserts an admin unless the email is taken by then (two processes starting together). */
  async createAdmin(email: string, passwordHash: string): Promise<void> {
    await this.repository.insertUnlessTaken({
      firstName: 'Shop',
      lastName: 'Admin',
      email,
      passwordHash,
      role: 'ADMIN',
    });
  }
}
