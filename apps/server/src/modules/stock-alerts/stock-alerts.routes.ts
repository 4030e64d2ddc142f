import { parse as parseQueryString } from 'node:querystring';
import {
  idOrSlugParamsSchema,
  messageResponseSchema,
  STOCK_ALERT_MESSAGES,
  stockAlertRequestSchema,
  stockAlertUnsubscribeQuerySchema,
} from '@shop/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml, SHOP_NAME } from '../../mail/templates';
import { PAGE_HEADERS } from '../../plugins/security-headers';
import type { StockAlertsService } from './stock-alerts.service';

/** The field the unsubscribe page's form sends, so its POST is answered with a page (one-click gets JSON). */
const PAGE_FORM_FIELD = 'answer';

/**
 * The page the email's unsubscribe link opens (no login, no script): a sentence, and with
 * `token` the button, a plain form that POSTs to the link. Opening the link changes nothing.
 */
function unsubscribePage(message: string, shopUrl: string, token?: string): string {
  const form = token
    ? `<form method="post" action="/api/stock-alerts/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}">
<input type="hidden" name="${PAGE_FORM_FIELD}" value="page">
<button type="submit">${escapeHtml(STOCK_ALERT_MESSAGES.unsubscribeButton)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Back-in-stock alert - ${escapeHtml(SHOP_NAME)}</title></head>
<body><main><h1>${escapeHtml(SHOP_NAME)}</h1><p>${escapeHtml(message)}</p>
${form}
<p><a href="${escapeHtml(shopUrl)}">Back to the shop</a></p></main></body></html>`;
}

/** A document's headers, kept by no cache, its URL (the token) sent to no one. */
function sendPage(reply: FastifyReply, html: string) {
  return reply
    .status(200)
    .headers(PAGE_HEADERS)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** POST /api/products/{id}/stock-alerts, and the unsubscribe link of the back-in-stock email. */
export const stockAlertsRoutes: FastifyPluginAsyncZod<{ service: StockAlertsService; shopUrl: string }> = async (
  app,
  { service, shopUrl },
) => {
  app.post(
    '/products/:idOrSlug/stock-alerts',
    {
      schema: { params: idOrSlugParamsSchema, body: stockAlertRequestSchema, response: { 201: messageResponseSchema } },
    },
    async (request, reply) => {
      // A signed-in customer's alert is tied to the account too; a guest's to the address only.
      const user = await app.authenticate(request);
      await service.request(request.params.idOrSlug, request.body.email, { ip: request.ip, userId: user?.id ?? null });
      return reply.status(201).send({ message: STOCK_ALERT_MESSAGES.requested });
    },
  );

  // The link in the email: GET (and HEAD) only offers the button, since mail scanners and link
  // previews open every link; the POST cancels. The same page for any token, known or not.
  app.get(
    '/stock-alerts/unsubscribe',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const { token } = request.query;
      if (!token) return sendPage(reply, unsubscribePage(STOCK_ALERT_MESSAGES.unsubscribeInvalid, shopUrl));
      return sendPage(reply, unsubscribePage(STOCK_ALERT_MESSAGES.unsubscribeConfirm, shopUrl, token));
    },
  );

  // The button's POST (a form, answered with a page) or RFC 8058's one-click from a mail client's
  // servers (answered with JSON). The token in the URL is the whole authority.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, parseQueryString(String(body))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/stock-alerts/unsubscribe',
      {
        config: { foreignOriginAllowed: true },
        schema: { querystring: stockAlertUnsubscribeQuerySchema, response: { 200: messageResponseSchema } },
      },
      async (request, reply) => {
        await service.unsubscribe(request.query.token);
        const body = request.body as Record<string, unknown> | undefined;
        if (body?.[PAGE_FORM_FIELD] === 'page') {
          return sendPage(reply, unsubscribePage(STOCK_ALERT_MESSAGES.unsubscribed, shopUrl));
        }
        return { message: STOCK_ALERT_MESSAGES.unsubscribed };
      },
    );
  });
};
