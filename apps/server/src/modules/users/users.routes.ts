import { ACCOUNT_MESSAGES as M, messageUserResponseSchema, registerRequestSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../plugins/auth';
import type { UsersService } from './users.service';

/** POST /api/users/register (API.md). */
export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.addHook('onSend', noStore);

  app.post(
    '/users/register',
    { schema: { body: registerRequestSchema, response: { 201: messageUserResponseSchema } } },
    async (request, reply) => {
      const user = await service.register(request.body, { ip: request.network });
      return reply.status(201).send({ message: M.registerSuccess, user });
    },
  );
};
