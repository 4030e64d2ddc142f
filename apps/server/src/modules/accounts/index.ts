import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountsRoutes } from './accounts.routes';
import { AccountsService } from './accounts.service';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

/** /api/users: registration, login, profile, password reset, the admin's user management. */
export default fp(
  async (app: FastifyInstance) => {
    const accounts = new AccountsService(app.database, app.sessions, app.rateLimits, {
      onEmailQueued: () => app.outbox.nudge(),
      shopUrl: app.config.publicUrl?.replace(/\/$/, ''),
    });
    app.decorate('accounts', accounts);
    await accounts.ensureFirstAdmin(app.config, app.log);
    await app.register(accountsRoutes, { prefix: '/api', service: accounts });
  },
  { name: 'accounts', dependencies: ['database', 'rate-limit', 'outbox', 'auth'] },
);
