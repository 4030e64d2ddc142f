import { parse as parseQueryString } from 'node:querystring';
import {
  messageResponseSchema,
  NEWSLETTER_ADMIN_MESSAGES,
  NEWSLETTER_FORM,
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
import { errorResponses } from '../../lib/api-errors';
import { csvStream } from '../../lib/csv';
import { isDatabaseUnavailable } from '../../lib/database-unavailable';
import { AppError } from '../../lib/errors';
import { escapeHtml, SHOP_NAME } from '../../mail/templates';
import { sendUnsubscribePage, UNSUBSCRIBE_PAGE_FORM_FIELD, unsubscribePage } from '../../mail/unsubscribe-page';
import { noStore } from '../../plugins/auth';
import { apiTag } from '../../plugins/openapi';
import { PAGE_HEADERS } from '../../plugins/security-headers';
import { type NewsletterService, SUBSCRIBER_CSV_COLUMNS } from './newsletter.service';

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const exportQuery = subscriberListQuerySchema.pick({ active: true, search: true });

/** The newsletter's unsubscribe page (mail/unsubscribe-page.ts), with the button when `token` is given. */
function newsletterPage(message: string, shopUrl: string, token?: string): string {
  return unsubscribePage({
    title: 'Newsletter',
    message,
    shopUrl,
    button: token
      ? {
          action: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
          label: NEWSLETTER_ADMIN_MESSAGES.unsubscribeButton,
        }
      : undefined,
  });
}

/** The page the comeback email's link opens (the same kind of page), with the button when `token` is given. */
function comebackPage(message: string, shopUrl: string, token?: string): string {
  return unsubscribePage({
    title: 'Newsletter',
    message,
    shopUrl,
    button: token
      ? {
          action: `/api/newsletter/confirm?token=${encodeURIComponent(token)}`,
          label: NEWSLETTER_ADMIN_MESSAGES.comebackButton,
        }
      : undefined,
  });
}

/** The longest page address the signup form may ask to go back to. */
const RETURN_PATH_MAX = 512;

/**
 * The page of the shop the signup form was sent from, as a path without its fragment: only one
 * of this shop's pages (never another site, never the API), else the home page. Never with an
 * address in its query, even one an older page put there.
 */
export function signupReturnPath(value: unknown): string {
  // A path of visible ASCII: one leading slash, and no backslash a browser would read as a slash
  // (`/\\evil.example` is another host).
  const isPath =
    typeof value === 'string' &&
    value.length <= RETURN_PATH_MAX &&
    /^\/(?!\/)[!-~]*$/.test(value) &&
    !value.includes('\\');
  if (!isPath) return '/';
  const base = 'http://shop.invalid';
  const url = new URL(value, base);
  if (url.origin !== base || url.pathname === '/api' || url.pathname.startsWith('/api/')) return '/';
  url.searchParams.delete('email');
  url.searchParams.delete(NEWSLETTER_FORM.noticeParam);
  return `${url.pathname}${url.search}`;
}

/** That page with the notice that says the signup worked, landing on the signup. */
export function withSubscribedNotice(path: string): string {
  const url = new URL(path, 'http://shop.invalid');
  url.searchParams.set(NEWSLETTER_FORM.noticeParam, NEWSLETTER_FORM.subscribedNotice);
  return `${url.pathname}${url.search}#${NEWSLETTER_FORM.sectionId}`;
}

/**
 * The small page that answers a signup form the shop refused (a bad address, too many signups):
 * why, and the form again with what was typed, so nothing is lost. No script, no styles.
 */
function signupRefusedPage(message: string, email: string, returnTo: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Newsletter - ${escapeHtml(SHOP_NAME)}</title></head>
<body><main><h1>${escapeHtml(SHOP_NAME)} newsletter</h1>
<p role="alert" id="signup-error">${escapeHtml(message)}</p>
<form method="post" action="${NEWSLETTER_FORM.action}" novalidate>
<input type="hidden" name="${NEWSLETTER_FORM.returnField}" value="${escapeHtml(returnTo)}">
<p><label for="signup-email">Email address</label><br>
<input id="signup-email" type="email" name="email" autocomplete="email" required aria-invalid="true" aria-describedby="signup-error" value="${escapeHtml(email)}"></p>
<p><button type="submit">Subscribe</button></p></form>
<p><a href="${escapeHtml(returnTo)}">Back to the shop</a></p></main></body></html>`;
}

/** /api/newsletter: the home page's signup, the admin's list, and the unsubscribe link (API.md). */
export const newsletterRoutes: FastifyPluginAsyncZod<{ service: NewsletterService; shopUrl: string }> = async (
  app,
  { service, shopUrl },
) => {
  apiTag(app, 'Newsletter');
  app.post(
    '/newsletter/subscribe',
    {
      schema: {
        summary: 'Subscribe an address (the same answer whether it was on the list or not)',
        body: newsletterSubscribeRequestSchema,
        response: { 201: messageResponseSchema, ...errorResponses('TOO_MANY_REQUESTS') },
      },
    },
    async (request, reply) => {
      await service.subscribe(request.body.email, { ip: request.network });
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
      schema: {
        summary: 'The subscribers (search, status, pages)',
        querystring: subscriberListQuerySchema,
        response: { 200: subscriberPageSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/newsletter/subscribers/export.csv',
    {
      preValidation: app.requireAdmin,
      onSend: noStore,
      schema: {
        summary: 'The subscribers as CSV',
        querystring: exportQuery,
        documentedResponses: {
          200: { description: 'The CSV file (an attachment)', contentType: 'text/csv', schema: { type: 'string' } },
        },
      },
    },
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
        summary: 'Deactivate or reactivate a subscriber',
        params: idParams,
        body: subscriberUpdateRequestSchema,
        response: {
          200: z.object({ message: z.string(), subscriber: subscriberSchema }),
          ...errorResponses('NOT_FOUND', 'CONFLICT'),
        },
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
    {
      schema: {
        summary: "The email's unsubscribe link: a page offering the button (changes nothing)",
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
      const subscriber = token ? await service.findByToken(token) : null;
      if (!token || !subscriber) {
        return sendUnsubscribePage(reply, 404, newsletterPage(NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid, shopUrl));
      }
      if (!subscriber.active) {
        return sendUnsubscribePage(reply, 200, newsletterPage(NEWSLETTER_ADMIN_MESSAGES.unsubscribed, shopUrl));
      }
      return sendUnsubscribePage(
        reply,
        200,
        newsletterPage(NEWSLETTER_ADMIN_MESSAGES.unsubscribeConfirm, shopUrl, token),
      );
    },
  );

  // The link that brings an unsubscribed address back: opening it changes nothing (mail scanners
  // open every link, and would subscribe a stranger's address); its button's POST does.
  app.get(
    '/newsletter/confirm',
    {
      schema: {
        summary: 'The comeback link: a page offering the button that subscribes again (changes nothing)',
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
      if (!token || !(await service.canComeBack(token))) {
        return sendUnsubscribePage(reply, 404, comebackPage(NEWSLETTER_ADMIN_MESSAGES.comebackInvalid, shopUrl));
      }
      return sendUnsubscribePage(reply, 200, comebackPage(NEWSLETTER_ADMIN_MESSAGES.comebackPrompt, shopUrl, token));
    },
  );

  // The POST unsubscribes: the page's button (a plain form, answered with a page), or RFC 8058's
  // one-click, which a mail client sends as `List-Unsubscribe=One-Click`, form-encoded, from its
  // own servers (answered with JSON). The token in the URL is the whole authority; the body
  // only says which answer to give. Its own context, so the form parser serves these two routes
  // only (the JSON signup stays JSON-only).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, parseQueryString(String(body))),
    );
    // The home page's signup sent as a plain form, before the page's script has started: the
    // same subscribe as the JSON route above (its rate limit included), answered with pages. A
    // form posted from another site is refused by the origin check (plugins/origin-check.ts).
    scope.post(
      '/newsletter/subscribe-form',
      {
        schema: {
          summary: "The home page's signup as a plain form (before the page's script runs)",
          documentedBody: {
            contentType: 'application/x-www-form-urlencoded',
            schema: z.object({ email: z.string(), [NEWSLETTER_FORM.returnField]: z.string().optional() }),
          },
          documentedResponses: {
            303: { description: 'Subscribed: back to the page the form was on', contentType: 'text/html' },
            400: {
              description: 'The form again, with why it was refused',
              contentType: 'text/html',
              schema: { type: 'string' },
            },
            429: {
              description: 'The form again: too many signups from this address',
              contentType: 'text/html',
              schema: { type: 'string' },
            },
          },
          response: errorResponses('TOO_MANY_REQUESTS'),
        },
      },
      async (request, reply) => {
        const body: Record<string, unknown> =
          typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
            ? (request.body as Record<string, unknown>)
            : {};
        const typed = typeof body.email === 'string' ? body.email.slice(0, 320) : '';
        const back = signupReturnPath(body[NEWSLETTER_FORM.returnField]);
        const refuse = (status: number, message: string) =>
          reply
            .status(status)
            .headers(PAGE_HEADERS)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(signupRefusedPage(message, typed, back));
        const parsed = newsletterSubscribeRequestSchema.safeParse({ email: typed.trim() });
        if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.failed);
        try {
          await service.subscribe(parsed.data.email, { ip: request.network });
        } catch (error) {
          if (!(error instanceof AppError)) request.log.error({ err: error }, 'a newsletter signup form failed');
          const retryAfter = error instanceof AppError ? error.details.retryAfterSeconds : undefined;
          if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
          if (isDatabaseUnavailable(error)) return refuse(503, NEWSLETTER_MESSAGES.failed);
          return error instanceof AppError
            ? refuse(error.status, error.message)
            : refuse(500, NEWSLETTER_MESSAGES.failed);
        }
        return reply
          .status(303)
          .header('cache-control', 'no-store')
          .header('location', withSubscribedNotice(back))
          .send();
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/newsletter/unsubscribe',
      {
        // Sent by mail providers' servers (no session, maybe an Origin of their own).
        config: { foreignOriginAllowed: true },
        schema: {
          summary: "Unsubscribe (the page's button, or RFC 8058 one-click from a mail client)",
          querystring: unsubscribeQuerySchema,
          response: { 200: messageResponseSchema, ...errorResponses('NOT_FOUND') },
        },
      },
      async (request, reply) => {
        const done = await service.unsubscribe(request.query.token);
        const body = request.body as Record<string, unknown> | undefined;
        if (body?.[UNSUBSCRIBE_PAGE_FORM_FIELD] === 'page') {
          return done
            ? sendUnsubscribePage(reply, 200, newsletterPage(NEWSLETTER_ADMIN_MESSAGES.unsubscribed, shopUrl))
            : sendUnsubscribePage(reply, 404, newsletterPage(NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid, shopUrl));
        }
        if (!done) throw new AppError('NOT_FOUND', NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid);
        return { message: NEWSLETTER_ADMIN_MESSAGES.unsubscribed };
      },
    );
    // The comeback page's button. The token in the URL is the whole authority; the page sends no
    // referrer, so its form's Origin is "null".
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/newsletter/confirm',
      {
        config: { foreignOriginAllowed: true },
        schema: {
          summary: "The comeback page's button: subscribes the address again",
          querystring: unsubscribeQuerySchema,
          documentedResponses: {
            200: { description: 'The page saying it is done', contentType: 'text/html', schema: { type: 'string' } },
            404: {
              description: 'The page saying the link is not valid',
              contentType: 'text/html',
              schema: { type: 'string' },
            },
          },
        },
      },
      async (request, reply) => {
        const done = await service.comeBack(request.query.token);
        return done
          ? sendUnsubscribePage(reply, 200, comebackPage(NEWSLETTER_ADMIN_MESSAGES.comebackDone, shopUrl))
          : sendUnsubscribePage(reply, 404, comebackPage(NEWSLETTER_ADMIN_MESSAGES.comebackInvalid, shopUrl));
      },
    );
  });
};
