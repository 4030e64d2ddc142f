import {
  adminUserUpdateRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  ACCOUNT_MESSAGES as M,
  messageResponseSchema,
  messageUserResponseSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  userListQuerySchema,
  userPageSchema,
  userResponseSchema,
  userSchema,
} from '@shop/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, readSessionToken } from '../../plugins/auth';
import type { AccountsService } from './accounts.service';
import { SESSION_COOKIE } from './session-store';

const userIdParams = z.object({ id: z.string().min(1).max(100) });

export interface AccountsRoutesOptions {
  service: AccountsService;
}

/**
 * /api/users: register, login, verify, logout, profile, password reset, and the admin's user
 * management. Every response has a declared schema, which also keeps hashes out of it.
 */
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, { service }) => {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.cookieSecure,
  };
  const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookieOptions);
  // Personal answers (a session token, a profile, the user list): no browser or proxy keeps them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/users/register',
    { schema: { body: registerRequestSchema, response: { 201: messageUserResponseSchema } } },
    async (request, reply) => {
      const user = await service.register(request.body, { ip: request.ip });
      return reply.status(201).send({ message: M.registerSuccess, user });
    },
  );

  app.post(
    '/users/login',
    { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const { user, token } = await service.login(request.body.email, request.body.password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: app.sessions.ttlSeconds });
      return {
        message: M.loginSuccess,
        token,
        user,
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
      };
    },
  );

  app.get(
    '/users/verify',
    { preHandler: app.requireUser, schema: { response: { 200: userResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { user: currentUser(request) };
    },
  );

  // The web app's start-up check: like verify, but a guest is a 200 with no user, so browsers
  // do not log a failed request on every visit of a guest.
  app.get(
    '/users/session',
    { schema: { response: { 200: z.object({ user: userSchema.nullable() }) } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { user: await app.authenticate(request) };
    },
  );

  app.post('/users/logout', { schema: { response: { 200: messageResponseSchema } } }, async (request, reply) => {
    await service.logout(readSessionToken(request)?.token);
    clearSessionCookie(reply);
    return { message: M.logoutSuccess };
  });

  app.put(
    '/users/profile',
    {
      preHandler: app.requireUser,
      schema: { body: profileUpdateRequestSchema, response: { 200: messageUserResponseSchema } },
    },
    async (request) => {
      const user = await service.updateProfile(currentUser(request).id, request.body);
      return { message: M.profileUpdated, user };
    },
  );

  app.post(
    '/users/request-reset',
    { schema: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await service.requestPasswordReset(request.body.email, { ip: request.ip });
      return { message: M.resetOtpSent };
    },
  );

  app.post(
    '/users/reset-password',
    { schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await service.resetPassword(request.body.email, request.body.otp, request.body.newPassword, {
        ip: request.ip,
      });
      // Every session ended, this browser's too.
      clearSessionCookie(reply);
      return { message: M.resetSuccess };
    },
  );

  // ---------- Admin ----------

  app.get(
    '/users',
    { preHandler: app.requireAdmin, schema: { querystring: userListQuerySchema, response: { 200: userPageSchema } } },
    async (request) => service.listUsers(request.query),
  );

  app.put(
    '/users/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        params: userIdParams,
        body: adminUserUpdateRequestSchema,
        response: { 200: messageUserResponseSchema },
      },
    },
    async (request) => {
      const user = await service.updateUser(request.params.id, request.body);
      return { message: M.userUpdated, user };
    },
  );

  app.delete(
    '/users/:id',
    { preHandler: app.requireAdmin, schema: { params: userIdParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      await service.deleteUser(request.params.id);
      return { message: M.userDeleted };
    },
  );
};
