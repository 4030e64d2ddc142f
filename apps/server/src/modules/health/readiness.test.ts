import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, testConfig } from '../../../test/helper';
import { redisAvailable, redisUrl } from '../../../test/redis';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import type { HealthRepository } from './health.repository';
import { HealthService } from './health.service';

const hasRedis = await redisAvailable();

let shop: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
});
afterAll(async () => {
  await shop?.close();
});

const ready = (app = shop.app) => app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/ready', () => {
  it('answers ready, with Redis off when REDIS_URL is unset', async () => {
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', redis: 'off' });
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('leaves /api/health as it was: liveness and the database', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 not-ready with Retry-After when the database is closed', async () => {
    const testDatabase = await createTestDatabase();
    // On PostgreSQL a pool of the app's own is closed, so the test database can still be dropped.
    const database = testDatabase.url
      ? await openDatabase({ url: testDatabase.url, dataDir: '', poolSize: 2 })
      : testDatabase.database;
    const app = await buildApp(
      testConfig({ seedDemoCatalogue: false, outbox: { worker: false, pollMs: 60_000, retryBaseMs: 1_000 } }),
      { database },
    );
    try {
      expect((await ready(app)).statusCode).toBe(200);
      await database.close();
      const response = await ready(app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        status: 'not-ready',
        database: 'down',
        redis: 'off',
      });
      expect(response.headers['retry-after']).toBe('5');
      // Liveness keeps API.md's body, with the same Retry-After.
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', status: 'degraded', database: 'unreachable' });
      expect(health.headers['retry-after']).toBe('5');
      // The metrics still answer, the backlog they could not count marked unknown.
      const metrics = await app.inject({ method: 'GET', url: '/api/metrics' });
      expect(metrics.statusCode).toBe(200);
      // prom-client writes NaN as `Nan`, which Prometheus reads (case-insensitively).
      expect(metrics.body).toMatch(/^shop_outbox_backlog nan$/im);
      expect(metrics.body).toMatch(
        /^http_requests_total\{method="GET",route="\/api\/health\/ready",status="503"\} 1$/m,
      );
    } finally {
      await app.close().catch(() => {});
      if (testDatabase.url) await testDatabase.drop();
    }
  });
});

describe('readiness checks that do not answer', () => {
  const never = () => new Promise<void>(() => {});
  const ok = async () => {};

  it('answers not-ready within the check timeout when the database hangs', async () => {
    const service = new HealthService({ ping: never } as unknown as HealthRepository, undefined, 100);
    const started = Date.now();
    expect(await service.ready()).toEqual({ status: 'not-ready', database: 'down', redis: 'off' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('answers degraded (still serving, limits in memory) when Redis hangs, and ready when both answer', async () => {
    const repository = { ping: ok } as unknown as HealthRepository;
    const hung = new HealthService(repository, { ping: never }, 100);
    expect(await hung.ready()).toEqual({ status: 'degraded', database: 'ok', redis: 'down' });
    const fine = new HealthService(repository, { ping: ok }, 100);
    expect(await fine.ready()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
  });
});

/** A TCP relay to the test Redis that can be taken away (a dead port) and put back on the same port. */
async function redisRelay() {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port || 6379) });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  const close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  };
  await open();
  return { url: () => `redis://127.0.0.1:${port}`, open, close };
}

describe.skipIf(!hasRedis)('readiness with REDIS_URL set', () => {
  it('answers redis ok, 200 degraded with redis down while its port is dead, and ready again when it is back', async () => {
    const relay = await redisRelay();
    const app = await buildApp(testConfig({ seedDemoCatalogue: false, redisUrl: relay.url() }), {
      database: shop.database,
    });
    try {
      await expect
        .poll(async () => (await ready(app)).json(), { timeout: 5_000 })
        .toEqual({
          status: 'ready',
          database: 'ok',
          redis: 'ok',
        });

      await relay.close();
      const down = await ready(app);
      // The process still serves (its limits count in memory): a load balancer must keep it.
      expect(down.statusCode).toBe(200);
      expect(down.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'down' });

      await relay.open();
      await expect.poll(async () => (await ready(app)).json().status, { timeout: 10_000, interval: 200 }).toBe('ready');
    } finally {
      await app.close();
      await relay.close();
    }
  });
});
