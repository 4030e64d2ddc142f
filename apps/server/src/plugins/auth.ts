import { ACCOUNT_MESSAGES, type User } from '@shop/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { SESSION_COOKIE, SessionStore } from '../modules/accounts/session-store';

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
    sessions: SessionStore;
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
 * preHandlers, so catalogue reads never pay for a session lookup.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const sessions = new SessionStore(app.database, app.config.sessionTtlDays * 24 * 60 * 60 * 1000);
    app.decorate('sessions', sessions);
    app.decorateRequest('user', null);

    const authenticate = (request: FastifyRequest): Promise<User | null> => {
      let pending = resolved.get(request);
      if (!pending) {
        const found = readSessionToken(request);
        pending = found ? sessions.resolve(found.token) : Promise.resolve(null);
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

    // Expired sessions are swept now and then (they are already ignored when looked up).
    const sweeper = setInterval(() => sessions.deleteExpired().catch(() => {}), 60 * 60_000);
    sweeper.unref();
    app.addHook('onClose', async () => clearInterval(sweeper));
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

/** The user a requireUser/requireAdmin preHandler let through (401 if called without one). */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.notLoggedIn);
  return request.user;
}
