import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@shop/shared';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailable,
  isDatabaseUnavailable,
  isPastQueryBound,
  OutageLog,
} from './database-unavailable';
import { AppError } from './errors';
import { serverRoot } from './package-root';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isPastQueryBound', () => {
  it('knows a statement cancelled by statement_timeout and a lock wait ended by lock_timeout, wrapped or not', () => {
    expect(isPastQueryBound(withCode('57014', 'canceling statement due to statement timeout'))).toBe(true);
    expect(isPastQueryBound(withCode('55P03', 'canceling statement due to lock timeout'))).toBe(true);
    expect(isPastQueryBound(new DrizzleQueryError('select 1', [], withCode('55P03')))).toBe(true);
    for (const error of [withCode('23505'), withCode('57P01'), new AppError('NOT_FOUND', 'x'), null]) {
      expect(isPastQueryBound(error)).toBe(false);
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows the ways node-pg, pg-pool and PGlite say the database cannot be reached', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('ETIMEDOUT'),
      withCode('EPIPE'),
      withCode('08006', 'connection failure'),
      withCode('08001'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P02'),
      withCode('57P03', 'the database system is shutting down'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('PGlite is closed'),
      // Node's happy-eyeballs connect: one failure per address tried.
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
      databaseUnavailable(),
    ]) {
      expect(isDatabaseUnavailable(error), String((error as Error).message)).toBe(true);
    }
  });

  it('looks through the errors Drizzle wraps around the driver’s', () => {
    const wrapped = new DrizzleQueryError('select 1', [], withCode('57P01'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves every other failure alone: a refused query is a bug or a rule, not an outage', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "nope" does not exist'),
      withCode('40001', 'could not serialize access'),
      new Error('Connection refused by the payment provider?'), // not a database message
      new AppError('NOT_FOUND', 'Product Not Found'),
      new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'Paystack could not be reached'),
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

// PGlite (the embedded database) closed under a running app: every route answers 503.
describe('OutageLog: a background job while the database is away', () => {
  function recorder() {
    const lines: { level: string; message: string; details: Record<string, unknown> }[] = [];
    const log = {
      warn: (details: object, message: string) => lines.push({ level: 'warn', message, details: { ...details } }),
      info: (details: object, message: string) => lines.push({ level: 'info', message, details: { ...details } }),
    };
    return { log, lines };
  }

  it('logs the first failed round, then one line a minute with the rounds it stands for, and once when back', () => {
    const { log, lines } = recorder();
    const outage = new OutageLog(log, 'outbox', 60_000);
    const refused = withCode('ECONNREFUSED');
    // Five rounds a second for 90 seconds.
    for (let at = 0; at < 90_000; at += 200) expect(outage.failed(refused, at)).toBe(true);
    outage.succeeded(90_000);
    outage.succeeded(90_200);
    expect(lines.map(({ level, message }) => [level, message])).toEqual([
      ['warn', 'outbox: the database cannot be reached, trying again until it answers'],
      ['warn', 'outbox: the database cannot be reached, trying again until it answers'],
      ['info', 'outbox: the database answers again'],
    ]);
    expect(lines[0]?.details.failedRounds).toBe(1);
    expect(lines[1]?.details.failedRounds).toBe(300);
    expect(lines[2]?.details.downForMs).toBe(90_000);
  });

  it('leaves any other failure to the job, which logs it as before', () => {
    const { log, lines } = recorder();
    const outage = new OutageLog(log, 'outbox');
    expect(outage.failed(new Error('relation "outbox" does not exist'))).toBe(false);
    outage.succeeded();
    expect(lines).toEqual([]);
  });
});

describe('a shop whose database is gone', () => {
  const webDistDir = mkdtempSync(path.join(tmpdir(), 'shop-db-gone-'));
  copyFileSync(path.join(serverRoot, '../web/index.html'), path.join(webDistDir, 'index.html'));
  let shop: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    shop = await createTestApp({ seedDemoCatalogue: false, catalogCache: false, webDistDir });
    await shop.database.close();
  });
  afterAll(async () => {
    await shop.app.close().catch(() => {});
  });

  it('answers the API with 503 DATABASE_UNAVAILABLE and Retry-After, never 500', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/products' },
      { method: 'GET' as const, url: '/api/categories' },
      { method: 'POST' as const, url: '/api/users/login', payload: { email: 'a@example.com', password: 'Xx@12345' } },
    ]) {
      const response = await shop.app.inject(request);
      expect(response.statusCode, request.url).toBe(503);
      expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: MESSAGES.databaseUnavailable });
    }
  });

  it('answers a catalogue page with the app shell and 503, so the storefront shows its saved catalogue', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/shop' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });
});
