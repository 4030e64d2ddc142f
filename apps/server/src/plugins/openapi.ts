import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ErrorCode } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, routeGuard, withAllErrorCodes } from '../lib/api-errors';
import { SHOP_NAME } from '../mail/templates';
import { SESSION_COOKIE } from './auth';

/** The OpenAPI 3.1 document of the API (docs/decisions/041-api-reference.md). */
export const OPENAPI_PATH = '/api/openapi.json';
/** The browsable reference (Swagger UI, shipped in node_modules/@fastify/swagger-ui). */
export const API_DOCS_PATH = '/api/docs';

/** A JSON Schema object, or a zod schema turned into one for the document. */
type DocumentedSchema = z.ZodType | Record<string, unknown>;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * For the OpenAPI document only, never validated: the body of a route that reads it itself
     * (a multipart form, a webhook's raw bytes, a form a service checks).
     */
    documentedBody?: { contentType: string; schema: DocumentedSchema; description?: string };
    /**
     * For the OpenAPI document only, never used to serialize: answers that are not the route's
     * JSON (CSV, pages, files, ready JSON from a cache), by status.
     */
    documentedResponses?: Record<number, { description: string; contentType: string; schema?: DocumentedSchema }>;
  }
}

/** The error codes each API route declared (and was given), by `METHOD url`, for the check in tests. */
const declaredCodes = new Map<string, ReadonlySet<ErrorCode>>();

/** Error answers with a code the route does not declare: the test check collects them (NODE_ENV=test). */
export const undeclaredErrorCodes: { method: string; url: string; status: number; code: string }[] = [];

const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith(`${API_DOCS_PATH}/`);

function toJsonSchema(schema: DocumentedSchema, io: 'input' | 'output'): Record<string, unknown> {
  if (!(schema instanceof z.ZodType)) return schema;
  const { $schema: _dropped, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return json;
}

/**
 * A multipart form for the document: its text fields (a zod schema's, as JSON Schema) and its
 * files, each a binary string (or a list of them).
 */
export function multipartBody(
  description: string,
  fields: z.ZodType | undefined,
  files: Record<string, { description: string; many?: boolean; required?: boolean }>,
): NonNullable<FastifySchema['documentedBody']> {
  const base = fields ? toJsonSchema(fields, 'input') : { type: 'object', properties: {} };
  const properties = { ...(base.properties as Record<string, unknown>) };
  const required = [...((base.required as string[] | undefined) ?? [])];
  for (const [name, file] of Object.entries(files)) {
    const binary = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };
    properties[name] = file.many
      ? { type: 'array', items: binary, description: file.description }
      : { ...binary, description: file.description };
    if (file.required) required.push(name);
  }
  return { contentType: 'multipart/form-data', description, schema: { ...base, type: 'object', properties, required } };
}

/** Makes every route of the plugin `app` carry `tag` in the OpenAPI document (one line per routes file). */
export function apiTag(app: FastifyInstance, tag: string) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags: [tag] };
  });
}

const TAGS = [
  { name: 'Health', description: 'Liveness, readiness and metrics.' },
  { name: 'Settings', description: "The shop's details, bank account and windows (decision 025)." },
  { name: 'Catalogue', description: 'Categories, subcategories and products: the reads everyone makes.' },
  {
    name: 'Catalogue admin',
    description: "The admin's product table, product forms (multipart), CSV import and export.",
  },
  { name: 'Accounts', description: 'Registration, email verification, login, sessions, profile, password reset.' },
  { name: 'Users admin', description: "The admin's user list and changes." },
  { name: 'Orders', description: 'Placing, reading and cancelling orders; the admin list, export and status.' },
  { name: 'Payments', description: 'Card, bank transfer and pay on delivery; transfer proofs; the provider webhook.' },
  { name: 'Newsletter', description: 'Signup, the unsubscribe and comeback links, the admin list and export.' },
  {
    name: 'Stock alerts',
    description: 'Back-in-stock alerts: the request, the confirmation link, unsubscribe (decision 031).',
  },
  { name: 'Contact', description: "The contact page's form." },
  { name: 'Dashboard', description: "The admin's sales dashboard." },
  { name: 'Reference', description: 'This document.' },
];

const SECURITY = [{ sessionCookie: [] }, { bearerToken: [] }];

