import { paymentConfigSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../../../test/accounts';
import { createTestApp, testConfig } from '../../../../../test/helper';
import { CARDS, createProduct, paymentsConfig, payWithCard, placeOrder, waitFor } from '../../../../../test/orders';
import { buildApp } from '../../../../app';
import { ConfigError, loadConfig } from '../../../../config';
import { TEST_GATEWAY_KEYS } from '../index';
import { TEST_TRANSFER_ACCOUNT } from './channels';

// PAYSTACK_CHANNELS and the test gateway's bank transfer and USSD (docs/payments.md "Channels"):
// the shop initializes with its channels, the gateway's window offers them, a button settles the
// payment, and the shop's own webhook route marks the order paid exactly as for a card.

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let buyer: Session;

beforeAll(async () => {
  // No webhookUrl: the gateway's charge.success goes to this shop's own webhook route.
  shop = await createTestApp({
    seedDemoCatalogue: false,
    payments: paymentsConfig({ channels: ['card', 'bank_transfer', 'ussd'] }),
  });
  app = shop.app;
  buyer = (await customer(app)).session;
});
afterAll(async () => {
  await shop?.close();
});

/** A placed card-method order whose payment the shop has started: the gateway's access code. */
async function startedOrder() {
  const product = await createProduct(shop.database, { priceKobo: 1_250_000, stock: 5 });
  const placed = await placeOrder(app, buyer, [{ productId: product.id, quantity: 1, price: 12_500 }]);
  expect(placed.statusCode).toBe(201);
  const order = placed.json().order as { id: string; orderNumber: string; totalAmount: number };
  const started = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/payment`, headers: bearer(buyer) });
  expect(started.statusCode).toBe(200);
  return { order, accessCode: started.json().accessCode as string, reference: started.json().reference as string };
}

const settle = (accessCode: string, channel: string, outcome: string) =>
  app.inject({ method: 'POST', url: '/test-gateway/checkout/channel', payload: { accessCode, channel, outcome } });

const gatewayView = async (accessCode: string) =>
  (await app.inject({ method: 'GET', url: `/test-gateway/checkout/transaction/${accessCode}` })).json().data;

const orderRow = async (id: string) =>
  (
    await shop.database.query<{ status: string; payment_status: string; transaction_id: string | null }>(
      'SELECT status, payment_status, transaction_id FROM orders WHERE id = $1',
      [id],
    )
  )[0];

const count = async (sql: string, params: unknown[]) =>
  (await shop.database.query<{ count: number }>(sql, params))[0]?.count;

const confirm = (orderId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/orders/confirm-payment',
    headers: bearer(buyer),
    payload: { orderId, transactionId: null, status: 'success' },
  });

const initialize = (body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/test-gateway/transaction/initialize',
    headers: { authorization: `Bearer ${TEST_GATEWAY_KEYS.secretKey}` },
    payload: { email: 'ada@example.com', amount: 50_000, ...body },
  });

describe('PAYSTACK_CHANNELS', () => {
  it('is card alone by default, as SPEC.md §7 says', () => {
    expect(loadConfig({}).payments.channels).toEqual(['card']);
  });

  it('takes a comma list of Paystack channels, in order, once each', () => {
    expect(loadConfig({ PAYSTACK_CHANNELS: 'card, bank_transfer,ussd,card' }).payments.channels).toEqual([
      'card',
      'bank_transfer',
      'ussd',
    ]);
    expect(loadConfig({ PAYSTACK_CHANNELS: 'USSD' }).payments.channels).toEqual(['ussd']);
  });

  it('stops the server on a name Paystack does not know, naming it and the setting', () => {
    expect(() => loadConfig({ PAYSTACK_CHANNELS: 'card,bitcoin' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYSTACK_CHANNELS: 'card,bitcoin' })).toThrow(
      /PAYSTACK_CHANNELS: unknown channel "bitcoin"/,
    );
    expect(() => loadConfig({ PAYSTACK_CHANNELS: ' , ' })).toThrow(/PAYSTACK_CHANNELS: must name at least one/);
  });

  it('are reported by GET /api/payments/config', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(paymentConfigSchema.parse(response.json()).channels).toEqual(['card', 'bank_transfer', 'ussd']);
  });

  it('reach the transaction the shop initializes: its window offers all three, with the account and the code', async () => {
    const { accessCode, order } = await startedOrder();
    const view = await gatewayView(accessCode);
    expect(view.channels).toEqual(['card', 'bank_transfer', 'ussd']);
    expect(view.bankTransfer).toEqual(TEST_TRANSFER_ACCOUNT);
    expect(view.ussdCode).toMatch(/^\*737\*000\*\d{4}#$/);
    expect(view.amount).toBe(Math.round(order.totalAmount * 100));
  });
});

describe('the test gateway’s bank transfer', () => {
  it('"I’ve sent the money" pays the transaction by bank_transfer, and the webhook marks the order paid once', async () => {
    const { order, accessCode, reference } = await startedOrder();
    const answer = await settle(accessCode, 'bank_transfer', 'success');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'success', reference, channel: 'bank_transfer' });

    const verified = await app.payments.provider.verify(reference);
    expect(verified).toMatchObject({ status: 'success', outcome: 'paid', channel: 'bank_transfer' });
    expect(verified?.amountKobo).toBe(Math.round(order.totalAmount * 100));

    // Only the webhook has told the shop so far.
    await waitFor(async () => (await orderRow(order.id))?.payment_status === 'PAID');
    expect(await orderRow(order.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
    // A second click and the browser's confirmation change nothing more.
    expect((await settle(accessCode, 'bank_transfer', 'success')).json().status).toBe('success');
    expect((await confirm(order.id)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      await count(
        `SELECT count(*)::int AS count FROM order_history WHERE order_id = $1 AND field = 'paymentStatus' AND to_value = 'PAID'`,
        [order.id],
      ),
    ).toBe(1);
    expect(
      await count(
        `SELECT count(*)::int AS count FROM outbox WHERE payload->>'template' = 'order-paid' AND payload->'data'->>'orderNumber' = $1`,
        [order.orderNumber],
      ),
    ).toBe(1);
    expect(
      await count(
        `SELECT count(*)::int AS count FROM payment_events WHERE reference = $1 AND event = 'charge.success'`,
        [reference],
      ),
    ).toBe(1);
    // The admin's payment events say how it was paid.
    const admin = await login(app, ADMIN.email, ADMIN.password);
    const detail = (await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(admin) })).json();
    expect(detail.order.paymentEvents).toEqual([
      expect.objectContaining({ event: 'charge.success', reference, channel: 'bank_transfer' }),
    ]);
  });

  it('"Transfer failed" fails the transaction and leaves the order unpaid', async () => {
    const { order, accessCode, reference } = await startedOrder();
    const answer = await settle(accessCode, 'bank_transfer', 'failed');
    expect(answer.json()).toMatchObject({ status: 'failed', message: 'Transfer failed', channel: 'bank_transfer' });
    expect(await app.payments.provider.verify(reference)).toMatchObject({
      status: 'failed',
      outcome: 'unpaid',
      channel: 'bank_transfer',
      gatewayResponse: 'Transfer failed',
    });
    const confirmed = await confirm(order.id);
    expect(confirmed.statusCode).toBe(402);
    expect(confirmed.json().message).toBe('Payment status: failed');
    expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });
  });
});

describe('the test gateway’s USSD', () => {
  it('a completed USSD payment is verified with channel ussd and marks the order paid', async () => {
    const { order, accessCode, reference } = await startedOrder();
    expect((await settle(accessCode, 'ussd', 'success')).json()).toMatchObject({ status: 'success', channel: 'ussd' });
    expect((await app.payments.provider.verify(reference))?.channel).toBe('ussd');
    const confirmed = await confirm(order.id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().order).toMatchObject({ paymentStatus: 'PAID', status: 'PROCESSING' });
  });

  it('a failed USSD payment leaves the order unpaid, and a card can still pay it afterwards', async () => {
    const { order, accessCode, reference } = await startedOrder();
    expect((await settle(accessCode, 'ussd', 'failed')).json()).toMatchObject({
      status: 'failed',
      message: 'USSD payment failed',
    });
    expect(await app.payments.provider.verify(reference)).toMatchObject({ status: 'failed', channel: 'ussd' });
    const confirmed = await confirm(order.id);
    expect(confirmed.statusCode).toBe(402);
    expect(confirmed.json().message).toBe('Payment status: failed');
    expect((await orderRow(order.id))?.payment_status).toBe('UNPAID');
    // As on Paystack, the same transaction may be tried again another way.
    expect((await payWithCard(app, accessCode, CARDS.success)).status).toBe('success');
    expect((await app.payments.provider.verify(reference))?.channel).toBe('card');
  });
});

describe('channels a transaction does not allow', () => {
  it('a card-only transaction refuses a bank transfer or USSD, and a transfer-only one refuses a card', async () => {
    const cardOnly = (await initialize({ reference: 'TS-CH-CARD', channels: ['card'] })).json().data;
    expect((await settle(cardOnly.access_code, 'bank_transfer', 'success')).statusCode).toBe(400);
    expect((await settle(cardOnly.access_code, 'ussd', 'success')).statusCode).toBe(400);
    // No channels named: card alone.
    const unnamed = (await initialize({ reference: 'TS-CH-NONE' })).json().data;
    expect((await gatewayView(unnamed.access_code)).channels).toEqual(['card']);
    expect((await settle(unnamed.access_code, 'ussd', 'success')).statusCode).toBe(400);

    const transferOnly = (await initialize({ reference: 'TS-CH-BT', channels: ['bank_transfer'] })).json().data;
    const view = await gatewayView(transferOnly.access_code);
    expect(view.channels).toEqual(['bank_transfer']);
    expect(view.ussdCode).toBeUndefined();
    expect((await payWithCard(app, transferOnly.access_code, CARDS.success)).message).toBe(
      'Card payments are not allowed for this transaction',
    );
    expect((await app.payments.provider.verify('TS-CH-BT'))?.status).toBe('abandoned');
  });

  it('initialize refuses channel names Paystack does not know, and lists with nothing it emulates', async () => {
    const unknown = await initialize({ reference: 'TS-CH-BAD', channels: ['card', 'bitcoin'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().status).toBe(false);
    expect((await initialize({ reference: 'TS-CH-QR', channels: ['qr'] })).statusCode).toBe(400);
    // Known but not emulated beside one that is: left out.
    const mixed = (await initialize({ reference: 'TS-CH-MIX', channels: ['qr', 'ussd'] })).json().data;
    expect((await gatewayView(mixed.access_code)).channels).toEqual(['ussd']);
  });

  it('a shop on the test gateway with a channel it cannot emulate does not start', async () => {
    await expect(
      buildApp(
        testConfig({
          seedDemoCatalogue: false,
          outbox: { ...testConfig().outbox, worker: false },
          payments: paymentsConfig({ channels: ['card', 'qr'] }),
        }),
        { database: shop.database },
      ),
    ).rejects.toThrow(/PAYSTACK_CHANNELS: the test gateway emulates card, bank_transfer, ussd only; qr/);
  });
});
