import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { seedDemoCatalogue } from './db/seed/seed-demo';
import { OutboxWorker } from './jobs/outbox-worker';
import { serializeError } from './lib/log-error';
import { emailJobHandler } from './mail/email-job';
import { createMailer } from './mail/mailer';
import { EMAIL_OUTBOX_KIND } from './mail/outbox-email';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { CatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { CatalogService } from './modules/catalog/catalog.service';
import { CatalogCache } from './modules/catalog/catalog-cache';
import { ListingMemo } from './modules/catalog/listing-memo';
import contactModule from './modules/contact';
import { healthRoutes } from './modules/health/health.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { NewsletterService } from './modules/newsletter/newsletter.service';
import { authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { originCheckPlugin } from './plugins/origin-check';
import { rateLimitPlugin } from './plugins/rate-limit';
import { createRateLimitStore } from './plugins/rate-limit-store';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    catalog: { service: CatalogService; cache: CatalogCache };
    accounts: AccountsService;
    outbox: OutboxWorker;
  }
}

export interface BuildAppOptions {
  /** An open database to use instead of opening one from the config (tests share one per file). */
  database?: Database;
}

/**
 * The whole shop as a Fastify instance, ready for `listen` or `inject`: database migrated,
 * demo catalogue seeded when empty, routes registered. Closing the app closes what it opened.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
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
            serializers: {
              err: serializeError as unknown as (error: Error) => { type: string; message: string; stack: string },
            },
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // Cheap random request ids are enough for correlating log lines.
    genReqId: () => Math.random().toString(36).slice(2, 10),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      url: config.database.url,
      dataDir: config.database.dataDir,
      poolSize: config.database.poolSize,
    }));
  app.decorate('database', database);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  await database.migrate();
  if (config.seedDemoCatalogue) {
    const seeded = await seedDemoCatalogue(database);
    if (seeded) app.log.info({ products: seeded }, 'demo catalogue created');
  }

  const listingMemo = new ListingMemo();
  const cache = new CatalogCache(database, config.catalogCache, [listingMemo]);
  await cache.start();
  app.addHook('onClose', async () => cache.stop());
  const service = new CatalogService(new CatalogRepository(database, listingMemo));
  app.decorate('catalog', { service, cache });

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimitPlugin, { store: await createRateLimitStore(config, app.log) });
  await app.register(authPlugin);
  await app.register(originCheckPlugin);

  // Emails go through the outbox; the worker delivers them (unless config turns it off).
  const mailer = createMailer(config.mail);
  const outbox = new OutboxWorker({
    database,
    log: app.log,
    handlers: { [EMAIL_OUTBOX_KIND]: emailJobHandler(mailer, app.log) },
    pollMs: config.outbox.pollMs,
    retryBaseMs: config.outbox.retryBaseMs,
  });
  app.decorate('outbox', outbox);
  if (config.outbox.worker) {
    if (mailer.canSend) await outbox.wakeParked([EMAIL_OUTBOX_KIND]);
    await outbox.start();
  }
  app.addHook('onClose', async () => {
    await outbox.stop();
    mailer.close();
  });
  const accounts = new AccountsService(database, app.sessions, app.rateLimits, {
    onEmailQueued: () => outbox.nudge(),
    shopUrl: config.publicUrl?.replace(/\/$/, ''),
  });
  app.decorate('accounts', accounts);
  await accounts.ensureFirstAdmin(config, app.log);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(catalogRoutes, { service, cache });
      await api.register(accountsRoutes, { service: accounts });
      await api.register(newsletterRoutes, { service: new NewsletterService(database) });
    },
    { prefix: '/api' },
  );
  await app.register(contactModule);

  await registerWebApp(app, { webDistDir: config.webDistDir, demoImagesDir: config.demoImagesDir });
  return app;
}
