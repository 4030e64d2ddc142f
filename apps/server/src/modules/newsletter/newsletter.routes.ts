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
import type { FastifyReply } from 'fastify';
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

/**
 * The field the unsubscribe page's form sends beside the token, so its POST is answered with a
 * page; a mail client's one-click POST (`List-Unsubscribe=One-Click`) gets the JSON it always had.
 */
const PAGE_FORM_FIELD = 'answer';

/**
 * The small page a person sees after clicking the link in an email (no login, no script): a
 * sentence, and with `token` the unsubscribe button, a plain HTML form that POSTs to the link.
 */
function unsubscribePage(message: string, shopUrl: string, token?: string): string {
  const form = token
    ? `<form method="post" action="/api/newsletter/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}">
<input type="hidden" name="${PAGE_FORM_FIELD}" value="page">
<button type="submit">${escapeHtml(NEWSLETTER_ADMIN_MESSAGES.unsubscribeButton)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Newsletter - ${escapeHtml(SHOP_NAME)}</title></head>
<body><main><h1>${escapeHtml(SHOP_NAME)}</h1><p>${escapeHtml(message)}</p>
${form}
<p><a href="${escapeHtml(shopUrl)}">Back to the shop</a></p></main></body></html>`;
}

/** The unsubscribe page's headers: a document's, kept by no cache, its URL (the token) sent to no one. */
function sendUnsubscribePage(reply: FastifyReply, status: 200 | 404, html: string) {
  return reply
    .status(status)
    .headers(PAGE_HEADERS)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
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
  // Opening the link (GET, and the HEAD Fastify answers with it) changes nothing: mail scanners
  // and link previews open every link of an email. It says whether the link is valid and offers
  // the button; only the POST unsubscribes.
  app.get(
    '/newsletter/unsubscribe',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const { token } = request.query;
      const subscriber = token ? await service.findByToken(token) : null;
      if (!token || !subscriber) {
        return sendUnsubscribePage(reply, 404, unsubscribePage(NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid, shopUrl));
      }
      if (!subscriber.active) {
        return sendUnsubscribePage(reply, 200, unsubscribePage(NEWSLETTER_ADMIN_MESSAGES.unsubscribed, shopUrl));
      }
      return sendUnsubscribePage(
        reply,
        200,
        unsubscribePage(NEWSLETTER_ADMIN_MESSAGES.unsubscribeConfirm, shopUrl, token),
      );
    },
  );

  // The POST unsubscribes: the page's button (a plain form, answered with a page), or RFC 8058's
  // one-click, which a mail client sends as `List-Unsubscribe=One-Click`, form-encoded, from its
  // own servers (answered with JSON). The token in the URL is the whole authority; the body
  // only says which answer to give. Its own context, so the form parser serves this route only
  // (the signup stays JSON-only).
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
      async (request, reply) => {
        const done = await service.unsubscribe(request.query.token);
        const body = request.body as Record<string, unknown> | undefined;
        if (body?.[PAGE_FORM_FIELD] === 'page') {
          return done
            ? sendUnsubscribePage(reply, 200, unsubscribePage(NEWSLETTER_ADMIN_MESSAGES.unsubscribed, shopUrl))
            : sendUnsubscribePage(reply, 404, unsubscribePage(NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid, shopUrl));
        }
        if (!done) throw new AppError('NOT_FOUND', NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid);
        return { message: NEWSLETTER_ADMIN_MESSAGES.unsubscribed };
      },
    );
  });
};
