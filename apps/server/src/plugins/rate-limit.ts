import { MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientNetwork } from '../lib/client-network';
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
  /**
   * A store shared through a server (Redis): resolves when that server answers now, rejects when
   * it does not (GET /api/health/ready). Absent for a store in this process's memory.
   */
  ping?(): Promise<void>;
}

/** Windows one process keeps at most: about 10 MB, far more keys than real visitors make. */
export const MEMORY_RATE_LIMIT_MAX_KEYS = 100_000;

export class MemoryRateLimitStore implements RateLimitStore {
  /** In the order the windows opened: the first entry is the oldest. */
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly maxKeys: number;

  constructor(options: { sweepEveryMs?: number; maxKeys?: number } = {}) {
    this.maxKeys = Math.max(1, options.maxKeys ?? MEMORY_RATE_LIMIT_MAX_KEYS);
    // Expired windows are dropped now and then; the cap holds between sweeps, when a flood of
    // made-up keys (one per email or address) would otherwise grow the map without bound.
    this.sweeper = setInterval(() => this.sweep(), options.sweepEveryMs ?? 60_000);
    this.sweeper.unref();
  }

  /** Windows held now (expired ones included until the next sweep). */
  get size(): number {
    return this.windows.size;
  }

  async hit(key: string, windowMs: number): Promise<RateWindow> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      // Re-inserted, so the map stays in opening order and the oldest window is evicted first.
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.evictOldest();
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

  /** Makes room for one by dropping the oldest opened window: O(1), even under a flood. */
  private evictOldest() {
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }

  private sweep(now = Date.now()) {
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
  interface FastifyRequest {
    /**
     * The client's network, the key of every per-address limit and hold cap: `request.ip` as
     * TRUST_PROXY makes it, an IPv6 address grouped by ADDRESS_IPV6_PREFIX (lib/client-network.ts).
     */
    readonly network: string;
  }
}

/**
 * Decorates `app.rateLimits` (the given store, or one in memory, closed with the app) and
 * `request.network`, worked out only when a limit asks for it.
 */
export const rateLimitPlugin = fp<{ store?: RateLimitStore }>(
  async (app: FastifyInstance, options) => {
    const store = options.store ?? new MemoryRateLimitStore();
    app.decorate('rateLimits', store);
    app.addHook('onClose', async () => store.close());
    const prefix = app.config.addressIpv6Prefix;
    app.decorateRequest('network', {
      getter() {
        return clientNetwork(this.ip, prefix);
      },
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
