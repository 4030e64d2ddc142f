import { messageResponseSchema, NEWSLETTER_MESSAGES, newsletterSubscribeRequestSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NewsletterService } from './newsletter.service';

/** /api/newsletter: the home page's signup (API.md). */
export const newsletterRoutes: FastifyPluginAsyncZod<{ service: NewsletterService }> = async (app, { service }) => {
  app.post(
    '/newsletter/subscribe',
    { schema: { body: newsletterSubscribeRequestSchema, response: { 201: messageResponseSchema } } },
    async (request, reply) => {
      await service.subscribe(request.body.email, { ip: request.ip });
      // One answer, status included, whether the address was on the list or not (API.md).
      return reply.status(201).send({ message: NEWSLETTER_MESSAGES.subscribed });
    },
  );
};
