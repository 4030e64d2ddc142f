import type { FastifyPluginAsync } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable';
import type { HealthService } from './health.service';

/**
 * /api/health: liveness, for load balancers and the start-up checks of tests and benchmarks.
 * /api/health/ready: readiness, whether this process can serve now (the database; Redis reported).
 * Either, with the database down, asks to be tried again when every other route does (decision 028).
 */
export const healthRoutes: FastifyPluginAsync<{ service: HealthService }> = async (app, { service }) => {
  app.get('/health', async (_request, reply) => {
    const health = await service.check();
    if (health.status === 'ok') return reply.status(200).send(health);
    return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(health);
  });

  app.get('/health/ready', async (_request, reply) => {
    const readiness = await service.ready();
    reply.header('cache-control', 'no-store');
    if (readiness.status !== 'not-ready') return reply.status(200).send(readiness);
    return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(readiness);
  });
};
