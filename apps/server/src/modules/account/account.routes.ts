import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  ACCOUNT_MESSAGES as M,
  messageResponseSchema,
  messageUserResponseSchema,
  profileUpdateRequestSchema,
  resetPasswordRequestSchema,
  userResponseSchema,
  userSchema,
} from '@shop/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-errors';
import { currentUser, noStore, readSessionToken, SESSION_COOKIE } from '../../plugins/auth';
import { apiTag } from '../../plugins/openapi';
import type { AccountService } from './account.service';

/**
 * /api/users: login, verify, session, logout, profile, password reset. Every response has a
 * declared schema, which also keeps hashes out of it.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (app, { service }) => {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.cookieSecure,
  };
  const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookieOptions);
  app.addHook('onSend', noStore);
  apiTag(app, 'Accounts');

  app.post(
    '/users/login',
    {
      schema: {
        summary: 'Log in: sets the session cookie and returns the token',
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          ...errorResponses('INVALID_CREDENTIALS', 'ACCOUNT_DISABLED', 'TOO_MANY_REQUESTS'),
        },
      },
    },
    async (request, reply) => {
      const { user, token } = await service.login(request.body.email, request.body.password, {
        ip: request.network,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: service.sessionTtlSeconds });
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
    { preHandler: app.requireUser, schema: { summary: 'The signed-in user', response: { 200: userResponseSchema } } },
    async (request) => ({ user: currentUser(request) }),
  );

  // The web app's start-up check: like verify, but a guest is a 200 with no user, so browsers
  // do not log a failed request on every visit of a guest.
  app.get(
    '/users/session',
    {
      schema: {
        summary: 'The signed-in user, or null for a guest (never 401)',
        response: { 200: z.object({ user: userSchema.nullable() }) },
      },
    },
    async (request) => ({ user: await app.authenticate(request) }),
  );

  app.post(
    '/users/logout',
    { schema: { summary: 'Log out: ends this session', response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await service.logout(readSessionToken(request)?.token);
      clearSessionCookie(reply);
      return { message: M.logoutSuccess };
    },
  );

  app.put(
    '/users/profile',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Change your name, phone or email (a new email needs the current password)',
        body: profileUpdateRequestSchema,
        response: {
          200: messageUserResponseSchema,
          ...errorResponses('EMAIL_TAKEN', 'CURRENT_PASSWORD_REQUIRED', 'WRONG_PASSWORD', 'TOO_MANY_REQUESTS'),
        },
      },
    },
    async (request) => {
      const user = await service.updateProfile(currentUser(request).id, request.body, {
        token: readSessionToken(request)?.token,
      });
      return { message: M.profileUpdated, user };
    },
  );

  app.post(
    '/users/request-reset',
    {
      schema: {
        summary: 'Ask for a password reset code by email (the same answer for any address)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses('TOO_MANY_REQUESTS') },
      },
    },
    async (request) => {
      await service.requestPasswordReset(request.body.email, { ip: request.network });
      return { message: M.resetOtpSent };
    },
  );

  app.post(
    '/users/reset-password',
    {
      schema: {
        summary: 'Set a new password with the emailed code; ends every session',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses('INVALID_OTP', 'TOO_MANY_REQUESTS') },
      },
    },
    async (request, reply) => {
      await service.resetPassword(request.body.email, request.body.otp, request.body.newPassword, {
        ip: request.network,
      });
      // Every session ended, this browser's too.
      clearSessionCookie(reply);
      return { message: M.resetSuccess };
    },
  );
};
