import { parse as parseQueryString } from 'node:querystring';
import {
  messageResponseSchema,
  NEWSLETTER_ADMIN_MESSAGES,
  NEWSLETTER_MESSAGES,
  newsletterSubscribeRequestSchema,
  subscriberListQuerySchema,
  subscriberPageSchema,
  subscriberSchema,
  subscriberUpdateRequestSchema,
  unsubscribeQuerySchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvStream } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { escapeHtml, SHOP_NAME } from '../../mail/templates';
import { noStore } from '../../plugins/auth';
import { PAGE_HEADERS } from '../../plugins/security-headers';
import { type NewsletterService, SUBSCRIBER_CSV_COLUMNS } from './newsletter.service';

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const exportQuery = subscriberListQuerySchema.pick({ active: true, search: true });

/** The small page a person sees after clicking the link in an email (no login, no script). */
function unsubscribePage(message: string, shopUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Newsletter - ${SHOP_NAME}</title></head>
<body><main><h1>${SHOP_NAME}</h1><p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(shopUrl)}">Back to the shop</a></p></main></body></html>`;
}

/** /api/newsletter: the home page's signup, the admin's list, and the unsubscribe link (API.md). */
export const newsletterRoutes: FastifyPluginAsyncZod<{ service: NewsletterService; shopUrl: string }> = async (
  app,
  { service, shopUrl },
) => {
  app.post(
    '/newsletter/subscribe',
    { schema: { body: newsletterSubscribeRequestSchema, response: { 201: messageResponseSchema } } },
    async (request, reply) => {
      await service.subscribe(request.body.email, { ip: request.ip });
      // One answer, status included, whether the address was on the list or not (API.md).
      return reply.status(201).send({ message: NEWSLETTER_MESSAGES.subscribed });
    },
  );

  // ---------- Admins ----------

  app.get(
    '/newsletter/subscribers',
    {
      preValidation: app.requireAdmin,
      onSend: noStore,
      schema: { querystring: subscriberListQuerySchema, response: { 200: subscriberPageSchema } },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/newsletter/subscribers/export.csv',
    { preValidation: app.requireAdmin, onSend: noStore, schema: { querystring: exportQuery } },
    async (request, reply) => {
      const stream = csvStream(SUBSCRIBER_CSV_COLUMNS, service.exportRows(request.query), (error) =>
        request.log.error({ err: error }, 'newsletter export failed part way'),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .send(stream);
    },
  );

  app.patch(
    '/newsletter/subscribers/:id',
    {
      preValidation: app.requireAdmin,
      onSend: noStore,
      schema: {
        params: idParams,
        body: subscriberUpdateRequestSchema,
        response: { 200: z.object({ message: z.string(), subscriber: subscriberSchema }) },
      },
    },
    async (request) => service.setActive(request.params.id, request.body.active),
  );

  // ---------- The unsubscribe link: anyone holding it, no login ----------
  app.get(
    '/newsletter/unsubscribe',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const done = request.query.token ? await service.unsubscribe(request.query.token) : null;
      reply
        .headers(PAGE_HEADERS)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      if (!done) return reply.status(404).send(unsubscribePage(NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid, shopUrl));
      return reply.send(unsubscribePage(NEWSLETTER_ADMIN_MESSAGES.unsubscribed, shopUrl));
    },
  );

  // RFC 8058: a mail client's one-click POST sends `List-Unsubscribe=One-Click`, form-encoded,
  // from its own servers. The token in the URL is the whole authority; the body is not needed.
  // Its own context, so the form parser serves this route only (the signup stays JSON-only).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, parseQueryString(String(body))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/newsletter/unsubscribe',
      {
        // Sent by mail providers' servers (no session, maybe an Origin of their own).
        config: { foreignOriginAllowed: true },
        schema: { querystring: unsubscribeQuerySchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        const done = await service.unsubscribe(request.query.token);
        if (!done) throw new AppError('NOT_FOUND', NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid);
        return { message: NEWSLETTER_ADMIN_MESSAGES.unsubscribed };
      },
    );
  });
};
