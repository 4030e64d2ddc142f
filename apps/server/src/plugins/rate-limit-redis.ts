import { Redis } from 'ioredis';
import type { RateLimitStore, RateWindow } from './rate-limit';

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

/** The same fixed windows in Redis, so every server process counts together. */
export class RedisRateLimitStore implements RateLimitStore {
  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix = 'shop:rate:'): Promise<RedisRateLimitStore> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Connection errors surface on the commands; ioredis keeps reconnecting meanwhile.
    redis.on('error', () => {});
    await redis.connect();
    return new RedisRateLimitStore(redis, prefix);
  }

  async hit(key: string, windowMs: number): Promise<RateWindow> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [
      number,
      number,
    ];
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }

  async peek(key: string): Promise<RateWindow> {
    const [count, ttl] = await Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]);
    if (!count || ttl <= 0) return { count: 0, resetInMs: 0 };
    return { count: Number(count), resetInMs: ttl };
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
