import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit';

/**
 * In memory by default; shared through Redis when REDIS_URL is set, and in memory again while
 * Redis does not answer (plugins/rate-limit-redis.ts): the shop starts and serves without it.
 */
export async function createRateLimitStore(config: AppConfig, log: FastifyBaseLogger): Promise<RateLimitStore> {
  if (config.redisUrl) {
    const { RedisRateLimitStore } = await import('./rate-limit-redis');
    const store = await RedisRateLimitStore.connect(config.redisUrl, {
      log: { warn: (object, message) => log.warn(object, message), info: (message) => log.info(message) },
    });
    if (store.countingIn === 'redis') log.info('rate limits are kept in Redis');
    return store;
  }
  return new MemoryRateLimitStore();
}
