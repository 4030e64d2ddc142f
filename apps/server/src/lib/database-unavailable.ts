import { MESSAGES } from '@shop/shared';
import { AppError } from './errors';

/** What a client is told to wait before trying again while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket failures of node-pg (and of Node under it) that mean the server is not there. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * SQLSTATEs that say the server is going away or refuses new sessions for now: class 08
 * (connection exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now
 * (starting up, shutting down), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-pg, pg-pool and PGlite say these in words, with no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/, // a client whose connection died or was closed
  /^PGlite is closed$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/** The error, its causes (Drizzle wraps the driver's error) and an AggregateError's members. */
function* chain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 5 || typeof error !== 'object' || error === null) return;
  yield error as Record<string, unknown>;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined) yield* chain(cause, depth + 1);
  if (Array.isArray(errors)) for (const member of errors) yield* chain(member, depth + 1);
}

/**
 * True when `error` means the database could not be reached or dropped the connection, as
 * opposed to a query it refused: the request may well succeed in a few seconds.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'DATABASE_UNAVAILABLE';
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : undefined;
    if (code && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
      return true;
    }
    const message = typeof link.message === 'string' ? link.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/**
 * SQLSTATEs of a statement that ran past its bound (db/query-bounds.ts): 57014 query_canceled
 * (statement_timeout) and 55P03 lock_not_available (lock_timeout). Its transaction rolled back:
 * nothing was changed, and the same request may well succeed in a moment.
 */
const PAST_BOUND_SQLSTATES = new Set(['57014', '55P03']);

/** True when `error` is a statement that ran, or waited for a lock, past its bound. */
export function isPastQueryBound(error: unknown): boolean {
  if (error instanceof AppError) return false;
  for (const link of chain(error)) {
    if (typeof link.code === 'string' && PAST_BOUND_SQLSTATES.has(link.code)) return true;
  }
  return false;
}

/** The 503 a request gets while the database cannot be reached. */
export function databaseUnavailable(): AppError {
  return new AppError('DATABASE_UNAVAILABLE', MESSAGES.databaseUnavailable, {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
}

/**
 * A background job's failures while the database is away: the first is logged, then one line per
 * period with how many it stands for, and one line when a round works again. A job polling every
 * 200 ms would otherwise write five warnings a second for the whole outage.
 */
export class OutageLog {
  #downSince: number | undefined;
  #lastLineAt = 0;
  #quiet = 0;

  constructor(
    private readonly log: {
      warn(details: object, message: string): void;
      info(details: object, message: string): void;
    },
    private readonly job: string,
    private readonly everyMs = 60_000,
  ) {}

  /** A round failed; returns false when it was not the database's absence (the caller logs it). */
  failed(error: unknown, now = Date.now()): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    const first = this.#downSince === undefined;
    this.#downSince ??= now;
    this.#quiet += 1;
    if (first || now - this.#lastLineAt >= this.everyMs) {
      this.log.warn(
        { err: error, failedRounds: this.#quiet },
        `${this.job}: the database cannot be reached, trying again until it answers`,
      );
      this.#lastLineAt = now;
      this.#quiet = 0;
    }
    return true;
  }

  /** A round worked: says so once after an outage. */
  succeeded(now = Date.now()): void {
    if (this.#downSince === undefined) return;
    this.log.info({ downForMs: now - this.#downSince }, `${this.job}: the database answers again`);
    this.#downSince = undefined;
    this.#quiet = 0;
    this.#lastLineAt = 0;
  }
}
