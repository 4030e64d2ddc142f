import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DashboardRepository } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { DashboardService } from './dashboard.service';

/** The admin's sales dashboard: GET /api/admin/dashboard. */
export default fp(
  async (app: FastifyInstance) => {
    const service = new DashboardService(new DashboardRepository(app.database));
    await app.register(dashboardRoutes, { prefix: '/api', service });
  },
  { name: 'dashboard', dependencies: ['database', 'auth'] },
);
