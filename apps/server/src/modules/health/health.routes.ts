import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';

export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/health', async (_request, reply) => {
    try {
      await database.query('SELECT 1');
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'degraded', database: 'unreachable' });
    }
  });
};
