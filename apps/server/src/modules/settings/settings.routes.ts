import { PAGE_SIZE_MAX, shopSettingsSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../plugins/auth';
import { sendReady } from '../../plugins/compression';
import { apiTag } from '../../plugins/openapi';
import { CATALOGUE_CACHE_CONTROL } from '../catalog/catalog.routes';
import type { SettingsService } from './settings.service';

const JSON_TYPE = 'application/json; charset=utf-8';

const changesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});

/**
 * /api/settings (decision 025): the public details for every page, and the admin's Settings tab
 * (the whole settings, saving them, the record of changes).
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ service: SettingsService }> = async (app, { service }) => {
  apiTag(app, 'Settings');
  // The same for everyone, and changed rarely: a browser or CDN may keep it but asks again
  // (as for the catalogue), and the ETag makes that question cheap.
  app.get(
    '/settings',
    {
      schema: {
        summary: "The shop's public details (name, address, hours, bank account…), with an ETag",
        documentedResponses: {
          200: { description: 'The public details (ready JSON)', contentType: 'application/json' },
          304: { description: 'Unchanged since the If-None-Match ETag', contentType: 'application/json' },
        },
      },
    },
    async (request, reply) => {
      const { body, etag } = await service.publicAnswer();
      reply.header('cache-control', CATALOGUE_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return sendReady(request, reply.type(JSON_TYPE), body);
    },
  );

  app.get(
    '/settings/admin',
    { preValidation: app.requireAdmin, onSend: noStore, schema: { summary: 'The whole settings, for the admin' } },
    async () => service.adminAnswer(),
  );

  app.put(
    '/settings',
    {
      preValidation: app.requireAdmin,
      onSend: noStore,
      schema: { summary: 'Save the settings (every process reads them again)', body: shopSettingsSchema },
    },
    async (request) => {
      // requireAdmin ran: the caller is an admin.
      const admin = request.user as { id: string; email: string };
      return service.save(request.body, admin);
    },
  );

  app.get(
    '/settings/changes',
    {
      preValidation: app.requireAdmin,
      onSend: noStore,
      schema: { summary: 'The record of changes to the settings', querystring: changesQuery },
    },
    async (request) => service.changes(request.query.page, request.query.pageSize),
  );
};
