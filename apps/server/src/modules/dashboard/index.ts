import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DashboardRepository } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { DashboardService } from './dashboard.service';

/** The admin's sales dashboard: GET /api/admin/dashboard. */
export default fp(
  async (app: FastifyInstance) => {
    const service = new DashboardService(new DashboardRepository(app.database));
    // Orders (revenue, statuses) and products (low stock) changed, in any process: count again.
    const stops = [
      await app.database.listen('orders_changed', () => service.forget()),
      await app.database.listen('catalog_changed', () => service.forget()),
      // Someone asked for a back-in-stock alert, or one was sent or cancelled (migration 0015).
      await app.database.listen('stock_alerts_changed', () => service.forget()),
    ];
    app.addHook('onClose', async () => {
      for (const stop of stops) await stop();
    });
    await app.register(dashboardRoutes, { prefix: '/api', service });
  },
  { name: 'dashboard', dependencies: ['database', 'auth'] },
);
