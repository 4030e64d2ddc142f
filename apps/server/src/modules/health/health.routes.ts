import type { FastifyPluginAsync } from 'fastify';
import type { HealthService } from './health.service';

/** /api/health: for load balancers and the start-up checks of tests and benchmarks. */
export const healthRoutes: FastifyPluginAsync<{ service: HealthService }> = async (app, { service }) => {
  app.get('/health', async (_request, reply) => {
    const health = await service.check();
    return reply.status(health.status === 'ok' ? 200 : 503).send(health);
  });
};
