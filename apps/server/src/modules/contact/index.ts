import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ContactRepository } from './contact.repository';
import { contactRoutes } from './contact.routes';
import { ContactService } from './contact.service';

/** The contact form: POST /api/contact stores the message and queues the two emails. */
export default fp(
  async (app: FastifyInstance) => {
    const service = new ContactService(new ContactRepository(app.database), app.rateLimits, {
      inbox: async () => (await app.settings.inbox()).contactEmail,
      onEmailQueued: () => app.outbox.nudge(),
      log: app.log,
    });
    await app.register(contactRoutes, { prefix: '/api', service });
  },
  { name: 'contact', dependencies: ['config', 'database', 'rate-limit', 'outbox', 'settings'] },
);
