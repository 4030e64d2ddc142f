import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../test/accounts';
import { createTestApp, testConfig, testEngine } from '../../test/helper';
import { scrape } from '../../test/metrics';
import {
  CARDS,
  createProduct,
  paymentsConfig,
  payWithCard,
  placeOrder,
  startHangingServer,
  startSink,
} from '../../test/orders';
import { buildApp } from '../app';
import type { Database } from '../db/client';

const TOKEN = 'metrics-token-for-tests-0123456789';
/** Allowed without a token (METRICS_ALLOWED_ADDRESSES); loopback is not, once a list is given. */
const ALLOWED_RANGE = '10.20.0.0/16';
const STRANGER = '203.0.113.9';
const asScraper = { remoteAddress: STRANGER, headers: { authorization: `Bearer ${TOKEN}` } };

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let database: Database;
let sink: Awaited<ReturnType<typeof startSink>>;
let buyer: Session;

beforeAll(async () => {
  // The test gateway's own webhooks go to a sink: the order is paid by its confirmation alone.
  sink = await startSink();
  shop = await createTestApp({
    seedDemoCatalogue: false,
    payments: paymentsConfig({ webhookUrl: sink.url }),
    // Emails wait in the outbox (the worker is off) and fail when sent: nothing listens on port 9.
    outbox: { worker: false, pollMs: 60_000, retryBaseMs: 60_000 },
    mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'Stitch & Trim <shop@example.com>' },
    metrics: { token: TOKEN, allowedAddresses: [ALLOWED_RANGE] },
  });
  app = shop.app;
  database = shop.database;
  buyer = (await customer(app)).session;
});
afterAll(async () => {
  await shop?.close();
  await sink?.close();
});

describe('who may read GET /api/metrics', () => {
  const notFound = async () =>
    (await app.inject({ method: 'GET', url: '/api/no-such-route', remoteAddress: STRANGER })).json();

  it('refuses an anonymous request from elsewhere with the 404 of a route that does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: STRANGER });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(await notFound());
    expect(response.body).not.toContain('http_requests_total');
  });

  it('refuses a wrong token, and a token sent otherwise than as a bearer', async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress: STRANGER,
        headers: { authorization },
      });
      expect(response.statusCode, authorization).toBe(404);
    }
  });

  it('allows the right token from anywhere', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/metrics', ...asScraper });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('allows an address of METRICS_ALLOWED_ADDRESSES without a token, and no other (not even loopback)', async () => {
    const inRange = await app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.20.3.4' });
    expect(inRange.statusCode).toBe(200);
    expect(inRange.body).toContain('# TYPE http_requests_total counter');
    for (const remoteAddress of ['10.21.0.1', '127.0.0.1']) {
      expect((await app.inject({ method: 'GET', url: '/api/metrics', remoteAddress })).statusCode).toBe(404);
    }
  });

  it("takes the client address as TRUST_PROXY makes it: a trusted proxy's X-Forwarded-For, nobody else's", async () => {
    const behindProxy = await buildApp(
      testConfig({
        seedDemoCatalogue: false,
        trustProxy: ['127.0.0.1'],
        metrics: { allowedAddresses: [ALLOWED_RANGE] },
      }),
      { database },
    );
    try {
      const forwarded = (remoteAddress: string, client: string) =>
        behindProxy.inject({
          method: 'GET',
          url: '/api/metrics',
          remoteAddress,
          headers: { 'x-forwarded-for': client },
        });
      expect((await forwarded('127.0.0.1', '10.20.9.9')).statusCode).toBe(200);
      expect((await forwarded('127.0.0.1', STRANGER)).statusCode).toBe(404);
      expect((await forwarded(STRANGER, '10.20.9.9')).statusCode).toBe(404);
    } finally {
      await behindProxy.close();
    }
  });

  it('under TRUST_PROXY=true, judges the socket’s own address: a forwarded address never opens it', async () => {
    const trustingAll = await buildApp(
      testConfig({
        seedDemoCatalogue: false,
        trustProxy: true,
        metrics: { token: TOKEN, allowedAddresses: [ALLOWED_RANGE] },
      }),
      { database },
    );
    try {
      const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
        trustingAll.inject({ method: 'GET', url: '/api/metrics', remoteAddress, headers });
      // A stranger naming an allowed address, alone or behind a chain of others.
      expect((await get(STRANGER, { 'x-forwarded-for': '10.20.9.9' })).statusCode).toBe(404);
      expect((await get(STRANGER, { 'x-forwarded-for': '10.20.9.9, 10.20.0.1' })).statusCode).toBe(404);
      // The scraper itself, asking directly; through a proxy on an allowed address, no one is let in by address.
      expect((await get('10.20.3.4')).statusCode).toBe(200);
      expect((await get('10.20.3.4', { 'x-forwarded-for': STRANGER })).statusCode).toBe(404);
      // The token still works from anywhere.
      expect(
        (await get(STRANGER, { 'x-forwarded-for': '10.20.9.9', authorization: `Bearer ${TOKEN}` })).statusCode,
      ).toBe(200);
    } finally {
      await trustingAll.close();
    }
  });

  it('under a hop count, takes the address the trusted hops vouch for', async () => {
    const oneHop = await buildApp(
      testConfig({ seedDemoCatalogue: false, trustProxy: 1, metrics: { allowedAddresses: [ALLOWED_RANGE] } }),
      { database },
    );
    try {
      const forwarded = (client: string) =>
        oneHop.inject({
          method: 'GET',
          url: '/api/metrics',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await forwarded('10.20.9.9')).statusCode).toBe(200);
      // The proxy appends the real client to what the stranger wrote: the nearest hop is believed.
      expect((await forwarded(`10.20.9.9, ${STRANGER}`)).statusCode).toBe(404);
    } finally {
      await oneHop.close();
    }
  });

  it('allows loopback by default outside production', async () => {
    const local = await buildApp(testConfig({ seedDemoCatalogue: false }), { database });
    try {
      expect((await local.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(200);
      expect((await local.inject({ method: 'GET', url: '/api/metrics', remoteAddress: STRANGER })).statusCode).toBe(
        404,
      );
    } finally {
      await local.close();
    }
  });
});

