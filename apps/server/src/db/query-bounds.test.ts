import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login } from '../../test/accounts';
import { createTestApp, testConfig, testEngine } from '../../test/helper';
import { createProduct, placeOrder } from '../../test/orders';
import { buildApp } from '../app';
import { isPastQueryBound } from '../lib/database-unavailable';
import { registerErrorHandler } from '../plugins/error-handler';
import { type Database, openDatabase, STARTUP_LOCK } from './client';

// statement_timeout and lock_timeout on every connection of the pool (db/query-bounds.ts), and
// the longer bound of jobs. PGlite has one connection and no statement timer: PostgreSQL only.

const BOUNDS = { statementMs: 600, lockMs: 300, jobMs: 30_000 };

describe.skipIf(testEngine !== 'postgres')('queries bounded in time on PostgreSQL', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  let bounded: Database;
  let app: FastifyInstance;
  let blocker: pg.Client;

  beforeAll(async () => {
    shop = await createTestApp({ seedDemoCatalogue: false });
    bounded = await openDatabase({ url: shop.databaseUrl, dataDir: '', poolSize: 3, bounds: BOUNDS });
    app = await buildApp(testConfig({ seedDemoCatalogue: false }), { database: bounded });
    blocker = new pg.Client({ connectionString: shop.databaseUrl });
    await blocker.connect();
  });
  afterAll(async () => {
    await blocker?.end();
    await app?.close();
    await bounded?.close();
    await shop?.close();
  });

  it('a request waiting on a row another connection holds answers 503 with Retry-After within the lock bound', async () => {
    const { session } = await customer(app);
    const product = await createProduct(bounded, { priceKobo: 100_000, stock: 5 });
    const placed = await placeOrder(app, session, [{ productId: product.id, quantity: 1, price: 1_000 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    const admin = await login(app, ADMIN.email, ADMIN.password);

    await blocker.query('BEGIN');
    try {
      // A stuck transaction (a process paused mid-way) holds the order's row.
      await blocker.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
      const started = Date.now();
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/orders/${orderId}/status`,
        headers: bearer(admin),
        payload: { status: 'PROCESSING' },
      });
      const took = Date.now() - started;
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(response.body).not.toMatch(/lock|timeout|orders/i);
      expect(took).toBeGreaterThanOrEqual(BOUNDS.lockMs);
      expect(took).toBeLessThan(BOUNDS.lockMs + 2_000);
    } finally {
      await blocker.query('ROLLBACK');
    }
    // Nothing changed, and once the row is free the same request goes through.
    const again = await app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: bearer(admin),
      payload: { status: 'PROCESSING' },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a statement that runs past its bound is cancelled and answered 503 with Retry-After', async () => {
    const bare = Fastify();
    registerErrorHandler(bare);
    bare.get('/slow', async () => bounded.query('SELECT pg_sleep(5)'));
    try {
      const started = Date.now();
      const response = await bare.inject({ method: 'GET', url: '/slow' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(BOUNDS.statementMs + 2_000);
    } finally {
      await bare.close();
    }
    await expect(bounded.query('SELECT pg_sleep(5)')).rejects.toSatisfy(isPastQueryBound);
  });

  it('a long job’s transaction takes the job’s bound instead, and leaves the pool’s connections as they were', async () => {
    await bounded.db.transaction(async (tx) => {
      await bounded.boundAsJob(tx);
      await tx.execute(sql`SELECT pg_sleep(1)`);
    });
    const shown = await bounded.query<{ statement_timeout: string; lock_timeout: string }>(
      'SELECT current_setting($1) AS statement_timeout, current_setting($2) AS lock_timeout',
      ['statement_timeout', 'lock_timeout'],
    );
    expect(shown[0]).toEqual({ statement_timeout: '600ms', lock_timeout: '300ms' });
  });

  it('migrating waits for another process’s migrations longer than a request’s lock bound', async () => {
    await blocker.query('SELECT pg_advisory_lock(hashtext($1))', [STARTUP_LOCK]);
    let unlocked = false;
    const release = new Promise<void>((resolve) =>
      setTimeout(async () => {
        unlocked = true;
        await blocker.query('SELECT pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK]);
        resolve();
      }, BOUNDS.statementMs * 2),
    );
    await bounded.migrate();
    expect(unlocked).toBe(true);
    await release;
    const [row] = await bounded.query<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(row?.statement_timeout).toBe('600ms');
  });
});
