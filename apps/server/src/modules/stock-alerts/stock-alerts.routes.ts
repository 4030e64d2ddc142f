import { parse as parseQueryString } from 'node:querystring';
import {
  idOrSlugParamsSchema,
  messageResponseSchema,
  STOCK_ALERT_MESSAGES,
  stockAlertConfirmQuerySchema,
  stockAlertRequestSchema,
  stockAlertUnsubscribeQuerySchema,
} from '@shop/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-errors';
import { sendUnsubscribePage, UNSUBSCRIBE_PAGE_FORM_FIELD, unsubscribePage } from '../../mail/unsubscribe-page';
import { apiTag } from '../../plugins/openapi';
import type { StockAlertsService } from './stock-alerts.service';

/** The back-in-stock unsubscribe page (mail/unsubscribe-page.ts), with the button when `token` is given. */
function alertPage(message: string, shopUrl: string, token?: string): string {
  return unsubscribePage({
    title: 'Back-in-stock alert',
    message,
    shopUrl,
    button: token
      ? {
          action: `/api/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
          label: STOCK_ALERT_MESSAGES.unsubscribeButton,
        }
      : undefined,
  });
}

/** The page the confirmation email's link opens, the same kind of page, with the button when `token` is given. */
function confirmPage(message: string, shopUrl: string, token?: string): string {
  return unsubscribePage({
    title: 'Confirm your alert',
    message,
    shopUrl,
    button: token
      ? {
          action: `/api/stock-alerts/confirm?token=${encodeURIComponent(token)}`,
          label: STOCK_ALERT_MESSAGES.confirmButton,
        }
      : undefined,
  });
}

const sendPage = (reply: FastifyReply, html: string) => sendUnsubscribePage(reply, 200, html);

/** POST /api/products/{id}/stock-alerts, the confirmation link, and the unsubscribe link of the back-in-stock email. */
export const stockAlertsRoutes: FastifyPluginAsyncZod<{ service: StockAlertsService; shopUrl: string }> = async (
  app,
  { service, shopUrl },
) => {
  apiTag(app, 'Stock alerts');
  app.post(
    '/products/:idOrSlug/stock-alerts',
    {
      schema: {
        summary: 'Ask to be emailed when a sold-out product is back (a guest confirms by a link)',
        params: idOrSlugParamsSchema,
        body: stockAlertRequestSchema,
        response: {
          201: messageResponseSchema,
          ...errorResponses('NOT_FOUND', 'IN_STOCK', 'STOCK_ALERT_LIMIT', 'TOO_MANY_REQUESTS'),
        },
      },
    },
    async (request, reply) => {
      // A signed-in customer's alert is tied to the account too; a guest's to the address only.
      // Only the account's own address is taken without the link mailed to it.
      const user = await app.authenticate(request);
      const outcome = await service.request(request.params.idOrSlug, request.body.email, {
        ip: request.network,
        user: user ? { id: user.id, email: user.email, emailVerified: user.emailVerified } : null,
      });
      return reply.status(201).send({ message: STOCK_ALERT_MESSAGES[outcome] });
    },
  );

  // The confirmation email's link: like the unsubscribe link, opening it (GET, HEAD) changes
  // nothing, since mail scanners open every link and would confirm a stranger's request; it
  // offers the button, whose POST confirms and says so.
  app.get(
    '/stock-alerts/confirm',
    {
      schema: {
        summary: "The confirmation email's link: a page offering the button (changes nothing)",
        querystring: z.object({ token: z.string().max(200).optional() }),
        documentedResponses: {
          200: { description: 'The page with the button', contentType: 'text/html', schema: { type: 'string' } },
          404: {
            description: 'The page saying the link is not valid',
            contentType: 'text/html',
            schema: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (!token || !(await service.canConfirm(token))) {
        return sendUnsubscribePage(reply, 404, confirmPage(STOCK_ALERT_MESSAGES.confirmInvalid, shopUrl));
      }
      return sendPage(reply, confirmPage(STOCK_ALERT_MESSAGES.confirmPrompt, shopUrl, token));
    },
  );

  // The link in the email: GET (and HEAD) only offers the button, since mail scanners and link
  // previews open every link; the POST cancels. The same page for any token, known or not.
  app.get(
    '/stock-alerts/unsubscribe',
    {
      schema: {
        summary: "The alert email's unsubscribe link: a page offering the button (changes nothing)",
        querystring: z.object({ token: z.string().max(200).optional() }),
        documentedResponses: {
          200: {
            description: 'The page, with the button when a token is given',
            contentType: 'text/html',
            schema: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (!token) return sendPage(reply, alertPage(STOCK_ALERT_MESSAGES.unsubscribeInvalid, shopUrl));
      return sendPage(reply, alertPage(STOCK_ALERT_MESSAGES.unsubscribeConfirm, shopUrl, token));
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
        schema: {
          summary: "Cancel the alert (the page's button, or RFC 8058 one-click from a mail client)",
          querystring: stockAlertUnsubscribeQuerySchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request, reply) => {
        await service.unsubscribe(request.query.token);
        const body = request.body as Record<string, unknown> | undefined;
        if (body?.[UNSUBSCRIBE_PAGE_FORM_FIELD] === 'page') {
          return sendPage(reply, alertPage(STOCK_ALERT_MESSAGES.unsubscribed, shopUrl));
        }
        return { message: STOCK_ALERT_MESSAGES.unsubscribed };
      },
    );
    // The confirmation page's button. The token in the URL is the whole authority; the page sends
    // no referrer, so its form's Origin is "null" and the origin check would refuse it.
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/stock-alerts/confirm',
      {
        config: { foreignOriginAllowed: true },
        schema: {
          summary: "The confirmation page's button: confirms the alert",
          querystring: stockAlertConfirmQuerySchema,
          documentedResponses: {
            200: {
              description: 'The page saying it is confirmed',
              contentType: 'text/html',
              schema: { type: 'string' },
            },
            404: {
              description: 'The page saying the link is not valid',
              contentType: 'text/html',
              schema: { type: 'string' },
            },
          },
        },
      },
      async (request, reply) => {
        const confirmed = await service.confirm(request.query.token);
        return confirmed
          ? sendPage(reply, confirmPage(STOCK_ALERT_MESSAGES.confirmed, shopUrl))
          : sendUnsubscribePage(reply, 404, confirmPage(STOCK_ALERT_MESSAGES.confirmInvalid, shopUrl));
      },
    );
  });
};
