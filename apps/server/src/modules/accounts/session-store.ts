import { createHash, randomBytes } from 'node:crypto';
import { normalizeRole, type User } from '@shop/shared';
import type { Database } from '../../db/client';

export const SESSION_COOKIE = 'shop_session';

/** last_used_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;

export interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  address: string | null;
  password_hash: string;
  role: string;
  active: boolean;
  created_at: Date | string;
}

export const USER_COLUMNS =
  'u.id, u.first_name, u.last_name, u.email, u.phone_number, u.address, u.password_hash, u.role, u.active, u.created_at';

/** The API shape of a user; the password hash never leaves this function. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
    address: row.address,
    role: normalizeRole(row.role),
    active: row.active,
    createdAt: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
  };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 32 random bytes in base64url: anything else is not worth a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Sessions live in the database as SHA-256 hashes of random tokens, so a leaked table cannot
 * be replayed, and ending a session (logout, reset, disabling) works at once on every process.
 */
export class SessionStore {
  constructor(
    private readonly database: Database,
    private readonly ttlMs: number,
  ) {}

  get ttlSeconds() {
    return Math.floor(this.ttlMs / 1000);
  }

  async create(userId: string, userAgent: string | undefined): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMs);
    await this.database.query(
      'INSERT INTO sessions (user_id, token_hash, expires_at, user_agent) VALUES ($1, $2, $3, $4)',
      [userId, hashToken(token), expiresAt.toISOString(), userAgent?.slice(0, 300) ?? null],
    );
    return { token, expiresAt };
  }

  /** The active user behind a live token, or null. */
  async resolve(token: string): Promise<User | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const rows = await this.database.query<UserRow & { session_id: string; last_used_at: Date | string }>(
      `SELECT s.id AS session_id, s.last_used_at, ${USER_COLUMNS}
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > now() AND u.active`,
      [hashToken(token)],
    );
    const row = rows[0];
    if (!row) return null;
    if (Date.now() - new Date(row.last_used_at).getTime() > TOUCH_EVERY_MS) {
      // Best effort: a failed touch must not fail the request.
      this.database.query('UPDATE sessions SET last_used_at = now() WHERE id = $1', [row.session_id]).catch(() => {});
    }
    return toUser(row);
  }

  async revoke(token: string) {
    if (!TOKEN_PATTERN.test(token)) return;
    await this.database.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
  }

  async revokeAllOf(userId: string) {
    await this.database.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  }

  async deleteExpired() {
    await this.database.query('DELETE FROM sessions WHERE expires_at <= now()');
  }
}
