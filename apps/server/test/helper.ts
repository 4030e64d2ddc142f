import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scratchDatabase, UNLIMITED_ORDERS_ENV } from '@shop/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { startSmtpServer } from './smtp';

/**
 * Integration tests run the same on both engines: PGlite in memory by default, and PostgreSQL
 * when TEST_DATABASE_URL points at a server, where each test file gets a database of its own
 * that is dropped after.
 */
export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

/**
 * The run's templates (global-setup.ts): `migrated` has every migration and no rows, `seeded` the
 * demo catalogue too. Without one, the database is new and empty (a migration's own test).
 */
export type TestTemplate = 'migrated' | 'seeded';

/** A database of this test file's own, a copy of a template of the run or empty; drop() removes it. */
export async function createTestDatabase(template?: TestTemplate): Promise<TestDatabase> {
  const scratch = await scratchDatabase({ template, label: 'test' });
  if (scratch.engine === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', snapshot: scratch.snapshot });
    return { database, drop: () => database.close() };
  }
  const database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 5 });
  return {
    database,
    url: scratch.url,
    async drop() {
      await database.close().catch(() => {});
      await scratch.drop();
    },
  };
}

/** Uploaded images of this test file's apps: a temporary folder, never the repository's ./data. */
const testUploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-test-uploads-'));
/** Their private files (transfer proofs): another temporary folder. */
const testPrivateDir = mkdtempSync(path.join(tmpdir(), 'shop-test-private-'));

/**
 * Tests place many unpaid orders for one customer from one address: the limits are lifted here,
 * and the tests of the limits set their own (order-limits.test.ts, payment-limits.test.ts).
 */
export const UNLIMITED_ORDERS = UNLIMITED_ORDERS_ENV;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...UNLIMITED_ORDERS }),
    storage: { kind: 'disk', dir: testUploadsDir },
    privateStorage: { kind: 'disk', dir: testPrivateDir },
    ...overrides,
  };
}

/** The whole app on a fresh database with the demo catalogue; close() drops it all. */
export async function createTestApp(overrides: Partial<AppConfig> = {}) {
  const testDatabase = await createTestDatabase(overrides.seedDemoCatalogue === false ? 'migrated' : 'seeded');
  const app: FastifyInstance = await buildApp(testConfig(overrides), { database: testDatabase.database });
  return {
    app,
    database: testDatabase.database,
    databaseUrl: testDatabase.url,
    async close() {
      await app.close();
      await testDatabase.drop();
    },
  };
}

/**
 * The app with a real SMTP server on loopback and an outbox worker that polls every 100 ms, for
 * tests that read what the shop emailed; close() stops both.
 */
export async function createMailingTestApp(overrides: Partial<AppConfig> = {}) {
  const smtp = await startSmtpServer();
  const shop = await createTestApp({
    seedDemoCatalogue: false,
    mail: { smtpUrl: smtp.url, from: 'Stitch & Trim <shop@example.com>' },
    outbox: { worker: true, pollMs: 100, retryBaseMs: 100 },
    ...overrides,
  });
  return {
    ...shop,
    smtp,
    async close() {
      await shop.close();
      await smtp.stop();
    },
  };
}

/**
 * What a production shop's config adds for a test: NODE_ENV=production, its https PUBLIC_URL
 * and Paystack test keys (production refuses to start without them; nothing is charged, and no
 * test here pays).
 */
export function productionConfig(): Partial<AppConfig> {
  return {
    env: 'production',
    publicUrl: 'https://shop.example.com',
    payments: {
      ...testConfig().payments,
      paystack: { secretKey: 'sk_test_production_config', publicKey: 'pk_test_production_config' },
    },
  };
}
