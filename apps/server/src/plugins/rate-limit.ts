import { MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

export interface RateWindow {
  /** Hits counted in the current window. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from 0. */
  resetInMs: number;
}

/**
 * Fixed-window counters keyed by strings such as `login:ada@example.com`. Kept small on purpose
 * so the in-memory store can be replaced by a shared one (Redis) when the shop runs more than
 * one process.
 */
export interface RateLimitStore {
  /** Counts one hit, opening a window of windowMs if none is open. */
  hit(key: string, windowMs: number): Promise<RateWindow>;
  /** The current window without counting. */
  peek(key: string): Promise<RateWindow>;
  /** Takes one hit back (never below 0): an attempt counted up front that turned out fine. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    // Expired windows are dropped now and then, so the map cannot grow without bound.
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number): Promise<RateWindow> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async peek(key: string): Promise<RateWindow> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return { count: 0, resetInMs: 0 };
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async release(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.resetAt > Date.now() && window.count > 0) window.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  private sweep() {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** 429 with Retry-After in whole seconds (at least 1). */
export function tooManyRequests(message: string, resetInMs: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) });
}

/** At most `max` hits in a window of `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * The one way the shop applies a limit: counts one hit of `key` (before any costly work, so
 * parallel requests cannot slip past) and throws 429 with Retry-After once `limit` is spent.
 * Services call it; `key` names what is counted, e.g. `newsletter:<ip>` or `login:<email>`.
 */
export async function spendLimit(
  store: RateLimitStore,
  key: string,
  limit: Limit,
  message: string = MESSAGES.tooManyRequests,
): Promise<RateWindow> {
  const window = await store.hit(key, limit.windowMs);
  if (window.count > limit.max) throw tooManyRequests(message, window.resetInMs);
  return window;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimitStore;
  }
}

/** Decorates `app.rateLimits`: the given store, or one in memory. Closed with the app. */
export const rateLimitPlugin = fp<{ store?: RateLimitStore }>(
  async (app: FastifyInstance, options) => {
    const store = options.store ?? new MemoryRateLimitStore();
    app.decorate('rateLimits', store);
    app.addHook('onClose', async () => store.close());
  },
  { name: 'rate-limit' },
);
