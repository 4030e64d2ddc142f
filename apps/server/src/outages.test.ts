import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type PostgresInstance,
  postgresInstanceUnavailable,
  type RedisInstance,
  redisInstanceUnavailable,
  scratchPostgres,
  startPostgresInstance,
  startRedisInstance,
} from '@shop/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../test/accounts';
import { testConfig } from '../test/helper';
import { createProduct, orderBody, waitFor } from '../test/orders';
import { buildApp } from './app';
import { ShopPool } from './db/client';
import { serverRoot } from './lib/package-root';
import { RedisRateLimitStore } from './plugins/rate-limit-redis';

// Outages of the services the shop depends on, with real ones of the test's own that it stops
// and starts: a PostgreSQL (initdb + pg_ctl in a temporary folder) and a Redis on free ports,
// never the machine's shared services (decision 028).

/** The longest any request may take, down or not: the pool gives up connecting after CONNECT_TIMEOUT_MS. */
const CONNECT_TIMEOUT_MS = 1_500;
const ANSWER_BOUND_MS = 10_000;

const logLines: Record<string, unknown>[] = [];
const logStream = { write: (line: string) => logLines.push(JSON.parse(line)) };

/** The storefront's index.html, so pages are drawn (the built scripts are not needed). */
const webDistDir = mkdtempSync(path.join(tmpdir(), 'shop-outages-'));
copyFileSync(path.join(serverRoot, '../web/index.html'), path.join(webDistDir, 'index.html'));

/** Where the test is: the database up, stopped with the cache still warm, stopped with it cleared, started again. */
type Phase = 'up' | 'down, cache warm' | 'down, cache cold' | 'restarted';
let phase: Phase = 'up';

interface Answer {
  label: string;
  phase: Phase;
  status: number;
  ms: number;
  retryAfter?: string;
  code?: string;
  type?: string;
}

async function timed(app: FastifyInstance, label: string, request: InjectOptions): Promise<Answer> {
  const started = Date.now();
  const startedIn = phase;
  const response: LightMyRequestResponse = await app.inject(request);
  let code: string | undefined;
  try {
    code = response.json().code;
  } catch {
    // a page, not JSON
  }
  return {
    label,
    phase: startedIn,
    status: response.statusCode,
    ms: Date.now() - started,
    retryAfter: response.headers['retry-after'] as string | undefined,
    code,
    type: response.headers['content-type'] as string | undefined,
  };
}

const pgSkip = postgresInstanceUnavailable();

