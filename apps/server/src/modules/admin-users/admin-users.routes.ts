import {
  adminUserUpdateRequestSchema,
  ACCOUNT_MESSAGES as M,
  messageResponseSchema,
  messageUserResponseSchema,
  userListQuerySchema,
  userPageSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-errors';
import { currentUser, noStore } from '../../plugins/auth';
import { apiTag } from '../../plugins/openapi';
import type { AdminUsersService } from './admin-users.service';

const userIdParams = z.object({ id: z.string().min(1).max(100) });

/** The admin's user management under /api/users (admins only). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ service: AdminUsersService }> = async (app, { service }) => {
  app.addHook('onSend', noStore);
  apiTag(app, 'Users admin');

  app.get(
    '/users',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'List users (search, role, status, pages)',
        querystring: userListQuerySchema,
        response: { 200: userPageSchema },
      },
    },
    async (request) => service.listUsers(request.query),
  );

  app.put(
    '/users/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: "Change a user's role or disable them (cancels their unpaid orders)",
        params: userIdParams,
        body: adminUserUpdateRequestSchema,
        response: { 200: messageUserResponseSchema, ...errorResponses('NOT_FOUND', 'LAST_ADMIN') },
      },
    },
    async (request) => {
      const user = await service.updateUser(request.params.id, request.body, `admin:${currentUser(request).email}`);
      return { message: M.userUpdated, user };
    },
  );

  app.delete(
    '/users/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'Delete a user',
        params: userIdParams,
        response: { 200: messageResponseSchema, ...errorResponses('NOT_FOUND', 'LAST_ADMIN') },
      },
    },
    async (request) => {
      await service.deleteUser(request.params.id, `admin:${currentUser(request).email}`);
      return { message: M.userDeleted };
    },
  );
};
