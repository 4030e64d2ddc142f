import { Redis } from 'ioredis';
import { MemoryRateLimitStore, type RateLimitStore, type RateWindow } from './rate-limit';

// INCR and set the expiry on the first hit, atomically; answer the count and the time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

// DECR only a live window with hits in it, so a release never opens a window of its own.
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Where the store says it fell back to memory and came back (app.log in the shop). */
export interface RateLimitLog {
  warn(object: object, message: string): void;
  info(message: string): void;
}

export interface RedisRateLimitOptions {
  /** Prefix of every key, so several shops (or tests) can share one Redis. */
  prefix?: string;
  log?: RateLimitLog;
  /** How often a Redis that failed a command is pinged until it answers again. */
  recheckMs?: number;
  /** The longest a connection attempt or a command may take before memory answers instead. */
  timeoutMs?: number;
}

/**
 * The same fixed windows in Redis, so every server process counts together. While Redis does
 * not answer (stopped, restarting, unreachable) the windows are counted in this process's
 * memory: the limits keep working, each process counting on its own, and no request fails or
 * waits on Redis. One warning says so; one line says when Redis answers again and counting
 * goes back to it (decision 028).
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly memory = new MemoryRateLimitStore();
  private readonly log?: RateLimitLog;
  private readonly recheckMs: number;
  /** Redis answers: commands go to it. */
  private usingRedis = false;
  /** The warning was logged and no "back" line since. */
  private warned = false;
  private closing = false;
  private recheck?: NodeJS.Timeout;

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: RedisRateLimitOptions,
  ) {
    this.log = options.log;
    this.recheckMs = options.recheckMs ?? 2_000;
    // Connection errors are the fallback's business; ioredis keeps reconnecting meanwhile.
    redis.on('error', (error) => this.fallBack(error));
    redis.on('close', () => this.fallBack(new Error('the connection to Redis closed')));
    redis.on('ready', () => this.useRedis());
  }

  /** Connects to `url`; when Redis does not answer yet, starts in memory and keeps trying. */
  static async connect(
    url: string,
    prefixOrOptions: string | RedisRateLimitOptions = {},
  ): Promise<RedisRateLimitStore> {
    const options = typeof prefixOrOptions === 'string' ? { prefix: prefixOrOptions } : prefixOrOptions;
    const timeoutMs = options.timeoutMs ?? 1_000;
    const redis = new Redis(url, {
      lazyConnect: true,
      // A command while disconnected fails at once (memory answers) instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      // Keep trying, at most every 2 s, for as long as the shop runs.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    const store = new RedisRateLimitStore(redis, options.prefix ?? 'shop:rate:', options);
    await redis.connect().catch((error) => store.fallBack(error));
    return store;
  }

  /** Where windows are counted now: Redis, or this process's memory while Redis is away. */
  get countingIn(): 'redis' | 'memory' {
    return this.usingRedis ? 'redis' : 'memory';
  }

  hit(key: string, windowMs: number): Promise<RateWindow> {
    return this.run(
      async () => {
        const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [
          number,
          number,
        ];
        return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
      },
      () => this.memory.hit(key, windowMs),
    );
  }

  peek(key: string): Promise<RateWindow> {
    return this.run(
      async () => {
        const [count, ttl] = await Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]);
        if (!count || ttl <= 0) return { count: 0, resetInMs: 0 };
        return { count: Number(count), resetInMs: ttl };
      },
      () => this.memory.peek(key),
    );
  }

  release(key: string): Promise<void> {
    return this.run(
      async () => {
        await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key);
      },
      () => this.memory.release(key),
    );
  }

  reset(key: string): Promise<void> {
    // Both: a window counted in memory during an outage must not outlive a reset either.
    return this.run(
      async () => {
        await this.memory.reset(key);
        await this.redis.del(this.prefix + key);
      },
      () => this.memory.reset(key),
    );
  }

  /**
   * Whether Redis answers now, on this store's own connection (no offline queue: a PING fails at
   * once while it is away). The readiness answer asks it: no second connection per process.
   */
  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.recheck);
    await this.memory.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** In Redis while it answers; a command that fails there is answered from memory. */
  private async run<T>(inRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (!this.usingRedis) return inMemory();
    try {
      return await inRedis();
    } catch (error) {
      this.fallBack(error);
      return inMemory();
    }
  }

  private fallBack(error: unknown) {
    if (this.closing) return;
    this.usingRedis = false;
    if (!this.warned) {
      this.warned = true;
      this.log?.warn(
        { err: error },
        'Redis is not answering: rate limits are counted in this process’s memory until it does',
      );
    }
    // A Redis that hangs keeps its connection: only asking tells when it answers again.
    this.recheck ??= setInterval(() => {
      if (this.redis.status !== 'ready') return; // 'ready' brings it back by itself
      this.redis.ping().then(
        () => this.useRedis(),
        () => {},
      );
    }, this.recheckMs);
    this.recheck.unref();
  }

  private useRedis() {
    if (this.closing || this.usingRedis) return;
    this.usingRedis = true;
    clearInterval(this.recheck);
    this.recheck = undefined;
    if (this.warned) {
      this.warned = false;
      this.log?.info('Redis answers again: rate limits are counted in Redis');
    }
  }
}
