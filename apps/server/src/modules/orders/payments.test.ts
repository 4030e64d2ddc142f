import { ORDER_MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, customer, type Session } from '../../../test/accounts';
import { createTestApp, testConfig, testEngine } from '../../../test/helper';
import {
  createProduct,
  type PaystackApi,
  placeOrder,
  startPaystackApi,
  stockOf,
  usePaystack,
} from '../../../test/orders';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';

const SECRET = 'sk_test_payments';
let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let database: Database;
let api: PaystackApi;
let buyer: Session;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  app = shop.app;
  database = shop.database;
  api = await startPaystackApi(SECRET);
  await usePaystack(app, api, SECRET);
  buyer = (await customer(app)).session;
});
afterAll(async () => {
  await shop?.close();
  await api?.close();
});

async function newOrder(on = app, session = buyer, priceKobo = 250_000, quantity = 2) {
  const product = await createProduct(database, { priceKobo, stock: 20 });
  const response = await placeOrder(on, session, [{ productId: product.id, quantity, price: priceKobo / 100 }]);
  expect(response.statusCode).toBe(201);
  return { order: response.json().order, product };
}

const startPayment = (orderId: string, on = app, session = buyer) =>
  on.inject({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers: bearer(session) });

const confirm = (orderId: string, on = app, session = buyer, status = 'success') =>
  on.inject({
    method: 'POST',
    url: '/api/orders/confirm-payment',
    headers: bearer(session),
    payload: { orderId, transactionId: '12345', status },
  });

const webhook = (reference: string, on = app) => {
  const { payload, headers } = api.webhook(reference);
  return on.inject({ method: 'POST', url: '/api/payments/paystack/webhook', payload, headers });
};

const orderRow = async (id: string) => {
  const [row] = await database.query<{ status: string; payment_status: string; transaction_id: string | null }>(
    'SELECT status, payment_status, transaction_id FROM orders WHERE id = $1',
    [id],
  );
  return row;
};

