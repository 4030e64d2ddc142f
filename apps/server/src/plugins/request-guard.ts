import { TEXT_MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** A percent-encoded C0 control or DEL, or a C1 control in UTF-8 (%C2%80 to %C2%9F). */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;

/**
 * Refuses, with a 400 before any route runs, an address whose path or query carries a control
 * character (`/api/products/abc%00def`). No page, id, slug or search needs one, and a NUL would
 * otherwise reach the database, which refuses it in text. The shared schemas check the same of
 * every parameter and body field; this covers every route, including ones without a schema.
 */
export const requestGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // Synchronous: an address without a control character costs one regular expression test.
    app.addHook('onRequest', (request, _reply, done) => {
      if (ENCODED_CONTROL.test(request.url))
        return done(new AppError('INVALID_INPUT', TEXT_MESSAGES.forbiddenCharacters));
      done();
    });
  },
  { name: 'request-guard' },
);