describe.skipIf(pgSkip)(
  `the shop while its PostgreSQL stops and starts${pgSkip ? ` (skipped: ${pgSkip})` : ''}`,
  () => {
    let instance: PostgresInstance;
    let app: FastifyInstance;
    let admin: Session;
    let shopper: Session;
    /** Shown (its answers stay cached); `ordered` takes the load's orders (its stock changes drop answers). */
    let product: Awaited<ReturnType<typeof createProduct>>;
    let ordered: Awaited<ReturnType<typeof createProduct>>;
    let sql: (text: string, params?: unknown[]) => Promise<unknown[]>;

    beforeAll(async () => {
      instance = await startPostgresInstance();
      const { url } = await scratchPostgres({ serverUrl: instance.url, name: 'shop' });
      sql = async (text, params) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          return (await client.query(text, params)).rows;
        } finally {
          await client.end();
        }
      };
      app = await buildApp(
        testConfig({
          logLevel: 'warn',
          database: { url, dataDir: '', poolSize: 6, connectTimeoutMs: CONNECT_TIMEOUT_MS },
          seedDemoCatalogue: false,
          catalogCache: true,
          webDistDir,
        }),
        { logStream },
      );
      product = await createProduct(app.database, { stock: 100, priceKobo: 250_000 });
      ordered = await createProduct(app.database, { stock: 100_000, priceKobo: 250_000 });
      admin = await login(app, ADMIN.email, ADMIN.password);
      shopper = (await customer(app)).session;
    }, 60_000);
    // Bounded: a client lost by the pool during the outage would keep close() waiting.
    afterAll(async () => {
      await app?.close();
      await instance?.close();
    }, 15_000);

    /** One request of the mix a shop receives, the n-th: lists (cached and not), a product, a page, login, an order, an admin list, health. */
    function request(n: number): Promise<Answer> {
      const uncached = 1_000 + (n % 5_000); // a filter no one asked before: the database is read
      switch (n % 10) {
        case 0:
          return timed(app, n % 20 === 0 ? 'catalogue list' : 'categories', {
            method: 'GET',
            url: n % 20 === 0 ? '/api/products' : '/api/categories',
          });
        case 1:
          return timed(app, 'catalogue list, uncached', { method: 'GET', url: `/api/products?minPrice=${uncached}` });
        case 2:
          return timed(app, 'product', { method: 'GET', url: `/api/products/${product.slug}` });
        case 3:
          return timed(app, 'login', {
            method: 'POST',
            url: '/api/users/login',
            payload: ADMIN,
            remoteAddress: `10.9.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
          });
        case 4:
          return timed(app, 'order', {
            method: 'POST',
            url: '/api/orders',
            headers: bearer(shopper),
            payload: orderBody([{ productId: ordered.id, quantity: 1, price: 2_500 }], {
              paymentDetails: { method: 'bankTransfer', transactionId: null },
            }),
          });
        case 5:
          return timed(app, 'admin order list', { method: 'GET', url: '/api/orders/admin', headers: bearer(admin) });
        case 6:
          return timed(app, 'drawn page, uncached', { method: 'GET', url: `/shop?page=${uncached}` });
        case 8:
          return timed(app, 'drawn product page', { method: 'GET', url: `/products/${product.slug}` });
        case 7:
          return timed(app, 'my orders', { method: 'GET', url: '/api/orders/my-orders', headers: bearer(shopper) });
        default:
          return timed(app, 'health', { method: 'GET', url: '/api/health' });
      }
    }

    it('answers 2xx or 503 with Retry-After and a code under load while the server is stopped and started, never a 500, and serves everything again after', async () => {
      const answers: Answer[] = [];
      let running = true;
      let counter = 0;
      const worker = async () => {
        while (running) answers.push(await request(counter++));
      };
      const load = Array.from({ length: 8 }, worker);

      await new Promise((resolve) => setTimeout(resolve, 1_500));
      phase = 'down, cache warm'; // from the moment it is told to stop
      await instance.stop('fast');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // As in a process that has just started, or after a catalogue change: nothing kept to answer from.
      phase = 'down, cache cold';
      await app.catalog.cache.invalidate().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await instance.start();
      phase = 'restarted';
      // The pool's dead clients are gone and new ones connect: a whole round of the mix answers 2xx.
      await waitFor(async () => {
        const round = await Promise.all(Array.from({ length: 10 }, (_, i) => request(i)));
        return round.every((answer) => answer.status < 300);
      }, 20_000);
      running = false;
      await Promise.all(load);

      const inPhase = (wanted: Phase) => answers.filter((answer) => answer.phase === wanted);
      for (const each of ['up', 'down, cache warm', 'down, cache cold', 'restarted'] as const) {
        expect(inPhase(each).length, each).toBeGreaterThan(5);
      }
      expect(
        inPhase('up')
          .slice(0, 20)
          .filter((answer) => answer.status >= 300),
      ).toEqual([]);
      // The cached answers (a product, its drawn page: the last drawn copy) are still served.
      // (Lists show the stock of the product the load orders: their answers are dropped as it changes.)
      for (const label of ['product', 'drawn product page']) {
        const warm = inPhase('down, cache warm').filter((answer) => answer.label === label);
        expect(warm.length, label).toBeGreaterThan(0);
        expect(warm.filter((answer) => answer.status !== 200)).toEqual([]);
      }
      const failures = answers.filter((answer) => answer.status >= 300);
      // The outage was seen, and answered honestly.
      expect(failures.length).toBeGreaterThan(0);
      for (const answer of failures) {
        expect(answer, answer.label).toMatchObject({ status: 503 });
        if (answer.label === 'health') continue; // its own body: {status: 'degraded'}
        expect(answer.retryAfter, answer.label).toBe('5');
        if (answer.label.startsWith('drawn')) expect(answer.type).toContain('text/html');
        else expect(answer.code, answer.label).toBe('DATABASE_UNAVAILABLE');
      }
      const slowest = Math.max(...answers.map((answer) => answer.ms));
      expect(slowest).toBeLessThan(ANSWER_BOUND_MS);
      // Every kind of request met the outage and came back.
      const failedKinds = new Set(failures.map((answer) => answer.label));
      for (const kind of [
        'catalogue list, uncached',
        'login',
        'order',
        'admin order list',
        'my orders',
        'drawn page, uncached',
        'drawn product page',
        'health',
      ]) {
        expect(failedKinds, kind).toContain(kind);
      }
      // Not one 500 logged; the outage warned, not once per request.
      expect(logLines.filter((line) => line.msg === 'request failed')).toEqual([]);
      const warnings = logLines.filter((line) => String(line.msg).startsWith('the database cannot be reached'));
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings.length).toBeLessThan(failures.length);

      // After the restart every answer is the shop's again.
      const after = await Promise.all(Array.from({ length: 20 }, (_, i) => request(i)));
      expect(
        after.map((answer) => [answer.label, answer.status]).filter(([, status]) => Number(status) >= 300),
      ).toEqual([]);
    }, 60_000);

    it('comes back after a crash (immediate stop, recovery at start) as after a clean stop', async () => {
      await instance.stop('immediate');
      const down = await Promise.all(Array.from({ length: 10 }, (_, i) => request(i + 1)));
      for (const answer of down) expect([200, 201, 503], answer.label).toContain(answer.status);
      expect(down.some((answer) => answer.status === 503)).toBe(true);
      await instance.start();
      await waitFor(async () => {
        const round = await Promise.all(Array.from({ length: 10 }, (_, i) => request(i)));
        return round.every((answer) => answer.status < 300);
      }, 20_000);
    }, 40_000);

    it('refreshes the catalogue cache from changes made after the restart (LISTEN is back)', async () => {
      const cached = (await app.inject({ method: 'GET', url: `/api/products/${product.slug}` })).json().product;
      expect(cached.name).not.toBe('Renamed after the outage');
      // Another process's write, straight to the database: only the NOTIFY tells this one.
      await sql('UPDATE products SET name = $1 WHERE id = $2', ['Renamed after the outage', product.id]);
      await waitFor(async () => {
        const answer = (await app.inject({ method: 'GET', url: `/api/products/${product.slug}` })).json();
        return answer.product.name === 'Renamed after the outage';
      }, 10_000);
    }, 20_000);
  },
);

describe.skipIf(pgSkip)('the pool when a checked-out connection dies', () => {
  it('gets its slot back though the holder never releases it (a transaction whose BEGIN failed)', async () => {
    const instance = await startPostgresInstance();
    const pool = new ShopPool({ connectionString: instance.url, max: 1, connectionTimeoutMillis: 2_000 });
    pool.on('error', () => {});
    try {
      const held = await pool.connect();
      const [{ pid } = { pid: 0 }] = (await held.query('SELECT pg_backend_pid() AS pid')).rows;
      const ended = new Promise((resolve) => held.once('end', resolve));
      const other = new pg.Client({ connectionString: instance.url });
      await other.connect();
      await other.query('SELECT pg_terminate_backend($1)', [pid]);
      await other.end();
      await ended;
      // As Drizzle's transaction() does when BEGIN fails: it never calls release().
      await expect(held.query('BEGIN')).rejects.toThrow();
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      held.release(); // a late release, as a finally block would send, is harmless
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
      await instance.close();
    }
  }, 30_000);
});

const redisSkip = redisInstanceUnavailable();

describe.skipIf(redisSkip)(
  `rate limits while Redis stops and starts${redisSkip ? ` (skipped: ${redisSkip})` : ''}`,
  () => {
    let redis: RedisInstance;
    let app: FastifyInstance;
    const redisLog: Record<string, unknown>[] = [];

    beforeAll(async () => {
      redis = await startRedisInstance();
      app = await buildApp(testConfig({ logLevel: 'info', redisUrl: redis.url, seedDemoCatalogue: false }), {
        logStream: { write: (line: string) => redisLog.push(JSON.parse(line)) },
      });
    }, 30_000);
    afterAll(async () => {
      await app?.close();
      await redis?.close();
    });

    const wrongLogin = (address: string, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'Wrong@12345' },
        remoteAddress: address,
      });

    /** Wrong passwords for one email from one address until the limit answers 429 (at most `max` tries). */
    async function tripLoginLimit(address: string, email: string, max = 30) {
      const statuses: number[] = [];
      for (let i = 0; i < max; i += 1) {
        const started = Date.now();
        const response = await wrongLogin(address, email);
        expect(Date.now() - started).toBeLessThan(3_000);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.headers['retry-after']).toBeDefined();
          break;
        }
      }
      return statuses;
    }

    async function keysInRedis(): Promise<string[]> {
      const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      try {
        return await client.keys('shop:rate:*');
      } finally {
        client.disconnect();
      }
    }

    const messages = (text: string) => redisLog.filter((line) => String(line.msg).startsWith(text));

    it('keeps limits working in memory while Redis is down, warns once, and goes back to Redis when it answers', async () => {
      const store = app.rateLimits as RedisRateLimitStore;
      expect(store.countingIn).toBe('redis');
      expect((await tripLoginLimit('10.20.0.1', 'before@example.com')).at(-1)).toBe(429);
      expect((await keysInRedis()).length).toBeGreaterThan(0);

      await redis.stop();
      // Requests never fail or hang on Redis, and a limit still trips, counted in memory.
      const whileDown = await tripLoginLimit('10.20.0.2', 'during@example.com');
      expect(whileDown.at(-1)).toBe(429);
      expect(whileDown.filter((status) => status >= 500)).toEqual([]);
      expect(store.countingIn).toBe('memory');
      // ioredis keeps reconnecting meanwhile: still one warning.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await tripLoginLimit('10.20.0.3', 'during-2@example.com');
      expect(messages('Redis is not answering')).toHaveLength(1);

      await redis.start(); // empty: it kept nothing (--save '')
      await waitFor(async () => store.countingIn === 'redis', 10_000);
      expect(messages('Redis answers again')).toHaveLength(1);
      expect((await tripLoginLimit('10.20.0.4', 'after@example.com')).at(-1)).toBe(429);
      expect((await keysInRedis()).some((key) => key.includes('after@example.com'))).toBe(true);
    }, 45_000);
  },
);

describe.skipIf(redisSkip)('the Redis store started while Redis is down', () => {
  it('starts in memory, warns once, and moves to Redis when it comes up', async () => {
    const redis = await startRedisInstance();
    await redis.stop();
    const lines: string[] = [];
    const log = {
      warn: (_: object, message: string) => lines.push(message),
      info: (message: string) => lines.push(message),
    };
    const started = Date.now();
    const store = await RedisRateLimitStore.connect(redis.url, { log, recheckMs: 100 });
    try {
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(store.countingIn).toBe('memory');
      expect((await store.hit('k', 60_000)).count).toBe(1);
      expect((await store.hit('k', 60_000)).count).toBe(2);
      await redis.start();
      await waitFor(async () => store.countingIn === 'redis', 10_000);
      expect((await store.hit('k', 60_000)).count).toBe(1); // Redis's own count from here
      expect(lines).toEqual([
        'Redis is not answering: rate limits are counted in this process’s memory until it does',
        'Redis answers again: rate limits are counted in Redis',
      ]);
    } finally {
      await store.close();
      await redis.close();
    }
  }, 30_000);
});

describe.skipIf(redisSkip)('the Redis store when Redis hangs', () => {
  it('answers from memory within its timeout, and goes back to Redis once it answers a ping', async () => {
    const redis = await startRedisInstance();
    const lines: string[] = [];
    const log = {
      warn: (_: object, message: string) => lines.push(message),
      info: (message: string) => lines.push(message),
    };
    const store = await RedisRateLimitStore.connect(redis.url, { log, recheckMs: 200, timeoutMs: 500 });
    try {
      expect(store.countingIn).toBe('redis');
      expect((await store.hit('k', 60_000)).count).toBe(1);
      redis.pause();
      const started = Date.now();
      expect((await store.hit('k', 60_000)).count).toBe(1); // from memory: its own count
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(store.countingIn).toBe('memory');
      const quick = Date.now();
      await store.hit('k', 60_000);
      expect(Date.now() - quick).toBeLessThan(50); // no more waiting on Redis meanwhile
      redis.resume();
      await waitFor(async () => store.countingIn === 'redis', 10_000);
      // Redis's count, kept through the pause (with the hit that timed out: Redis ran it once it woke).
      expect((await store.hit('k', 60_000)).count).toBe(3);
      expect(lines).toHaveLength(2);
    } finally {
      await store.close();
      await redis.close();
    }
  }, 30_000);
});
