import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HealthRepository } from './health.repository';
import { healthRoutes } from './health.routes';
import { HealthService, READINESS_CHECK_TIMEOUT_MS } from './health.service';
import { RedisProbe } from './redis-probe';

/** GET /api/health (the server and its database) and GET /api/health/ready (and Redis, when set). */
export default fp(
  async (app: FastifyInstance) => {
    const redis = app.config.redisUrl ? new RedisProbe(app.config.redisUrl, READINESS_CHECK_TIMEOUT_MS) : undefined;
    if (redis) app.addHook('onClose', async () => redis.close());
    const service = new HealthService(new HealthRepository(app.database), redis);
    await app.register(healthRoutes, { prefix: '/api', service });
  },
  { name: 'health', dependencies: ['config', 'database'] },
);
