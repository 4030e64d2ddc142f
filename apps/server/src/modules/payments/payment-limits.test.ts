import { ORDER_MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, customer, type Session } from '../../../test/accounts';
import { createTestApp, testConfig } from '../../../test/helper';
import {
  createProduct,
  paymentsConfig,
  placeOrder,
  stalledShop,
  startHangingServer,
  startSink,
} from '../../../test/orders';
import type { Database } from '../../db/client';

// Payment calls with bounds: starts and confirmations are counted per customer and per order, a
// reference found unpaid is not asked about again at once, a payment going through cannot hold
// the stock for long, and a provider that cannot be reached never keeps an order's stock past
// its window and grace.

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
/** The same shop on the same database, whose provider never answers. */
let stalled: FastifyInstance;
let database: Database;
let sink: Awaited<ReturnType<typeof startSink>>;
let hanging: Awaited<ReturnType<typeof startHangingServer>>;

const CALLS = { paymentCallsPerCustomer: 6, paymentCallsPerOrder: 3 };

beforeAll(async () => {
  sink = await startSink();
  hanging = await startHangingServer();
  const orders = testConfig().orders;
  const limited = { ...orders, expiryWorker: false, limits: { ...orders.limits, ...CALLS } };
  shop = await createTestApp({
    seedDemoCatalogue: false,
    orders: limited,
    payments: paymentsConfig({ webhookUrl: sink.url }),
  });
  ({ app, database } = shop);
  stalled = await stalledShop(database, hanging.url, { webhookUrl: sink.url, orders: limited });
});
afterAll(async () => {
  await stalled?.close();
  await shop?.close();
  await hanging?.close();
  await sink?.close();
});

async function newOrder(session: Session) {
  const product = await createProduct(database, { priceKobo: 250_000, stock: 20 });
  const response = await placeOrder(app, session, [{ productId: product.id, quantity: 1, price: 2_500 }]);
  expect(response.statusCode).toBe(201);
  return response.json().order as { id: string; orderNumber: string };
}

const start = (orderId: string, session: Session, on = app) =>
  on.inject({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers: bearer(session) });

const confirm = (orderId: string, session: Session, on = app) =>
  on.inject({
    method: 'POST',
    url: '/api/orders/confirm-payment',
    headers: bearer(session),
    payload: { orderId, transactionId: '1', status: 'success' },
  });

const expiresInMinutes = async (orderId: string) => {
  const [row] = await database.query<{ minutes: number }>(
    'SELECT extract(epoch FROM expires_at - now())::float / 60 AS minutes FROM orders WHERE id = $1',
    [orderId],
  );
  return Number(row?.minutes);
};

describe('payment calls per order and per customer', () => {
  it('answers 429 with Retry-After past the starts allowed for one order', async () => {
    const { session } = await customer(app);
    const order = await newOrder(session);
    for (let i = 0; i < CALLS.paymentCallsPerOrder; i++) expect((await start(order.id, session)).statusCode).toBe(200);
    const refused = await start(order.id, session);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: ORDER_MESSAGES.tooManyPaymentAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another order of the same customer still has its own.
    expect((await start((await newOrder(session)).id, session)).statusCode).toBe(200);
  });

  it('answers 429 past the confirmations allowed for one customer, whatever the order', async () => {
    const { session } = await customer(app);
    const statuses: number[] = [];
    for (let i = 0; i < CALLS.paymentCallsPerCustomer + 1; i++) {
      statuses.push((await confirm((await newOrder(session)).id, session)).statusCode);
    }
    expect(statuses.slice(0, CALLS.paymentCallsPerCustomer).every((status) => status === 402)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('payment starts at the same moment', () => {
  it('each open a reference of their own instead of colliding at the provider', async () => {
    const { session } = await customer(app);
    const order = await newOrder(session);
    const answers = await Promise.all([1, 2, 3].map(() => start(order.id, session)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const references = answers.map((answer) => answer.json().reference as string);
    expect(new Set(references).size).toBe(3);
    const [row] = await database.query<{ payment_attempts: number }>(
      'SELECT payment_attempts FROM orders WHERE id = $1',
      [order.id],
    );
    expect(row?.payment_attempts).toBe(3);
  });
});

describe('asking the provider', () => {
  it('does not ask again at once about earlier references found unpaid; the current one is always asked', async () => {
    const { session } = await customer(app);
    const order = await newOrder(session);
    for (let i = 0; i < 3; i++) expect((await start(order.id, session)).statusCode).toBe(200);
    const verify = vi.spyOn(app.payments.provider, 'verify');
    try {
      expect((await confirm(order.id, session)).statusCode).toBe(402);
      const asked = verify.mock.calls.map(([reference]) => reference);
      expect(asked).toEqual([`${order.orderNumber}-3`, `${order.orderNumber}-2`, order.orderNumber]);
      verify.mockClear();
      expect((await confirm(order.id, session)).statusCode).toBe(402);
      expect(verify.mock.calls.map(([reference]) => reference)).toEqual([`${order.orderNumber}-3`]);
      // Moments later, all of them again.
      await database.query(
        `UPDATE payment_references SET checked_at = now() - interval '1 minute' WHERE order_id = $1`,
        [order.id],
      );
      verify.mockClear();
      expect((await confirm(order.id, session)).statusCode).toBe(402);
      expect(verify).toHaveBeenCalledTimes(3);
    } finally {
      verify.mockRestore();
    }
  });

  it('pushes a deadline back for a payment going through, but never past 15 minutes after its own window', async () => {
    const { session } = await customer(app);
    const order = await newOrder(session);
    // Placed 40 minutes ago with 2 minutes of its 30 left (made so by hand): at most 5 more.
    await database.query(
      `UPDATE orders SET created_at = now() - interval '40 minutes', expires_at = now() + interval '2 minutes' WHERE id = $1`,
      [order.id],
    );
    expect((await start(order.id, session)).statusCode).toBe(200);
    const minutes = await expiresInMinutes(order.id);
    expect(minutes).toBeGreaterThan(4.5);
    expect(minutes).toBeLessThanOrEqual(5);
    expect((await start(order.id, session)).statusCode).toBe(200);
    expect(await expiresInMinutes(order.id)).toBeLessThanOrEqual(5);
  });

  it('waits for a provider that cannot be reached only until the grace after the window, then cancels', async () => {
    const { session } = await customer(app);
    const order = await newOrder(session);
    expect((await start(order.id, session)).statusCode).toBe(200);
    await database.query(`UPDATE orders SET expires_at = now() - interval '5 minutes' WHERE id = $1`, [order.id]);
    expect((await stalled.payments.expiry.runOnce()).deferred).toBeGreaterThanOrEqual(1);
    const pending = await database.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [order.id]);
    expect(pending[0]?.status).toBe('PENDING');
    await database.query(`UPDATE orders SET expires_at = now() - interval '31 minutes' WHERE id = $1`, [order.id]);
    await stalled.payments.expiry.runOnce();
    const [row] = await database.query<{ status: string; note: string }>(
      `SELECT o.status, h.note FROM orders o JOIN order_history h ON h.order_id = o.id AND h.field = 'status'
        WHERE o.id = $1`,
      [order.id],
    );
    expect(row?.status).toBe('CANCELLED');
    expect(row?.note).toMatch(/payment provider could not be reached/);
  });
});
