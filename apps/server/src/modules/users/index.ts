import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UsersRepository } from './users.repository';
import { usersRoutes } from './users.routes';
import { UsersService } from './users.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reading and changing users, for the modules that log them in or manage them. */
    users: UsersService;
  }
}

/** The shop's users: registration, and `app.users` for the other account modules. */
export default fp(
  async (app: FastifyInstance) => {
    const service = new UsersService(app.database, new UsersRepository(app.database), app.rateLimits, {
      onEmailQueued: () => app.outbox.nudge(),
      shopUrl: app.publicAddress.url,
      shopLinks: app.publicAddress.links,
    });
    app.decorate('users', service);
    await app.register(usersRoutes, { prefix: '/api', service });
  },
  { name: 'users', dependencies: ['config', 'database', 'rate-limit', 'outbox', 'auth'] },
);