/**
 * The API's reference (docs/decisions/041-api-reference.md): every /api route's error codes
 * (lib/api-errors.ts) merged into its response schemas as it is registered, and the OpenAPI 3.1
 * document @fastify/swagger builds from the routes' zod schemas. Registered before every route.
 * In development and test, an error answer with a code its route did not declare is logged
 * (and collected for the tests), so the declarations stay true.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!isApiRoute(route.url)) return;
      for (const method of [route.method].flat()) {
        const { codes, response } = withAllErrorCodes(app, route, method);
        route.schema = { ...route.schema, response };
        declaredCodes.set(`${method} ${route.url}`, new Set(codes));
      }
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${SHOP_NAME} shop API`,
          version: '1',
          description:
            "The shop's whole HTTP API, built from the routes' own schemas. Errors are JSON `{code, message, errors?}`; each operation lists the codes it can send per status (`x-error-codes`), and docs/errors.md says what each means. A signed-in call carries the session cookie (browsers) or `Authorization: Bearer <token>` (the token login returns). API.md is the smaller contract these routes keep.",
        },
        servers: [{ url: app.publicAddress.url ?? '/', description: 'This shop' }],
        tags: TAGS,
        components: {
          securitySchemes: {
            sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
            bearerToken: { type: 'http', scheme: 'bearer', description: 'The token POST /api/users/login returns.' },
          },
        },
      },
      transform: (document) => {
        const { url, route } = document;
        if (!isApiRoute(url) || document.schema?.hide) return { schema: { hide: true }, url };
        const { documentedBody, documentedResponses, ...schema } = document.schema ?? {};
        const transformed = jsonSchemaTransform({ ...document, schema }) as {
          schema: Record<string, unknown> & { response?: Record<string, unknown> };
          url: string;
        };
        const out = transformed.schema;
        if (documentedBody) {
          out.body = { ...toJsonSchema(documentedBody.schema, 'input'), description: documentedBody.description };
          out.consumes = [documentedBody.contentType];
        }
        if (documentedResponses) {
          out.response ??= {};
          for (const [status, answer] of Object.entries(documentedResponses)) {
            out.response[status] = {
              description: answer.description,
              content: { [answer.contentType]: { schema: answer.schema ? toJsonSchema(answer.schema, 'output') : {} } },
            };
          }
        }
        // An answer the route sends itself (a page, a redirect, a ready string) is still an answer.
        if (!Object.keys(out.response ?? {}).some((status) => /^[23]/.test(status))) {
          out.response = { 200: { description: 'Success' }, ...out.response };
        }
        if (routeGuard(app, route)) out.security = SECURITY;
        if (!out.summary) out.summary = `${route.method} ${url}`;
        return transformed;
      },
    });

    if (app.config.env === 'test' || app.config.env === 'development') {
      app.addHook('onSend', (request, reply, payload, done) => {
        if (reply.statusCode >= 400 && typeof payload === 'string') {
          const { method, url } = request.routeOptions;
          const declared = url ? declaredCodes.get(`${method} ${url}`) : undefined;
          const code = declared && /^\{[^{]*?"code":"([A-Z_]+)"/.exec(payload)?.[1];
          if (declared && code && !declared.has(code as ErrorCode)) {
            const found = { method: String(method), url: String(url), status: reply.statusCode, code };
            if (undeclaredErrorCodes.length < 1_000) undeclaredErrorCodes.push(found);
            request.log.warn(found, 'an API route answered an error code it does not declare (lib/api-errors.ts)');
          }
        }
        done(null, payload);
      });
    }
  },
  { name: 'openapi', dependencies: ['config'] },
);

/**
 * GET /api/openapi.json and the browsable reference at /api/docs (Swagger UI's own files, from
 * node_modules: no CDN, no inline script, so the shop's page CSP holds). Open in development and
 * test; in production only to a signed-in admin (401/403 with the shop's error body). Never kept
 * by a shared cache. Registered after the modules, so the shop's hooks (headers, compression)
 * apply to these answers as to any other.
 */
export async function apiReferenceRoutes(app: FastifyInstance) {
  const open = app.config.env === 'development' || app.config.env === 'test';
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!open) await app.requireAdmin.call(app, request, reply);
  };
  const privateCache = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-cache');
  };

  await app.register(async (scope) => {
    scope.addHook('onRequest', guard);
    scope.addHook('onSend', privateCache);
    scope.get(
      OPENAPI_PATH,
      {
        schema: {
          summary: 'This document (OpenAPI 3.1)',
          description: 'Open in development and test; in production only to a signed-in admin.',
          tags: ['Reference'],
          // The production guard is this scope's own hook, not requireAdmin's: declared here.
          response: errorResponses('UNAUTHENTICATED', 'FORBIDDEN'),
        },
      },
      async () => app.swagger(),
    );
    await scope.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      uiConfig: { deepLinking: true, tryItOutEnabled: false, withCredentials: true },
      theme: { title: `${SHOP_NAME} API reference` },
    });
  });
}
