import { ORDER_MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../test/accounts';
import { createTestApp, testConfig, testEngine } from '../../../test/helper';
import {
  CARDS,
  chargeSuccessWebhook,
  createProduct,
  gatewayTransactionData,
  paymentsConfig,
  payWithCard,
  placeOrder,
  stalledShop,
  startHangingServer,
  startSink,
  stockOf,
} from '../../../test/orders';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { TEST_GATEWAY_KEYS } from './providers';
import { paystackSignature } from './providers/paystack/paystack-client';

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
/** The same shop whose payment provider never answers (PAYSTACK_API_URL at a server that hangs). */
let stalled: FastifyInstance;
let database: Database;
let sink: Awaited<ReturnType<typeof startSink>>;
let hanging: Awaited<ReturnType<typeof startHangingServer>>;
let buyer: Session;
let admin: Session;

beforeAll(async () => {
  // The test gateway's own webhooks go to a sink: each test sends the webhooks it needs itself.
  sink = await startSink();
  hanging = await startHangingServer();
  shop = await createTestApp({ seedDemoCatalogue: false, payments: paymentsConfig({ webhookUrl: sink.url }) });
  app = shop.app;
  database = shop.database;
  stalled = await stalledShop(database, hanging.url, { webhookUrl: sink.url });
  buyer = (await customer(app)).session;
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await stalled?.close();
  await shop?.close();
  await hanging?.close();
  await sink?.close();
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

const webhook = async (reference: string, on = app) => {
  const { payload, headers } = await chargeSuccessWebhook(app, reference);
  return on.inject({ method: 'POST', url: '/api/payments/paystack/webhook', payload, headers });
};

/** Starts the order's payment and pays it with `card` in the test gateway; returns the reference. */
async function pay(orderId: string, card: Record<string, string> = CARDS.success) {
  const started = (await startPayment(orderId)).json();
  const result = await payWithCard(app, started.accessCode, card);
  return { reference: started.reference as string, result };
}

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

const gatewayAmount = async (reference: string) => (await app.payments.provider.verify(reference))?.amountKobo;

describe('starting a card payment', () => {
  it('initialises the transaction on the server for the order total, with the order number as reference', async () => {
    const { order } = await newOrder();
    const response = await startPayment(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      reference: order.orderNumber,
      accessCode: expect.any(String),
      publicKey: app.payments.provider.publicConfig.publicKey,
      email: order.shippingAddress.email,
      amount: order.totalAmount,
    });
    expect(await gatewayAmount(order.orderNumber)).toBe(Math.round(order.totalAmount * 100));
  });

  it('gives a retry a suffixed reference once the provider has seen the first, and verification finds either', async () => {
    const { order } = await newOrder();
    expect((await startPayment(order.id)).json().reference).toBe(order.orderNumber);
    const second = (await startPayment(order.id)).json();
    expect(second.reference).toBe(`${order.orderNumber}-2`);
    expect((await startPayment(order.id)).json().reference).toBe(`${order.orderNumber}-3`);
    expect((await payWithCard(app, second.accessCode)).status).toBe('success');
    // The browser may name the order by the reference it paid.
    const response = await confirm(second.reference);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({ paymentStatus: 'PAID', status: 'PROCESSING' });
    // A paid order cannot be paid again.
    const again = await startPayment(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_PAID', message: ORDER_MESSAGES.alreadyPaid });
  });

  it('finds a payment made on the previous attempt before opening another, so nobody pays twice', async () => {
    const { order } = await newOrder();
    const first = (await startPayment(order.id)).json();
    await payWithCard(app, first.accessCode);
    const again = await startPayment(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_PAID');
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'PAID' });
  });

  it('reuses the reference when the first attempt never reached the provider', async () => {
    const { order } = await newOrder();
    const failed = await startPayment(order.id, stalled);
    expect(failed.statusCode).toBe(502);
    const retried = await startPayment(order.id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().reference).toBe(order.orderNumber);
  });

  it('keeps the order and its stock until its deadline while the provider does not answer, and takes the payment later (decision 028)', async () => {
    const { order, product } = await newOrder();
    expect(await stockOf(database, product.id)).toBe(18);
    const started = Date.now();
    const failed = await startPayment(order.id, stalled);
    // Bounded by PAYSTACK_TIMEOUT_MS (and its retry): the checkout is never left waiting.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    // Nothing gave the items back: not the failure, not the expiry job before the deadline.
    await stalled.payments.expiry.runOnce();
    await app.payments.expiry.runOnce();
    expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
    expect(await stockOf(database, product.id)).toBe(18);
    const [{ expires_at: deadline } = { expires_at: null }] = await database.query<{ expires_at: Date | null }>(
      'SELECT expires_at FROM orders WHERE id = $1',
      [order.id],
    );
    expect(new Date(String(deadline)).getTime()).toBeGreaterThan(Date.now());

    // Later, with the provider back: paid from the order page as any unpaid order is.
    const { reference } = await pay(order.id);
    expect(reference).toBe(order.orderNumber);
    expect((await confirm(order.id)).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
    expect(await stockOf(database, product.id)).toBe(18);
  });

  it('refuses to pay an expired order', async () => {
    const { order } = await newOrder();
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    await app.payments.expiry.runOnce();
    const response = await startPayment(order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE', message: ORDER_MESSAGES.notPayable });
  });
});

describe('a payment going through', () => {
  it('pushes the payment window to at least 15 minutes from the start of a payment', async () => {
    const { order } = await newOrder();
    await database.query(`UPDATE orders SET expires_at = now() + interval '1 minute' WHERE id = $1`, [order.id]);
    expect((await startPayment(order.id)).statusCode).toBe(200);
    const [row] = await database.query<{ minutes: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 60 AS minutes FROM orders WHERE id = $1`,
      [order.id],
    );
    expect(Number(row?.minutes)).toBeGreaterThan(14.5);
    const shown = (await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) })).json()
      .order;
    expect(new Date(shown.expiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it.each(['ongoing', 'pending', 'processing', 'queued'])(
    'is not cancelled by the expiry job while the provider says %s, and is once it says otherwise',
    async (status) => {
      const { order, product } = await newOrder();
      const { reference } = (await startPayment(order.id)).json();
      await database.query(`UPDATE test_gateway_transactions SET status = $2 WHERE reference = $1`, [
        reference,
        status,
      ]);
      await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
      const round = await app.payments.expiry.runOnce();
      expect(round.deferred).toBeGreaterThanOrEqual(1);
      expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
      expect(await stockOf(database, product.id)).toBe(18);
      await database.query(`UPDATE test_gateway_transactions SET status = 'abandoned' WHERE reference = $1`, [
        reference,
      ]);
      await app.payments.expiry.runOnce();
      expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'UNPAID' });
      expect(await stockOf(database, product.id)).toBe(20);
    },
  );
});

describe('confirming a payment', () => {
  it('finds a payment on any reference that reached the provider, not only the newest ones', async () => {
    const { order } = await newOrder();
    const started: { reference: string; accessCode: string }[] = [];
    for (let i = 0; i < 8; i++) started.push((await startPayment(order.id)).json());
    expect(started.map((s) => s.reference)).toEqual([
      order.orderNumber,
      ...[2, 3, 4, 5, 6, 7, 8].map((n) => `${order.orderNumber}-${n}`),
    ]);
    // The second window, long since buried under six newer ones, is the one the customer paid in.
    expect((await payWithCard(app, started[1]?.accessCode ?? '')).status).toBe('success');
    const response = await confirm(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({ paymentStatus: 'PAID', status: 'PROCESSING' });
  });

  it('keeps looking after a reference whose amount does not match and applies the real payment', async () => {
    const { order } = await newOrder();
    // Someone pays ₦1 on the order's second reference before the shop opens it.
    const forged = await app.payments.provider.initialize({
      email: 'ada@example.com',
      amountKobo: 100,
      reference: `${order.orderNumber}-2`,
    });
    await payWithCard(app, forged.accessCode);
    const first = (await startPayment(order.id)).json();
    // The shop's retry meets the forged reference at the provider and takes the next.
    expect((await startPayment(order.id)).json().reference).toBe(`${order.orderNumber}-3`);
    expect((await payWithCard(app, first.accessCode)).status).toBe('success');
    const response = await confirm(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({ paymentStatus: 'PAID', status: 'PROCESSING' });
    const notes = await database.query<{ note: string }>(
      `SELECT note FROM order_history WHERE order_id = $1 AND field = 'note'`,
      [order.id],
    );
    expect(notes.map((n) => n.note)).toEqual([expect.stringMatching(/-2 not accepted: amount ₦1 instead of ₦/)]);
  });

  it('notes a second successful charge of a paid order once, for the admin only', async () => {
    const { order } = await newOrder();
    const first = (await startPayment(order.id)).json();
    const second = (await startPayment(order.id)).json();
    expect((await payWithCard(app, first.accessCode)).status).toBe('success');
    expect((await payWithCard(app, second.accessCode)).status).toBe('success');
    expect((await confirm(order.id)).statusCode).toBe(200);
    const [paid] = await database.query<{ transaction_id: string }>('SELECT transaction_id FROM orders WHERE id = $1', [
      order.id,
    ]);
    const other = (await app.payments.provider.verify(first.reference))?.id === paid?.transaction_id ? second : first;
    for (let i = 0; i < 2; i++) expect((await webhook(other.reference)).statusCode).toBe(200);
    await app.payments.settle();
    // The same charge told again under another event id is kept as a new event, and meets the note.
    const { payload } = await chargeSuccessWebhook(app, other.reference);
    const parsed = JSON.parse(payload);
    const again = JSON.stringify({ ...parsed, data: { ...parsed.data, id: `${parsed.data.id}0` } });
    const told = await app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      payload: again,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': paystackSignature(TEST_GATEWAY_KEYS.secretKey, again),
      },
    });
    expect(told.statusCode).toBe(200);
    expect((await confirm(order.id)).statusCode).toBe(200);
    await app.payments.settle();
    const note = `Second payment ${other.reference} received: refund it`;
    const notes = await database.query<{ note: string }>(
      `SELECT note FROM order_history WHERE order_id = $1 AND field = 'note'`,
      [order.id],
    );
    expect(notes.map((n) => n.note)).toEqual([note]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
    expect(await paidEmails(order.orderNumber)).toBe(1);
    const get = async (session: Session) =>
      (await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(session) })).json().order;
    expect((await get(admin)).history).toContainEqual(expect.objectContaining({ field: 'note', note }));
    const seenByCustomer = (await get(buyer)).history as { field: string }[];
    expect(seenByCustomer.length).toBeGreaterThan(0);
    expect(seenByCustomer.some((entry) => entry.field === 'note')).toBe(false);
  });

  it("answers 402 with the provider's status to a client's 'success' for an unpaid reference", async () => {
    const { order } = await newOrder();
    const started = (await startPayment(order.id)).json();
    const response = await confirm(order.id, app, buyer, 'success');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_VERIFIED', message: 'Payment status: abandoned' });
    expect((await payWithCard(app, started.accessCode, CARDS.declined)).status).toBe('failed');
    const declined = await confirm(order.id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: 'Payment status: failed', gatewayResponse: 'Declined' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
  });

  it('never marks an order paid when the amount paid differs from its total, and notes why', async () => {
    const { order } = await newOrder();
    // A browser that set up the payment itself (inline v1) with the order number and ₦1.
    const forged = await app.payments.provider.initialize({
      email: 'ada@example.com',
      amountKobo: 100,
      reference: order.orderNumber,
    });
    await payWithCard(app, forged.accessCode);
    const response = await confirm(order.id);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('Payment status: amount mismatch');
    expect((await webhook(order.orderNumber)).statusCode).toBe(200);
    await app.payments.settle();
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
    await pay(order.id);
    const response = await confirm(order.id, stalled);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: ORDER_MESSAGES.providerUnavailable,
    });
    expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
    expect((await confirm(order.id)).statusCode).toBe(200);
  });

  it('marks the order paid once when confirm-payment and the webhook arrive together, twice each, in any order', async () => {
    for (const webhookFirst of [true, false]) {
      const { order } = await newOrder();
      const { reference } = await pay(order.id);
      const paid = await app.payments.provider.verify(reference);
      const calls = webhookFirst
        ? [webhook(reference), confirm(order.id), webhook(reference), confirm(order.id)]
        : [confirm(order.id), webhook(reference), confirm(order.id), webhook(reference)];
      const answers = await Promise.all(calls);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      await app.payments.settle();
      expect(await orderRow(order.id)).toEqual({
        status: 'PROCESSING',
        payment_status: 'PAID',
        transaction_id: paid?.id,
      });
      expect(await paidEmails(order.orderNumber)).toBe(1);
      expect(await paymentHistory(order.id)).toHaveLength(1);
      const events = await database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM payment_events WHERE reference = $1',
        [reference],
      );
      expect(events[0]?.count).toBe(1);
    }
  });

  it('keeps a webhook without the reusable card token or the customer details other than the email', async () => {
    const { order } = await newOrder();
    const { reference } = await pay(order.id);
    const data = {
      ...(await gatewayTransactionData(app, reference)),
      authorization: {
        authorization_code: 'AUTH_reusable_token_x1',
        last4: '4081',
        reusable: true,
        signature: 'SIG_x',
      },
      customer: {
        id: 84312,
        email: order.shippingAddress.email,
        first_name: 'Ada',
        last_name: 'Obi',
        phone: '+2348012345678',
        customer_code: 'CUS_x',
      },
    };
    const payload = JSON.stringify({ event: 'charge.success', data });
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': paystackSignature(TEST_GATEWAY_KEYS.secretKey, payload),
      },
    });
    expect(response.statusCode).toBe(200);
    await app.payments.settle();
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'PAID' });
    const [event] = await database.query<{ payload: { data: Record<string, unknown> } }>(
      'SELECT payload FROM payment_events WHERE reference = $1',
      [reference],
    );
    const stored = JSON.stringify(event?.payload);
    expect(stored).not.toContain('AUTH_reusable_token_x1');
    expect(stored).not.toContain('authorization_code');
    expect(stored).not.toContain('+2348012345678');
    expect(stored).not.toContain('CUS_x');
    expect(event?.payload.data.customer).toEqual({ email: order.shippingAddress.email });
    expect(event?.payload.data.authorization).toMatchObject({ last4: '4081' });
    expect(event?.payload.data.reference).toBe(reference);
  });

  it('refuses a webhook with a bad or missing signature with 401 and changes nothing', async () => {
    const { order } = await newOrder();
    const { reference } = await pay(order.id);
    const forged = await chargeSuccessWebhook(app, reference, 'sk_test_someone_else');
    for (const headers of [forged.headers, { 'content-type': 'application/json' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        payload: forged.payload,
        headers,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('INVALID_SIGNATURE');
    }
    await app.payments.settle();
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'UNPAID' });
    const events = await database.query('SELECT 1 FROM payment_events WHERE reference = $1', [reference]);
    expect(events).toHaveLength(0);
  });

  it('sends the customer one confirmation with the order number, items and total', async () => {
    const { order, product } = await newOrder();
    await pay(order.id);
    await confirm(order.id);
    const [email] = await database.query<{ payload: { to: string; data: Record<string, unknown> } }>(
      `SELECT payload FROM outbox WHERE payload->>'template' = 'order-paid' AND payload->'data'->>'orderNumber' = $1`,
      [order.orderNumber],
    );
    expect(email?.payload.data).toMatchObject({
      orderNumber: order.orderNumber,
      totalKobo: Math.round(order.totalAmount * 100),
      items: [
        {
          name: product.name,
          quantityHundredths: 200,
          unit: 'piece',
          packSize: null,
          packItemName: null,
          priceKobo: 250_000,
          listPriceKobo: null,
          lineTotalKobo: 500_000,
        },
      ],
    });
  });
});

describe('the expiry job', () => {
  it('verifies first: an order paid late becomes PAID, not cancelled', async () => {
    const { order, product } = await newOrder();
    await pay(order.id);
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    const round = await app.payments.expiry.runOnce();
    expect(round.paid).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
    expect(await stockOf(database, product.id)).toBe(18);
  });

  it('cancels an unpaid order past its window and releases its stock; a provider that does not answer defers it', async () => {
    const { order, product } = await newOrder();
    await startPayment(order.id);
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    const deferred = await stalled.payments.expiry.runOnce();
    expect(deferred.deferred).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
    expect(await stockOf(database, product.id)).toBe(18);
    await app.payments.expiry.runOnce();
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'UNPAID' });
    expect(await stockOf(database, product.id)).toBe(20);
    const [entry] = await database.query<{ actor: string; to_value: string }>(
      `SELECT actor, to_value FROM order_history WHERE order_id = $1 AND field = 'status'`,
      [order.id],
    );
    expect(entry).toEqual({ actor: 'system', to_value: 'CANCELLED' });
  });

  it('applies a webhook event that a stopped process kept but never applied', async () => {
    const { order } = await newOrder();
    const { reference } = await pay(order.id);
    const { payload } = await chargeSuccessWebhook(app, reference);
    await database.query(
      `INSERT INTO payment_events (dedupe_key, order_id, event, reference, payload, created_at)
       VALUES ($1, $2, 'charge.success', $3, $4::jsonb, now() - interval '5 minutes')`,
      [`charge.success:left-${reference}`, order.id, reference, payload],
    );
    await app.payments.expiry.runOnce();
    expect(await orderRow(order.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
    const [event] = await database.query<{ processed: boolean }>(
      'SELECT processed_at IS NOT NULL AS processed FROM payment_events WHERE reference = $1',
      [reference],
    );
    expect(event?.processed).toBe(true);
  });

  it('applies the other leftover events and still expires orders when one event keeps failing', async () => {
    const { order: paidLate } = await newOrder();
    const { reference } = await pay(paidLate.id);
    const { order: due, product } = await newOrder();
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [due.id]);
    const { payload } = await chargeSuccessWebhook(app, reference);
    // An event the database refuses to mark as applied: it fails every time it is tried.
    await database.query(`CREATE FUNCTION refuse_poison_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'poison event'; END $$`);
    await database.query(`CREATE TRIGGER refuse_poison_event BEFORE UPDATE ON payment_events
      FOR EACH ROW WHEN (OLD.dedupe_key = 'charge.success:poison') EXECUTE FUNCTION refuse_poison_event()`);
    try {
      await database.query(
        `INSERT INTO payment_events (dedupe_key, order_id, event, reference, payload, created_at)
         VALUES ('charge.success:poison', NULL, 'charge.success', NULL, '{}'::jsonb, now() - interval '10 minutes'),
                ($1, $2, 'charge.success', $3, $4::jsonb, now() - interval '5 minutes')`,
        [`charge.success:left2-${reference}`, paidLate.id, reference, payload],
      );
      await app.payments.expiry.runOnce();
      expect(await orderRow(paidLate.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
      expect(await orderRow(due.id)).toMatchObject({ status: 'CANCELLED' });
      expect(await stockOf(database, product.id)).toBe(20);
      const [poison] = await database.query<{ processed: boolean }>(
        `SELECT processed_at IS NOT NULL AS processed FROM payment_events WHERE dedupe_key = 'charge.success:poison'`,
      );
      expect(poison?.processed).toBe(false);
    } finally {
      await database.query(`DELETE FROM payment_events WHERE dedupe_key = 'charge.success:poison'`);
      await database.query('DROP TRIGGER refuse_poison_event ON payment_events');
      await database.query('DROP FUNCTION refuse_poison_event()');
    }
  });

  it('gives a bank transfer 24 hours by default, then cancels it without asking the provider', async () => {
    const product = await createProduct(database, { priceKobo: 100_000, stock: 5 });
    const place = async () =>
      (
        await placeOrder(app, buyer, [{ productId: product.id, quantity: 1, price: 1_000 }], {
          paymentDetails: { method: 'bankTransfer', transactionId: null },
        })
      ).json().order;
    const old = await place();
    const recent = await place();
    const hoursLeft = (Date.parse(recent.expiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [old.id]);
    expect(await stockOf(database, product.id)).toBe(3);
    // The stalled shop cannot reach the provider: a bank transfer does not need it.
    await stalled.payments.expiry.runOnce();
    expect(await orderRow(old.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'UNPAID' });
    expect(await orderRow(recent.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
    expect(await stockOf(database, product.id)).toBe(4);
    const [entry] = await database.query<{ actor: string; note: string }>(
      `SELECT actor, note FROM order_history WHERE order_id = $1 AND field = 'status'`,
      [old.id],
    );
    expect(entry).toEqual({ actor: 'system', note: 'Bank transfer not received in time. Stock returned to the shelf' });
  });

  it('reminds a bank-transfer customer once, half-way to the deadline, with the account, the amount and the deadline', async () => {
    const product = await createProduct(database, { priceKobo: 100_000, stock: 5 });
    const order = (
      await placeOrder(app, buyer, [{ productId: product.id, quantity: 1, price: 1_000 }], {
        paymentDetails: { method: 'bankTransfer', transactionId: null },
      })
    ).json().order;
    const reminders = async () =>
      database.query<{ payload: { template: string; data: Record<string, unknown> } }>(
        `SELECT payload FROM outbox WHERE payload->>'template' = 'order-payment-reminder' AND payload->'data'->>'orderNumber' = $1`,
        [order.orderNumber],
      );
    await app.payments.expiry.runOnce();
    expect(await reminders()).toHaveLength(0);
    // Half-way: placed 13 of its 24 hours ago.
    await database.query(
      `UPDATE orders SET created_at = now() - interval '13 hours', expires_at = now() + interval '11 hours' WHERE id = $1`,
      [order.id],
    );
    await app.payments.expiry.runOnce();
    await app.payments.expiry.runOnce();
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload.data).toMatchObject({
      orderNumber: order.orderNumber,
      totalKobo: order.totalAmount * 100,
      bank: testConfig().payments.bankTransfer,
    });
    expect(Date.parse(String(sent[0]?.payload.data.deadline))).toBeGreaterThan(Date.now() + 10 * 3_600_000);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
  });

  it('never reminds a card order', async () => {
    const { order } = await newOrder();
    await database.query(
      `UPDATE orders SET created_at = now() - interval '20 minutes', expires_at = now() + interval '5 minutes' WHERE id = $1`,
      [order.id],
    );
    expect((await app.payments.expiry.runOnce()).reminded).toBe(0);
  });
});

describe.skipIf(testEngine !== 'postgres')('two server processes on one database', () => {
  let two: FastifyInstance;
  beforeAll(async () => {
    two = await buildApp(testConfig({ seedDemoCatalogue: false, payments: paymentsConfig({ webhookUrl: sink.url }) }), {
      database: shop.database,
    });
  });
  afterAll(async () => {
    await two?.close();
  });

  it('mark the order paid once when confirmations and webhooks reach both, in any order', async () => {
    for (const webhookFirst of [true, false]) {
      const { order } = await newOrder();
      const { reference } = await pay(order.id);
      const calls = webhookFirst
        ? [webhook(reference, two), confirm(order.id, app), webhook(reference, app), confirm(order.id, two)]
        : [confirm(order.id, two), webhook(reference, app), confirm(order.id, app), webhook(reference, two)];
      const answers = await Promise.all(calls);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      await Promise.all([app.payments.settle(), two.payments.settle()]);
      expect(await orderRow(order.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
      expect(await paidEmails(order.orderNumber)).toBe(1);
      expect(await paymentHistory(order.id)).toHaveLength(1);
    }
  });

  it('expire each order once when both run the expiry job at the same time', async () => {
    const { order, product } = await newOrder();
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    await Promise.all([app.payments.expiry.runOnce(), two.payments.expiry.runOnce()]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELLED' });
    expect(await stockOf(database, product.id)).toBe(20);
    const entries = await database.query(`SELECT 1 FROM order_history WHERE order_id = $1 AND field = 'status'`, [
      order.id,
    ]);
    expect(entries).toHaveLength(1);
  });
});
