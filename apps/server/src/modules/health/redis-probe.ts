import { Redis } from 'ioredis';

/**
 * A connection of its own to REDIS_URL for the readiness answer, apart from the rate limits'
 * (which may queue commands while Redis is away): with no offline queue a PING fails at once
 * while it is disconnected, and ioredis reconnects in the background.
 */
export class RedisProbe {
  readonly #redis: Redis;

  constructor(url: string, timeoutMs: number) {
    this.#redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: timeoutMs,
      // Retry at most every 2 s, so a Redis that is back is seen by the next probe or so.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    // Errors surface on the PINGs; the connection keeps trying meanwhile.
    this.#redis.on('error', () => {});
  }

  async ping(): Promise<void> {
    await this.#redis.ping();
  }

  close() {
    this.#redis.disconnect();
  }
}
