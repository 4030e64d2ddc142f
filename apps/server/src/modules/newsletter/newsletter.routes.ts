import {
  MESSAGES,
  messageResponseSchema,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  newsletterSubscribeRequestSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyRequests } from '../../plugins/rate-limit';
import type { NewsletterService } from './newsletter.service';

export interface NewsletterRoutesOptions {
  service: NewsletterService;
}

/** /api/newsletter: the home page's signup (API.md). */
export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterRoutesOptions> = async (app, { service }) => {
  app.post(
    '/newsletter/subscribe',
    {
      schema: {
        body: newsletterSubscribeRequestSchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      // Anyone may sign up, so one address may not fill the table with made-up emails.
      const window = await app.rateLimits.hit(`newsletter:${request.ip}`, NEWSLETTER_LIMITS.windowMinutes * 60_000);
      if (window.count > NEWSLETTER_LIMITS.signupsPerAddress) {
        throw tooManyRequests(MESSAGES.tooManyRequests, window.resetInMs);
      }
      await service.subscribe(request.body.email);
      // One answer, status included, whether the address was on the list or not (API.md).
      return reply.status(201).send({ message: NEWSLETTER_MESSAGES.subscribed });
    },
  );
};
