import { errorCodeForStatus, MESSAGES } from '@shop/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable, isDatabaseUnavailable, isPastQueryBound } from '../lib/database-unavailable';
import { AppError } from '../lib/errors';

/** While the database is down every request fails alike: one warning per this period, not one per request. */
const DATABASE_WARNING_EVERY_MS = 10_000;
let lastDatabaseWarningAt = 0;
let quietDatabaseFailures = 0;

/** Logs the database outage once per period, with how many requests it failed since the last line. */
export function warnDatabaseUnavailable(
  error: unknown,
  request: FastifyRequest,
  message = 'the database cannot be reached: answering 503 DATABASE_UNAVAILABLE',
) {
  quietDatabaseFailures += 1;
  const now = Date.now();
  if (now - lastDatabaseWarningAt < DATABASE_WARNING_EVERY_MS) return;
  request.log.warn({ err: error, failedRequests: quietDatabaseFailures }, message);
  lastDatabaseWarningAt = now;
  quietDatabaseFailures = 0;
}

/**
 * One place that turns every failure into the API.md error shape. A 5xx never carries the
 * real message (it may hold SQL or paths): the log has it, the client gets a generic sentence.
 * A database that cannot be reached is a 503 DATABASE_UNAVAILABLE with Retry-After (decision 028).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(sendApiError);
}

/**
 * The error handler itself, also given to Fastify as `frameworkErrors` so the router's own
 * failures (a malformed percent-encoding, a parameter longer than `maxParamLength`) answer in
 * the same shape, with a `code`.
 */
export function sendApiError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // A database restart, failover or a full connection table: "try again shortly", never a 500.
  if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
    warnDatabaseUnavailable(error, request);
    return sendApiError(databaseUnavailable() as unknown as FastifyError, request, reply);
  }
  // A statement past statement_timeout, or a lock wait past lock_timeout (a stuck transaction
  // holds the row): busy for a moment, the same answer as an outage (decision 028, amended).
  if (isPastQueryBound(error)) {
    warnDatabaseUnavailable(
      error,
      request,
      'a query ran or waited for a lock past its bound: answering 503 DATABASE_UNAVAILABLE',
    );
    return sendApiError(databaseUnavailable() as unknown as FastifyError, request, reply);
  }
  if (error instanceof AppError) {
    if (error.details.retryAfterSeconds) reply.header('Retry-After', String(error.details.retryAfterSeconds));
    return reply.status(error.status).send({
      ...error.details.extra,
      code: error.code,
      message: error.message,
      ...(error.details.errors ? { errors: error.details.errors } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'request');
      errors[field] ??= issue.message ?? MESSAGES.invalidInput;
    }
    const first = Object.values(errors)[0] ?? MESSAGES.invalidInput;
    return reply.status(400).send({ code: 'INVALID_INPUT', message: first, errors });
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ code: errorCodeForStatus(status), message: MESSAGES.serverError });
  }
  // The router's own: the address is not echoed back.
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(status).send({ code: errorCodeForStatus(status), message: MESSAGES.badUrl });
  }
  // Fastify's own 4xx (bad JSON, body too large, wrong content type) have safe messages.
  if (status === 429) {
    return reply.status(429).send({ code: 'TOO_MANY_REQUESTS', message: error.message || MESSAGES.tooManyRequests });
  }
  return reply.status(status).send({ code: errorCodeForStatus(status), message: error.message });
}
