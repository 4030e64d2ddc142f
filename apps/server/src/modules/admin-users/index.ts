import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AdminUsersRepository } from './admin-users.repository';
import { adminUsersRoutes } from './admin-users.routes';
import { AdminUsersService } from './admin-users.service';

/**
 * The admin's user management (list, role, disable, delete) under /api/users, and the first
 * admin, made at start-up when the shop has none.
 */
export default fp(
  async (app: FastifyInstance) => {
    const service = new AdminUsersService(
      app.database,
      new AdminUsersRepository(app.database),
      app.users,
      app.account,
      app.orders,
      () => app.outbox.nudge(),
    );
    await service.ensureFirstAdmin(app.config, app.log);
    await app.register(adminUsersRoutes, { prefix: '/api', service });
  },
  { name: 'admin-users', dependencies: ['config', 'database', 'outbox', 'auth', 'users', 'account', 'orders'] },
);
