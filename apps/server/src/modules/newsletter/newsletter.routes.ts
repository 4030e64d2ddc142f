import { messageResponseSchema, NEWSLETTER_MESSAGES, newsletterSubscribeRequestSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
        response: { 200: messageResponseSchema, 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const { created } = await service.subscribe(request.body.email);
      return reply.status(created ? 201 : 200).send({ message: NEWSLETTER_MESSAGES.subscribed });
    },
  );
};
