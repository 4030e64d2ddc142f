import type { ErrorCode } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable';
import { apiTag } from '../../plugins/openapi';
import type { HealthService } from './health.service';

/** What a 503 of either route adds to its body: the code every route answers with the database down. */
const DOWN = { code: 'DATABASE_UNAVAILABLE' satisfies ErrorCode } as const;

/**
 * /api/health: liveness, for load balancers and the start-up checks of tests and benchmarks.
 * /api/health/ready: readiness, whether this process can serve now (the database; Redis reported).
 * Either, with the database down, asks to be tried again when every other route does, with its
 * code (decision 028); the bodies keep API.md's fields.
 */
export const healthRoutes: FastifyPluginAsync<{ service: HealthService }> = async (app, { service }) => {
  apiTag(app, 'Health');
  app.get('/health', { schema: { summary: 'Liveness: the server and its database' } }, async (_request, reply) => {
    const health = await service.check();
    if (health.status === 'ok') return reply.status(200).send(health);
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ ...DOWN, ...health });
  });

  app.get(
    '/health/ready',
    { schema: { summary: 'Readiness: the database, and Redis when set' } },
    async (_request, reply) => {
      const readiness = await service.ready();
      reply.header('cache-control', 'no-store');
      if (readiness.status !== 'not-ready') return reply.status(200).send(readiness);
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ ...DOWN, ...readiness });
    },
  );
};
