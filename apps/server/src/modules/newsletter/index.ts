import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NewsletterRepository } from './newsletter.repository';
import { newsletterRoutes } from './newsletter.routes';
import { NewsletterService } from './newsletter.service';

/** POST /api/newsletter/subscribe. */
export default fp(
  async (app: FastifyInstance) => {
    const service = new NewsletterService(new NewsletterRepository(app.database), app.rateLimits);
    await app.register(newsletterRoutes, { prefix: '/api', service });
  },
  { name: 'newsletter', dependencies: ['database', 'rate-limit'] },
);