const paidEmails = async (orderNumber: string) =>
  (
    await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM outbox WHERE payload->>'template' = 'order-paid' AND payload->'data'->>'orderNumber' = $1`,
      [orderNumber],
    )
  )[0]?.count;

const paymentHistory = async (orderId: string) =>
  database.query<{ from_value: string; to_value: string; actor: string }>(
    `SELECT from_value, to_value, actor FROM order_history WHERE order_id = $1 AND field = 'paymentStatus'`,
    [orderId],
  );

describe('starting a card payment', () => {
  it('initialises the transaction on the server for the order total, with the order number as reference', async () => {
    const { order } = await newOrder();
    const response = await startPayment(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      reference: order.orderNumber,
      accessCode: expect.stringMatching(/^ac_/),
      publicKey: 'pk_test_shop',
      email: order.shippingAddress.email,
      amount: order.totalAmount,
    });
    expect(api.transactions.get(order.orderNumber)?.amount).toBe(Math.round(order.totalAmount * 100));
  });

  it('gives a retry a suffixed reference once the provider has seen the first, and verification finds either', async () => {
    const { order } = await newOrder();
    expect((await startPayment(order.id)).json().reference).toBe(order.orderNumber);
    expect((await startPayment(order.id)).json().reference).toBe(`${order.orderNumber}-2`);
    const third = (await startPayment(order.id)).json().reference;
    expect(third).toBe(`${order.orderNumber}-3`);
    api.pay(`${order.orderNumber}-2`);
    const response = await confirm(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({ paymentStatus: 'PAID', status: 'PROCESSING' });
    // A paid order cannot be paid again.
    const again = await startPayment(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_PAID', message: ORDER_MESSAGES.alreadyPaid });
  });

  it('reuses the reference when the first attempt never reached the provider', async () => {
    const { order } = await newOrder();
    api.state.hang = true;
    try {
      const failed = await startPayment(order.id);
      expect(failed.statusCode).toBe(502);
    } finally {
      api.state.hang = false;
    }
    const retried = await startPayment(order.id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().reference).toBe(order.orderNumber);
  });

  it('refuses to pay a cancelled order', async () => {
    const { order } = await newOrder();
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    await app.orders.expiry.runOnce();
    const response = await startPayment(order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE', message: ORDER_MESSAGES.notPayable });
  });
});

describe('confirming a payment', () => {
  it("answers 402 with the provider's status to a client's 'success' for an unpaid reference", async () => {
    const { order } = await newOrder();
    await startPayment(order.id);
    const response = await confirm(order.id, app, buyer, 'success');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'PAYMENT_NOT_VERIFIED',
      message: 'Payment status: abandoned',
      gatewayResponse: 'The transaction was not completed',
    });
    api.pay(order.orderNumber, { status: 'failed', gatewayResponse: 'Declined' });
    const declined = await confirm(order.id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: 'Payment status: failed', gatewayResponse: 'Declined' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
  });

  it('never marks an order paid when the amount paid differs from its total, and notes why', async () => {
    const { order } = await newOrder();
    await startPayment(order.id);
    api.pay(order.orderNumber, { amountKobo: 100 });
    const response = await confirm(order.id);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('Payment status: amount mismatch');
    expect(await webhook(order.orderNumber).then((r) => r.statusCode)).toBe(200);
    await app.orders.settle();
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'UNPAID' });
    const notes = await database.query<{ note: string }>(
      `SELECT note FROM order_history WHERE order_id = $1 AND field = 'note'`,
      [order.id],
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]?.note).toMatch(/amount ₦1 instead of ₦/);
  });

  it('keeps the order unpaid and answers 502 with a retryable message when the provider does not answer', async () => {
    const { order } = await newOrder();
    await startPayment(order.id);
    api.pay(order.orderNumber);
    api.state.hang = true;
    try {
      const response = await confirm(order.id);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        message: ORDER_MESSAGES.providerUnavailable,
      });
      expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
    } finally {
      api.state.hang = false;
    }
    expect((await confirm(order.id)).statusCode).toBe(200);
  });

  it('marks the order paid once when confirm-payment and the webhook arrive together, twice each, in any order', async () => {
    for (const webhookFirst of [true, false]) {
      const { order } = await newOrder();
      await startPayment(order.id);
      const paid = api.pay(order.orderNumber);
      const calls = webhookFirst
        ? [webhook(order.orderNumber), confirm(order.id), webhook(order.orderNumber), confirm(order.id)]
        : [confirm(order.id), webhook(order.orderNumber), confirm(order.id), webhook(order.orderNumber)];
      const answers = await Promise.all(calls);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      await app.orders.settle();
      expect(await orderRow(order.id)).toEqual({
        status: 'PROCESSING',
        payment_status: 'PAID',
        transaction_id: String(paid.id),
      });
      expect(await paidEmails(order.orderNumber)).toBe(1);
      expect(await paymentHistory(order.id)).toHaveLength(1);
      const events = await database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM payment_events WHERE reference = $1',
        [order.orderNumber],
      );
      expect(events[0]?.count).toBe(1);
    }
  });

  it('refuses a webhook with a bad or missing signature with 401 and changes nothing', async () => {
    const { order } = await newOrder();
    await startPayment(order.id);
    api.pay(order.orderNumber);
    const { payload } = api.webhook(order.orderNumber);
    const forged = api.webhook(order.orderNumber, 'sk_test_someone_else');
    for (const headers of [forged.headers, { 'content-type': 'application/json' }]) {
      const response = await app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', payload, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('INVALID_SIGNATURE');
    }
    await app.orders.settle();
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'UNPAID' });
    const events = await database.query('SELECT 1 FROM payment_events WHERE reference = $1', [order.orderNumber]);
    expect(events).toHaveLength(0);
  });

  it('sends the customer one confirmation with the order number, items and total', async () => {
    const { order, product } = await newOrder();
    await startPayment(order.id);
    api.pay(order.orderNumber);
    await confirm(order.id);
    const [email] = await database.query<{ payload: { to: string; data: Record<string, unknown> } }>(
      `SELECT payload FROM outbox WHERE payload->>'template' = 'order-paid' AND payload->'data'->>'orderNumber' = $1`,
      [order.orderNumber],
    );
    expect(email?.payload.data).toMatchObject({
      orderNumber: order.orderNumber,
      totalKobo: Math.round(order.totalAmount * 100),
      items: [{ name: product.name, quantity: 2, priceKobo: 250_000 }],
    });
  });
});

describe('the expiry job', () => {
  it('verifies first: an order paid late becomes PAID, not cancelled', async () => {
    const { order, product } = await newOrder();
    await startPayment(order.id);
    api.pay(order.orderNumber);
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    const round = await app.orders.expiry.runOnce();
    expect(round.paid).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
    expect(await stockOf(database, product.id)).toBe(18);
  });

  it('cancels an unpaid order past its window and releases its stock; a provider that does not answer defers it', async () => {
    const { order, product } = await newOrder();
    await startPayment(order.id);
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    api.state.hang = true;
    try {
      await app.orders.expiry.runOnce();
      expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
      expect(await stockOf(database, product.id)).toBe(18);
    } finally {
      api.state.hang = false;
    }
    await app.orders.expiry.runOnce();
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'UNPAID' });
    expect(await stockOf(database, product.id)).toBe(20);
    const [entry] = await database.query<{ actor: string; to_value: string }>(
      `SELECT actor, to_value FROM order_history WHERE order_id = $1 AND field = 'status'`,
      [order.id],
    );
    expect(entry).toEqual({ actor: 'system', to_value: 'CANCELLED' });
  });

  it('leaves bank-transfer orders alone', async () => {
    const product = await createProduct(database, { priceKobo: 100_000, stock: 5 });
    const order = (
      await placeOrder(app, buyer, [{ productId: product.id, quantity: 1, price: 1_000 }], {
        paymentDetails: { method: 'bankTransfer', transactionId: null },
      })
    ).json().order;
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    await app.orders.expiry.runOnce();
    expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING' });
  });
});

describe.skipIf(testEngine !== 'postgres')('two server processes on one database', () => {
  let two: FastifyInstance;
  beforeAll(async () => {
    two = await buildApp(testConfig({ seedDemoCatalogue: false }), { database: shop.database });
    await usePaystack(two, api, SECRET);
  });
  afterAll(async () => {
    await two?.close();
  });

  it('mark the order paid once when confirmations and webhooks reach both, in any order', async () => {
    for (const webhookFirst of [true, false]) {
      const { order } = await newOrder();
      await startPayment(order.id);
      api.pay(order.orderNumber);
      const calls = webhookFirst
        ? [
            webhook(order.orderNumber, two),
            confirm(order.id, app),
            webhook(order.orderNumber, app),
            confirm(order.id, two),
          ]
        : [
            confirm(order.id, two),
            webhook(order.orderNumber, app),
            confirm(order.id, app),
            webhook(order.orderNumber, two),
          ];
      const answers = await Promise.all(calls);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      await Promise.all([app.orders.settle(), two.orders.settle()]);
      expect(await orderRow(order.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
      expect(await paidEmails(order.orderNumber)).toBe(1);
      expect(await paymentHistory(order.id)).toHaveLength(1);
    }
  });

  it('expire each order once when both run the expiry job at the same time', async () => {
    const { order, product } = await newOrder();
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    await Promise.all([app.orders.expiry.runOnce(), two.orders.expiry.runOnce()]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELLED' });
    expect(await stockOf(database, product.id)).toBe(20);
  });
});
