import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NewsletterRepository } from './newsletter.repository';
import { newsletterRoutes } from './newsletter.routes';
import { NewsletterService } from './newsletter.service';

/**
 * /api/newsletter: the signup (with its welcome email), the admin's subscriber list, changes and
 * CSV export, and the unsubscribe link every newsletter email carries.
 */
export default fp(
  async (app: FastifyInstance) => {
    // NOTE: PUBLIC_URL, never the request's Host header: anyone may subscribe any address, so a
    // forged Host would put a link of the sender's choosing into the email.
    const shopUrl = app.publicAddress.links;
    const service = new NewsletterService(app.database, new NewsletterRepository(app.database), app.rateLimits, {
      shopUrl,
      onEmailQueued: () => app.outbox.nudge(),
    });
    await app.register(newsletterRoutes, { prefix: '/api', service, shopUrl });
  },
  { name: 'newsletter', dependencies: ['config', 'database', 'rate-limit', 'outbox', 'auth'] },
);
