import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit';

/** In memory by default; shared through Redis when REDIS_URL is set. */
export async function createRateLimitStore(config: AppConfig, log: FastifyBaseLogger): Promise<RateLimitStore> {
  if (config.redisUrl) {
    const { RedisRateLimitStore } = await import('./rate-limit-redis');
    log.info('rate limits are kept in Redis');
    return RedisRateLimitStore.connect(config.redisUrl);
  }
  return new MemoryRateLimitStore();
}