describe('a scrape after real requests', () => {
  it('counts requests by route pattern and status, and leaves scrapes out', async () => {
    const before = await scrape(app, asScraper);
    const product = await createProduct(database);
    await app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    await app.inject({ method: 'GET', url: '/api/products/00000000-0000-4000-8000-000000000000' });
    await app.inject({ method: 'GET', url: '/api/no-such-route' });
    await app.inject({ method: 'GET', url: '/api/no-such-route/either' });
    const after = await scrape(app, asScraper);

    const delta = (labels: Record<string, string>) =>
      after.value('http_requests_total', labels) - before.value('http_requests_total', labels);
    // The pattern, never the id: one series per route however many products there are.
    expect(delta({ method: 'GET', route: '/api/products/:idOrSlug', status: '200' })).toBe(1);
    expect(delta({ method: 'GET', route: '/api/products/:idOrSlug', status: '404' })).toBe(1);
    expect(delta({ method: 'GET', route: 'unmatched', status: '404' })).toBe(2);
    expect(after.samples.some((sample) => sample.labels.route?.includes(product.id))).toBe(false);
    expect(after.has('http_requests_total', { route: '/api/metrics' })).toBe(false);

    const histogram = (labels: Record<string, string>) =>
      after.value('http_request_duration_seconds_count', labels) -
      before.value('http_request_duration_seconds_count', labels);
    expect(histogram({ method: 'GET', route: '/api/products/:idOrSlug', status_class: '2xx' })).toBe(1);
    expect(histogram({ method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(2);
    expect(
      after.value('http_request_duration_seconds_bucket', {
        route: '/api/products/:idOrSlug',
        status_class: '2xx',
        le: '+Inf',
      }),
    ).toBe(
      after.value('http_request_duration_seconds_count', { route: '/api/products/:idOrSlug', status_class: '2xx' }),
    );
  });

  it('counts a catalogue list read twice as one miss and one hit', async () => {
    const before = await scrape(app, asScraper);
    const url = `/api/products?page=1&limit=7&sort=newest`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const after = await scrape(app, asScraper);
    const delta = (result: string) =>
      after.value('shop_catalog_cache_requests_total', { result }) -
      before.value('shop_catalog_cache_requests_total', { result });
    expect(delta('miss')).toBe(1);
    expect(delta('hit')).toBe(1);
    expect(
      after.value('http_requests_total', { route: '/api/products', status: '200' }) -
        before.value('http_requests_total', { route: '/api/products', status: '200' }),
    ).toBe(2);
  });

  it('counts a card order placed and paid through the test gateway, and the provider calls it took', async () => {
    const before = await scrape(app, asScraper);
    const product = await createProduct(database, { priceKobo: 250_000, stock: 5 });
    const placed = await placeOrder(app, buyer, [{ productId: product.id, quantity: 1, price: 2_500 }]);
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    const started = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(started.statusCode).toBe(200);
    expect((await payWithCard(app, started.json().accessCode, CARDS.success)).status).toBe('success');
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/orders/confirm-payment',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { orderId: order.id, transactionId: '12345', status: 'success' },
    });
    expect(confirmed.statusCode).toBe(200);
    const after = await scrape(app, asScraper);

    const delta = (name: string, labels: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(delta('shop_orders_placed_total', { method: 'card' })).toBe(1);
    expect(delta('shop_orders_paid_total', { method: 'card' })).toBe(1);
    expect(after.has('shop_orders_placed_total', { method: 'paypal' })).toBe(false);
    for (const method of ['bankTransfer', 'payOnDelivery']) {
      expect(after.has('shop_orders_placed_total', { method })).toBe(true);
      expect(delta('shop_orders_placed_total', { method })).toBe(0);
      expect(delta('shop_orders_paid_total', { method })).toBe(0);
    }
    expect(delta('shop_payment_provider_calls_total', { operation: 'initialize', outcome: 'ok' })).toBe(1);
    expect(delta('shop_payment_provider_calls_total', { operation: 'verify', outcome: 'ok' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(delta('shop_payment_provider_calls_total', { outcome: 'failed' })).toBe(0);
    expect(delta('shop_payment_provider_call_duration_seconds_count', { operation: 'initialize', outcome: 'ok' })).toBe(
      1,
    );

    // Confirming again finds it paid: it is not counted twice.
    await app.inject({
      method: 'POST',
      url: '/api/orders/confirm-payment',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { orderId: order.id, transactionId: '12345', status: 'success' },
    });
    expect((await scrape(app, asScraper)).value('shop_orders_paid_total', { method: 'card' })).toBe(
      after.value('shop_orders_paid_total', { method: 'card' }),
    );
  });

  it('counts a bank transfer confirmed by an admin as paid, once, and a refused confirmation not at all', async () => {
    const admin = await login(app, ADMIN.email, ADMIN.password);
    const before = await scrape(app, asScraper);
    const product = await createProduct(database, { priceKobo: 300_000 });
    const placed = await placeOrder(app, buyer, [{ productId: product.id, quantity: 1, price: 3_000 }], {
      paymentDetails: { method: 'bankTransfer', transactionId: null },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    const confirm = (amountReceived: number) =>
      app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/confirm-transfer`,
        headers: bearer(admin),
        payload: { amountReceived, note: '' },
      });
    // Less than the total: refused.
    expect((await confirm(1)).statusCode).toBe(409);
    expect((await confirm(order.totalAmount)).statusCode).toBe(200);
    expect((await confirm(order.totalAmount)).statusCode).toBe(409);
    const after = await scrape(app, asScraper);
    const delta = (name: string, method: string) => after.value(name, { method }) - before.value(name, { method });
    expect(delta('shop_orders_placed_total', 'bankTransfer')).toBe(1);
    expect(delta('shop_orders_paid_total', 'bankTransfer')).toBe(1);
    expect(delta('shop_orders_paid_total', 'card')).toBe(0);
  });

  it('shows the outbox backlog from the database and counts the sends that failed', async () => {
    const product = await createProduct(database);
    expect(
      (await placeOrder(app, buyer, [{ productId: product.id, quantity: 1, price: product.priceKobo / 100 }]))
        .statusCode,
    ).toBe(201);
    const [pending] = await database.query<{ count: number; due: number }>(
      `SELECT count(*)::int AS count, (count(*) FILTER (WHERE run_after <= now()))::int AS due
         FROM outbox WHERE done_at IS NULL`,
    );
    expect(pending?.count).toBeGreaterThan(0);
    const before = await scrape(app, asScraper);
    expect(before.value('shop_outbox_backlog')).toBe(pending?.count);

    // The SMTP server is unreachable: every due email fails once and waits for its retry.
    await app.outbox.drain();
    const after = await scrape(app, asScraper);
    expect(after.value('shop_outbox_failures_total') - before.value('shop_outbox_failures_total')).toBe(pending?.due);
    expect(after.value('shop_outbox_backlog')).toBe(pending?.count);
  });

  it("shows the database pool's connections", async () => {
    const after = await scrape(app, asScraper);
    const total = after.value('shop_db_pool_connections', { state: 'total' });
    if (testEngine === 'pglite') {
      expect(total).toBe(1);
      expect(after.has('shop_db_pool_connections', { state: 'idle' })).toBe(false);
    } else {
      // createTestDatabase's pool holds at most 5.
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(5);
      expect(after.value('shop_db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total);
      expect(after.has('shop_db_pool_connections', { state: 'waiting' })).toBe(true);
    }
  });

  it("includes the Node process's default metrics", async () => {
    const after = await scrape(app, asScraper);
    expect(after.value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(after.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(after.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });
});

describe('a payment provider that does not answer', () => {
  it('counts its calls as timeouts', async () => {
    const hanging = await startHangingServer();
    const stalled = await buildApp(
      testConfig({
        seedDemoCatalogue: false,
        outbox: { worker: false, pollMs: 60_000, retryBaseMs: 60_000 },
        orders: { ...testConfig().orders, expiryWorker: false },
        payments: paymentsConfig({ webhookUrl: sink.url, apiUrl: hanging.url, timeoutMs: 100 }),
      }),
      { database },
    );
    try {
      const product = await createProduct(database);
      const placed = await placeOrder(stalled, buyer, [
        { productId: product.id, quantity: 1, price: product.priceKobo / 100 },
      ]);
      expect(placed.statusCode).toBe(201);
      const started = await stalled.inject({
        method: 'POST',
        url: `/api/orders/${placed.json().order.id}/payment`,
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(started.statusCode).toBe(502);
      const after = await scrape(stalled);
      expect(after.value('shop_payment_provider_calls_total', { operation: 'initialize', outcome: 'timeout' })).toBe(1);
      expect(after.value('shop_payment_provider_calls_total', { operation: 'initialize', outcome: 'ok' })).toBe(0);
      // Three attempts of 100 ms and the pauses between them.
      expect(
        after.value('shop_payment_provider_call_duration_seconds_sum', { operation: 'initialize', outcome: 'timeout' }),
      ).toBeGreaterThan(0.3);
    } finally {
      await stalled.close();
      await hanging.close();
    }
  });
});
