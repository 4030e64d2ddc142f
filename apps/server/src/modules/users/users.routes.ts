import {
  ACCOUNT_MESSAGES as M,
  messageResponseSchema,
  messageUserResponseSchema,
  registerRequestSchema,
  verifyEmailRequestSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-errors';
import { currentUser, noStore } from '../../plugins/auth';
import { apiTag } from '../../plugins/openapi';
import type { UsersService } from './users.service';

/** POST /api/users/register (API.md), and the email verification links (SECURITY.md "Verified email"). */
export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.addHook('onSend', noStore);
  apiTag(app, 'Accounts');

  app.post(
    '/users/register',
    {
      schema: {
        summary: 'Register a customer account (sends the verification email)',
        body: registerRequestSchema,
        response: { 201: messageUserResponseSchema, ...errorResponses('EMAIL_TAKEN', 'TOO_MANY_REQUESTS') },
      },
    },
    async (request, reply) => {
      const user = await service.register(request.body, { ip: request.network });
      return reply.status(201).send({ message: M.registerSuccess, user });
    },
  );

  // No login needed: the link may be opened on another device than the one that registered.
  app.post(
    '/users/verify-email',
    {
      schema: {
        summary: "Verify an email address with the link's token (no login needed)",
        body: verifyEmailRequestSchema,
        response: {
          200: messageUserResponseSchema,
          ...errorResponses('VERIFICATION_LINK_INVALID', 'TOO_MANY_REQUESTS'),
        },
      },
    },
    async (request) => {
      const { user, already } = await service.verifyEmail(request.body.token, { ip: request.ip });
      return { message: already ? M.emailAlreadyVerified : M.emailVerified, user };
    },
  );

  app.post(
    '/users/resend-verification',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Send the verification email again',
        response: { 200: messageResponseSchema, ...errorResponses('TOO_MANY_REQUESTS') },
      },
    },
    async (request) => {
      const sent = await service.sendVerificationEmail(currentUser(request).id, { ip: request.ip });
      return { message: sent ? M.verificationSent : M.emailAlreadyVerified };
    },
  );
};
