import { ACCOUNT_MESSAGES } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { readSessionToken } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route whose authority is a secret in its URL, never a cookie (the newsletter's one-click
     * unsubscribe, RFC 8058), so a request from any origin is let through.
     */
    foreignOriginAllowed?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin) return origin;
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer) {
    try {
      return new URL(referer).origin;
    } catch {
      return 'null';
    }
  }
  return undefined;
}

/**
 * CSRF defence for the cookie session (beside SameSite=Lax): a request that changes state
 * (any method but GET, HEAD and OPTIONS, on any path) and comes from a browser page (it has an
 * Origin or Referer) must come from the shop itself or an allowed origin. Requests that carry
 * their token in a header cannot be forged by another site, and clients without an Origin
 * (curl, apps, webhooks) are not browsers.
 *
 * One synchronous hook on every request: a read costs one Set lookup and goes on; the Cookie
 * header is read only for an unsafe request that has an Origin or Referer.
 */
export const originCheckPlugin = fp(
  async (app: FastifyInstance) => {
    const allowed = new Set(app.config.allowedOrigins.map((origin) => origin.replace(/\/$/, '')));
    app.addHook('onRequest', (request, _reply, done) => {
      // Every unsafe method, whatever the path: `/%61pi/...` and absolute-form targets reach
      // the same routes as `/api/...`, and pages take no changes, so nothing is lost.
      if (SAFE_METHODS.has(request.method)) return done();
      const origin = originOf(request);
      if (origin === undefined) return done();
      // The matched route's own option: no spelling of the path can reach it by mistake.
      if (request.routeOptions.config?.foreignOriginAllowed) return done();
      if (readSessionToken(request)?.source === 'header') return done();
      if (origin === `${request.protocol}://${request.host}` || allowed.has(origin)) return done();
      done(new AppError('FOREIGN_ORIGIN', ACCOUNT_MESSAGES.foreignOrigin));
    });
  },
  { name: 'origin-check', dependencies: ['@fastify/cookie'] },
);
