import { CONTACT_MESSAGES, contactRequestSchema, messageResponseSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactService } from './contact.service';

export interface ContactRoutesOptions {
  service: ContactService;
}

/** POST /api/contact: the contact page's message form (API.md). */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { service }) => {
  app.post(
    '/contact',
    {
      schema: {
        body: contactRequestSchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await service.receiveMessage(request.body, { ip: request.network });
      // The same answer when the honeypot was filled: a bot learns nothing from it.
      return reply.status(201).send({ message: CONTACT_MESSAGES.sent });
    },
  );
};
