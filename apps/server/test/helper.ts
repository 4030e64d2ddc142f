import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UNLIMITED_ORDERS_ENV } from '@shop/testing';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { startSmtpServer } from './smtp';
import { undropped } from './undropped-databases';

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

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '', poolSize: 5 });
  const drop = async () => {
    undropped.delete(name);
    await database.close().catch(() => {});
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  undropped.set(name, drop);
  return { database, url: url.toString(), drop };
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
  const testDatabase = await createTestDatabase();
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
