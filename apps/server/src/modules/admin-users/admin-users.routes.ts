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
import { currentUser, noStore } from '../../plugins/auth';
import type { AdminUsersService } from './admin-users.service';

const userIdParams = z.object({ id: z.string().min(1).max(100) });

/** The admin's user management under /api/users (admins only). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ service: AdminUsersService }> = async (app, { service }) => {
  app.addHook('onSend', noStore);

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
      const user = await service.updateUser(request.params.id, request.body, `admin:${currentUser(request).email}`);
      return { message: M.userUpdated, user };
    },
  );

  app.delete(
    '/users/:id',
    { preHandler: app.requireAdmin, schema: { params: userIdParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      await service.deleteUser(request.params.id, `admin:${currentUser(request).email}`);
      return { message: M.userDeleted };
    },
  );
};
