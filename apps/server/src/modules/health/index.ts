import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HealthRepository } from './health.repository';
import { healthRoutes } from './health.routes';
import { HealthService } from './health.service';

/** GET /api/health (the server and its database) and GET /api/health/ready (and Redis, when set). */
export default fp(
  async (app: FastifyInstance) => {
    // Redis is the rate limits' (REDIS_URL): readiness asks that store's connection.
    const { rateLimits } = app;
    const redis = rateLimits.ping ? { ping: rateLimits.ping.bind(rateLimits) } : undefined;
    const service = new HealthService(new HealthRepository(app.database), redis);
    await app.register(healthRoutes, { prefix: '/api', service });
  },
  { name: 'health', dependencies: ['config', 'database', 'rate-limit'] },
);
