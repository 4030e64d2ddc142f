import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HealthRepository } from './health.repository';
import { healthRoutes } from './health.routes';
import { HealthService } from './health.service';

/** GET /api/health: the server and its database. */
export default fp(
  async (app: FastifyInstance) => {
    const service = new HealthService(new HealthRepository(app.database));
    await app.register(healthRoutes, { prefix: '/api', service });
  },
  { name: 'health', dependencies: ['database'] },
);
