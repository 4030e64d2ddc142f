import { ACCOUNT_MESSAGES, type User } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { DEFAULT_CACHE_CONTROL } from './security-headers';

/** The httpOnly cookie that carries the session token in browsers. */
export const SESSION_COOKIE = 'shop_session';

export type AuthSource = 'cookie' | 'header';

/**
 * The session token of a request: `Authorization: Bearer`, then `x-auth-token`, then the
 * httpOnly cookie. Role headers (`x-user-role`, `x-admin-token`) are never read: the role
 * always comes from the database.
 */
export function readSessionToken(request: FastifyRequest): { token: string; source: AuthSource } | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (match?.[1]) return { token: match[1], source: 'header' };
  }
  const headerToken = request.headers['x-auth-token'];
  if (typeof headerToken === 'string' && headerToken.trim()) return { token: headerToken.trim(), source: 'header' };
  const cookieToken = requestCookies(request)[SESSION_COOKIE];
  if (cookieToken) return { token: cookieToken, source: 'cookie' };
  return null;
}

/**
 * The request's cookies, parsed on first use. @fastify/cookie runs with `hook: false` (app.ts),
 * so a request that never asks (a catalogue read, a page, an image) never parses its Cookie header.
 */
export function requestCookies(request: FastifyRequest): Record<string, string | undefined> {
  if (!request.cookies) {
    const header = request.headers.cookie;
    request.cookies = header ? request.server.parseCookie(header) : {};
  }
  return request.cookies;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` (and so by requireUser / requireAdmin); null for a guest. */
    user: User | null;
  }
  interface FastifyInstance {
    /**
     * The active user behind a session token, or null. Decorated by the module that keeps the
     * sessions (modules/auth); this plugin only asks it.
     */
    resolveSession(token: string): Promise<User | null>;
    /** The logged-in user of this request, or null; resolved once per request. */
    authenticate(request: FastifyRequest): Promise<User | null>;
    /** preHandler: 401 unless logged in. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: 401 unless logged in, 403 unless the user is an admin (by the database). */
    requireAdmin: preHandlerAsyncHookHandler;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<User | null>>();

/**
 * Who is calling. Resolution is lazy: routes that need a user ask for it through the
 * preHandlers, so catalogue reads never pay for a session lookup. Which user a token belongs
 * to is `app.resolveSession`'s answer, so this plugin knows no module.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);

    const authenticate = (request: FastifyRequest): Promise<User | null> => {
      let pending = resolved.get(request);
      if (!pending) {
        const found = readSessionToken(request);
        pending = found ? app.resolveSession(found.token) : Promise.resolve(null);
        pending = pending.then((user) => {
          request.user = user;
          return user;
        });
        resolved.set(request, pending);
      }
      return pending;
    };
    app.decorate('authenticate', authenticate);

    const requireUser: preHandlerAsyncHookHandler = async (request) => {
      const user = await authenticate(request);
      if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.notLoggedIn);
    };
    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', (async (request) => {
      const user = await authenticate(request);
      if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.notLoggedIn);
      if (user.role !== 'ADMIN') throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.forbidden);
    }) satisfies preHandlerAsyncHookHandler);

    app.addHook('onReady', async () => {
      if (!app.hasDecorator('resolveSession')) {
        throw new Error('no module decorates app.resolveSession: register modules/auth');
      }
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

/**
 * onSend hook for personal answers (a session token, a profile, the user list): no browser or
 * proxy keeps them, whatever the handler set. Every answer that sets no Cache-Control of its own
 * gets the same from plugins/security-headers.ts; this one says so where a route is written.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', DEFAULT_CACHE_CONTROL);
}

/** The user a requireUser/requireAdmin preHandler let through (401 if called without one). */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.notLoggedIn);
  return request.user;
}
