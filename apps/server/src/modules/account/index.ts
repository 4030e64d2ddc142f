import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AccountRepository } from './account.repository';
import { accountRoutes } from './account.routes';
import { AccountService } from './account.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions and login, for the modules that end a user's sessions (disabling an account). */
    account: AccountService;
  }
}

/**
 * Login, sessions, the user's own profile and password reset under /api/users. Answers
 * `app.resolveSession` for plugins/auth, which guards every route that needs a user.
 */
export default fp(
  async (app: FastifyInstance) => {
    const service = new AccountService(app.database, new AccountRepository(app.database), app.users, app.rateLimits, {
      sessionTtlMs: app.config.sessionTtlDays * 24 * 60 * 60 * 1000,
      onEmailQueued: () => app.outbox.nudge(),
    });
    app.decorate('account', service);
    app.decorate('resolveSession', (token: string) => service.resolveSession(token));

    // Expired sessions are swept now and then (they are already ignored when looked up).
    const sweeper = setInterval(() => service.deleteExpiredSessions().catch(() => {}), 60 * 60_000);
    sweeper.unref();
    app.addHook('onClose', async () => clearInterval(sweeper));

    await app.register(accountRoutes, { prefix: '/api', service });
  },
  { name: 'account', dependencies: ['config', 'database', 'rate-limit', 'outbox', 'auth', 'users'] },
);
