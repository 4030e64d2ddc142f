import { ERROR_STATUS, type ErrorCode } from '@shop/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The error codes each API route can send (docs/decisions/041-api-reference.md). A route declares
 * the codes of its own rules beside its success answer:
 *
 *     response: { 200: orderResponse, ...errorResponses('NOT_FOUND', 'ORDER_NOT_CANCELLABLE') }
 *
 * and plugins/openapi.ts adds the codes every route of its kind can send (impliedErrorCodes), so
 * the OpenAPI document lists, per operation and status, every code. The error schemas document;
 * they never filter an answer (apiSerializerCompiler).
 */

/** The error schemas this module made, with their codes: sent as they are, never validated or stripped. */
const errorSchemaCodes = new WeakMap<object, readonly ErrorCode[]>();
/** One schema per status and set of codes: many routes (and every test app) share them. */
const errorSchemaCache = new Map<string, z.ZodType>();

/** The body of an error answer with one of `codes` (all of one status): API.md's error shape. */
export function errorSchema(codes: readonly ErrorCode[]): z.ZodType {
  const sorted = [...new Set(codes)].sort();
  const key = sorted.join(',');
  const cached = errorSchemaCache.get(key);
  if (cached) return cached;
  const schema = z
    .looseObject({
      code: z.enum(sorted as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      errors: z.record(z.string(), z.string()).optional(),
    })
    .meta({
      description: `${sorted.join(', ')} (docs/errors.md says what each means). Some codes add fields of their own beside code and message.`,
      'x-error-codes': sorted,
    });
  errorSchemaCodes.set(schema, sorted);
  errorSchemaCache.set(key, schema);
  return schema;
}

/** The response entries (status → error schema) of the codes a route sends itself. */
export function errorResponses(...codes: ErrorCode[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries([...byStatus].map(([status, list]) => [status, errorSchema(list)]));
}

/** The codes of an error schema this module made, or undefined for any other schema. */
export function errorCodesOf(schema: unknown): readonly ErrorCode[] | undefined {
  return typeof schema === 'object' && schema !== null ? errorSchemaCodes.get(schema) : undefined;
}

/**
 * The app's serializer compiler: the zod type provider's for success answers, and JSON as it is
 * for error schemas, so an error's `errors`, its details (`prices`, `available`, `reason`…) and a
 * code that was not declared all reach the client unchanged.
 */
export const apiSerializerCompiler: typeof serializerCompiler = (route) => {
  if (errorSchemaCodes.has(route.schema as object)) return (data) => JSON.stringify(data);
  return serializerCompiler(route);
};

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasHook(hooks: unknown, hook: unknown): boolean {
  // A route registered before the auth plugin (GET /api/metrics) meets no guard yet.
  if (hook === undefined) return false;
  return Array.isArray(hooks) ? hooks.includes(hook) : hooks === hook;
}

/** The guard of a route: requireAdmin, requireUser, or none (a public route, or one that only looks). */
export function routeGuard(app: FastifyInstance, route: RouteOptions): 'admin' | 'user' | undefined {
  const hooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler];
  if (hooks.some((hooks) => hasHook(hooks, app.requireAdmin))) return 'admin';
  if (hooks.some((hooks) => hasHook(hooks, app.requireUser))) return 'user';
  return undefined;
}

/**
 * The codes a route can send whatever it declares, from what it is:
 * - any route: INVALID_INPUT (the request guard refuses a control character in any address,
 *   and a schema its input), INTERNAL_ERROR, DATABASE_UNAVAILABLE (decision 028);
 * - a route that takes a body: PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE (the body parsers), and
 *   FOREIGN_ORIGIN unless its config allows any origin (plugins/origin-check.ts);
 * - behind requireUser: UNAUTHENTICATED, and ACCOUNT_DISABLED never (a disabled account has no
 *   session); behind requireAdmin: UNAUTHENTICATED and FORBIDDEN.
 */
export function impliedErrorCodes(app: FastifyInstance, route: RouteOptions, method: string): ErrorCode[] {
  const codes: ErrorCode[] = ['INVALID_INPUT', 'INTERNAL_ERROR', 'DATABASE_UNAVAILABLE'];
  if (!BODYLESS_METHODS.has(method)) {
    codes.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
    if (!route.config?.foreignOriginAllowed) codes.push('FOREIGN_ORIGIN');
  }
  const guard = routeGuard(app, route);
  if (guard) codes.push('UNAUTHENTICATED');
  if (guard === 'admin') codes.push('FORBIDDEN');
  return codes;
}

/**
 * Every code a route can send: its declared ones (error schemas under `schema.response`) and the
 * implied ones. Also returns the response map with one error schema per status holding them all.
 */
export function withAllErrorCodes(
  app: FastifyInstance,
  route: RouteOptions,
  method: string,
): { codes: ErrorCode[]; response: Record<string, unknown> } {
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  const codes = new Set<ErrorCode>(impliedErrorCodes(app, route, method));
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(declared)) {
    const own = errorCodesOf(schema);
    if (own) for (const code of own) codes.add(code);
    else response[status] = schema;
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) response[status] = errorSchema(list);
  return { codes: [...codes].sort(), response };
}
