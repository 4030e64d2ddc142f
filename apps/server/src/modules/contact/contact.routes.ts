import { CONTACT_MESSAGES, contactRequestSchema, messageResponseSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-errors';
import { apiTag } from '../../plugins/openapi';
import type { ContactService } from './contact.service';

export interface ContactRoutesOptions {
  service: ContactService;
}

/** POST /api/contact: the contact page's message form (API.md). */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { service }) => {
  apiTag(app, 'Contact');
  app.post(
    '/contact',
    {
      schema: {
        summary: 'Send the shop a message (emailed to its inbox, with a copy to the sender)',
        body: contactRequestSchema,
        response: { 201: messageResponseSchema, ...errorResponses('TOO_MANY_REQUESTS') },
      },
    },
    async (request, reply) => {
      await service.receiveMessage(request.body, { ip: request.network });
      // The same answer when the honeypot was filled: a bot learns nothing from it.
      return reply.status(201).send({ message: CONTACT_MESSAGES.sent });
    },
  );
};
