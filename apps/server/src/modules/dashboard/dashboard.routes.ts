import { dashboardSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../plugins/auth';
import { apiTag } from '../../plugins/openapi';
import type { DashboardService } from './dashboard.service';

/** GET /api/admin/dashboard (admins only). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (app, { service }) => {
  apiTag(app, 'Dashboard');
  app.get(
    '/admin/dashboard',
    {
      preValidation: app.requireAdmin,
      onSend: noStore,
      schema: { summary: 'Sales, orders by status, low stock and alerts', response: { 200: dashboardSchema } },
    },
    async () => service.dashboard(),
  );
};
