import type { FastifyPluginAsync } from 'fastify';
import type { HealthService } from './health.service';

/** How long a load balancer is asked to wait before sending this process traffic again. */
export const NOT_READY_RETRY_AFTER_SECONDS = 5;

/**
 * /api/health: liveness, for load balancers and the start-up checks of tests and benchmarks.
 * /api/health/ready: readiness, whether this process can serve now (the database; Redis reported).
 */
export const healthRoutes: FastifyPluginAsync<{ service: HealthService }> = async (app, { service }) => {
  app.get('/health', async (_request, reply) => {
    const health = await service.check();
    if (health.status === 'ok') return reply.status(200).send(health);
    return reply.status(503).header('retry-after', String(NOT_READY_RETRY_AFTER_SECONDS)).send(health);
  });

  app.get('/health/ready', async (_request, reply) => {
    const readiness = await service.ready();
    reply.header('cache-control', 'no-store');
    if (readiness.status !== 'not-ready') return reply.status(200).send(readiness);
    return reply.status(503).header('retry-after', String(NOT_READY_RETRY_AFTER_SECONDS)).send(readiness);
  });
};
