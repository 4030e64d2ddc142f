import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropRunDatabases, scratchPostgres, scratchRunId, startBuiltShop, UNLIMITED_ORDERS_ENV } from '@shop/testing';
import type { TestProject } from 'vitest/node';
import { ORDERS_EMAIL, startMailbox } from './fixtures/mailbox';
import { STOCK_REFRESH_MS } from './fixtures/stock';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The test mail server's HTTP endpoint (fixtures/mailbox.ts). */
    mailboxUrl: string;
  }
}

/**
 * Starts the built shop once for every spec, as `npm start` would: on PGlite in a fresh folder,
 * or on a fresh PostgreSQL database when DATABASE_URL is set (dropped afterwards).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  // The run's id names every database it makes (fixtures/own-shop.ts too); the teardown drops them all.
  scratchRunId();
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await scratchPostgres({ serverUrl, label: 'e2e' }) : undefined;
  const databaseUrl = database?.url;

  // The shop's email goes to a real SMTP server on loopback, which specs read through HTTP.
  const mailbox = await startMailbox();

  const shop = await startBuiltShop({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    // The specs stand in for many visitors: fixtures/accounts.ts gives each customer it makes an
    // address of its own in X-Forwarded-For, believed only from loopback (the test process).
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: mailbox.smtpUrl,
    // The shop's own order emails (a new order, a transfer proof) go here (fixtures/mailbox.ts).
    ORDERS_EMAIL,
    OUTBOX_POLL_MS: '200',
    OUTBOX_RETRY_BASE_MS: '200',
    // The browser's orders all come from 127.0.0.1, and a spec's customer may leave several unpaid.
    ...UNLIMITED_ORDERS_ENV,
    // Stock shown by the catalogue follows orders within this period (fixtures/stock.ts).
    CATALOG_STOCK_REFRESH_MS: String(STOCK_REFRESH_MS),
    // The test gateway's window offers all three (checkout-paystack-channels.spec.ts); it opens on
    // the card form, so the card journeys pay as they would with card alone.
    PAYSTACK_CHANNELS: 'card,bank_transfer,ussd',
  });
  project.provide('baseUrl', shop.baseUrl);
  project.provide('mailboxUrl', mailbox.httpUrl);

  return async () => {
    await shop.stop();
    await mailbox.stop();
    if (serverUrl) await dropRunDatabases(serverUrl);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
