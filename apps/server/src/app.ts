import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, fastifyTrustProxy, startupWarnings } from './config';
import type { Database } from './db/client';
import { apiSerializerCompiler } from './lib/api-errors';
import { serializeError } from './lib/log-error';
import { serializeRequest } from './lib/log-request';
import account from './modules/account';
import adminUsers from './modules/admin-users';
import catalog from './modules/catalog';
import contact from './modules/contact';
import dashboard from './modules/dashboard';
import health from './modules/health';
import newsletter from './modules/newsletter';
import orders from './modules/orders';
import payments from './modules/payments';
import settings from './modules/settings';
import stockAlerts from './modules/stock-alerts';
import storefront from './modules/storefront';
import users from './modules/users';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { configPlugin } from './plugins/config';
import { databasePlugin } from './plugins/database';
import { type DemoPicturesOptions, demoPicturesPlugin } from './plugins/demo-pictures';
import { registerErrorHandler, sendApiError } from './plugins/error-handler';
import { metricsPlugin } from './plugins/metrics';
import { apiReferenceRoutes, openapiPlugin } from './plugins/openapi';
import { originCheckPlugin } from './plugins/origin-check';
import { outboxPlugin } from './plugins/outbox';
import { rateLimitPlugin } from './plugins/rate-limit';
import { createRateLimitStore } from './plugins/rate-limit-store';
import { requestGuardPlugin } from './plugins/request-guard';
import { securityHeadersPlugin } from './plugins/security-headers';
import { uploadsPlugin } from './plugins/uploads';
import { registerWebApp } from './plugins/web-app';

/** The body limit of every route that takes JSON (the largest, an order, is a few KB). */
export const JSON_BODY_LIMIT_BYTES = 16 * 1024;

export interface BuildAppOptions {
  /** An open database to use instead of opening one from the config (tests share one per file). */
  database?: Database;
  /** Where log lines go instead of stdout (tests read what the shop logs). */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered (tests check that the API reference lists each). */
  onRoute?: (route: RouteOptions) => void;
  /** The demo pictures' catalogue, concurrency or drawing (tests draw a few, or count them). */
  demoPictures?: DemoPicturesOptions;
}

/**
 * The whole shop as a Fastify instance, ready for `listen` or `inject`: the infrastructure
 * plugins, then the modules (each registers its own routes under /api), then the storefront.
 * Closing the app closes what it opened.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const requestIdPrefix = Math.random().toString(36).slice(2, 6);
  let requestCount = 0;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'req.headers["x-auth-token"]',
              'res.headers["set-cookie"]',
            ],
            // Fastify's type asks the err serializer for a stack: leaving it out is the point.
            // A URL's secret query parameters (`token=`, `code=`) are redacted.
            serializers: {
              err: serializeError as unknown as (error: Error) => { type: string; message: string; stack: string },
              req: serializeRequest,
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // JSON bodies are small forms; a route that takes uploads sets its own `bodyLimit`.
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Above the longest id or slug a route accepts (200), so those get the schema's 400;
    // longer ones are refused by the router before any handler runs.
    routerOptions: { maxParamLength: 256 },
    // Router failures (bad percent-encoding, a too-long parameter) go through the one handler.
    frameworkErrors: sendApiError,
    forceCloseConnections: 'idle',
    // Migrating and seeding a fresh database is part of start-up and may take longer than
    // Fastify's 10 s default on a busy machine.
    pluginTimeout: 120_000,
    // Request ids for correlating log lines: a prefix drawn once per process, then a counter.
    genReqId: () => `${requestIdPrefix}${(++requestCount).toString(36)}`,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  app.setValidatorCompiler(validatorCompiler);
  // The zod schemas' serializer, except for error answers, which go out as they are (lib/api-errors.ts).
  app.setSerializerCompiler(apiSerializerCompiler);

  // Infrastructure: what every module may use (app.config, app.database, app.rateLimits,
  // app.requireUser / app.requireAdmin, app.settings, app.outbox).
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { database: options.database });
  registerErrorHandler(app);
  // Before any route: each /api route gets its error codes as it is registered, and the OpenAPI
  // document (plugins/openapi.ts) collects it.
  await app.register(openapiPlugin);
  // app.metrics and GET /api/metrics; first, so its hook times every request.
  await app.register(metricsPlugin);
  await app.register(requestGuardPlugin);
  // Every hook here runs on every request, so each does only what every request needs
  // (docs/decisions/013-request-pipeline.md): two constant headers (pages add theirs), cookies
  // parsed only when a session is looked for, compression decided by the body's length first.
  await app.register(securityHeadersPlugin);
  await app.register(cookie, { hook: false });
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, { store: await createRateLimitStore(config, app.log) });
  await app.register(authPlugin);
  await app.register(originCheckPlugin);
  // app.storage (uploaded images on disk or in S3) and GET /images/uploads/<key>.
  await app.register(uploadsPlugin);
  // The shop's settings (app.settings, /api/settings): before the outbox, whose emails carry the
  // shop's details, and before every module that reads them (contact, orders, payments, pages).
  await app.register(settings);
  await app.register(outboxPlugin);

  // Modules: each one registers its routes under /api (modules/<name>/index.ts).
  await app.register(health);
  await app.register(catalog);
  await app.register(users);
  await app.register(account);
  await app.register(newsletter);
  await app.register(contact);
  await app.register(orders);
  // Paying orders: Paystack (or, without keys outside production, the test gateway under /test-gateway).
  await app.register(payments);
  // Back-in-stock alerts: after catalog and orders, whose changes to stock its trigger watches.
  await app.register(stockAlerts);
  // After orders: disabling or deleting a customer cancels their unpaid orders.
  await app.register(adminUsers);
  await app.register(dashboard);
  // GET /api/openapi.json and /api/docs: after the modules, so every hook applies to them too.
  await apiReferenceRoutes(app);

  // The pages the server draws from the catalogue's answers, /robots.txt and the sitemaps.
  await app.register(storefront);

  // The demo catalogue's pictures: drawn after listen, or when first asked for (decision 042).
  await app.register(demoPicturesPlugin, options.demoPictures ?? {});
  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    demoImagesDir: config.demoImagesDir,
    pages: app.storefront.pages,
    demoPictures: app.demoPictures,
  });
  return app;
}
