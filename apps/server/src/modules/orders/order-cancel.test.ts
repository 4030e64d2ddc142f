import { randomUUID } from 'node:crypto';
import { formatNaira, ORDER_ADMIN_MESSAGES, ORDER_MESSAGES, orderSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
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

// Cancelling orders, through HTTP on the real app: the customer's own cancellation, the admin's
// bulk cancel, the cancellations that closing an account causes, reopening a cancelled order,
// and (on PostgreSQL) the races between them and payments or other customers.

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let database: Database;
/** The same shop whose payment provider never answers (PAYSTACK_API_URL at a server that hangs). */
let stalled: FastifyInstance;
let sink: Awaited<ReturnType<typeof startSink>>;
let hanging: Awaited<ReturnType<typeof startHangingServer>>;
let admin: Session;

beforeAll(async () => {
  // The test gateway's own webhooks go to a sink: each test sends the webhooks it wants itself.
  sink = await startSink();
  hanging = await startHangingServer();
  shop = await createTestApp({ seedDemoCatalogue: false, payments: paymentsConfig({ webhookUrl: sink.url }) });
  ({ app, database } = shop);
  stalled = await stalledShop(database, hanging.url, { webhookUrl: sink.url });
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await stalled?.close();
  await shop?.close();
  await hanging?.close();
  await sink?.close();
});

// ---------- Helpers ----------

type Method = 'card' | 'bankTransfer';
type Product = Awaited<ReturnType<typeof createProduct>>;

/** A new customer, logged in (a customer's cancellations are rate limited: each test has its own). */
async function shopper(firstName = 'Ada') {
  const account = await customer(app, { firstName });
  return { id: account.id, email: account.email, session: account.session };
}

/** Places an order of `lines` (product, quantity) and returns it as the API answered. */
async function order(session: Session, lines: [Product, number][], { method = 'card' as Method, on = app } = {}) {
  const response = await placeOrder(
    on,
    session,
    lines.map(([product, quantity]) => ({ productId: product.id, quantity, price: product.priceKobo / 100 })),
    { paymentDetails: { method, transactionId: null } },
  );
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json().order);
}

const cancel = (idOrNumber: string, session: Session, on = app) =>
  on.inject({ method: 'POST', url: `/api/orders/${idOrNumber}/cancel`, headers: bearer(session) });

const setStatus = (id: string, status: string, { note, on = app }: { note?: string; on?: FastifyInstance } = {}) =>
  on.inject({
    method: 'PATCH',
    url: `/api/orders/${id}/status`,
    headers: bearer(admin),
    payload: note ? { status, note } : { status },
  });

const bulkCancel = (orderIds: string[], { session = admin, note, on = app }: BulkOptions = {}) =>
  on.inject({
    method: 'POST',
    url: '/api/orders/admin/cancel',
    headers: bearer(session),
    payload: note ? { orderIds, note } : { orderIds },
  });
type BulkOptions = { session?: Session; note?: string; on?: FastifyInstance };

const startPayment = (orderId: string, session: Session, on = app) =>
  on.inject({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers: bearer(session) });

/** The customer pays the card order in the test gateway's window; nothing tells the shop. Returns the reference. */
async function payAtProvider(orderId: string, session: Session) {
  const started = await startPayment(orderId, session);
  expect(started.statusCode, started.body).toBe(200);
  const { reference, accessCode } = started.json();
  expect((await payWithCard(app, accessCode, CARDS.success)).status).toBe('success');
  return reference as string;
}

/** A card order paid and confirmed by the customer's return from the payment window. */
async function payCard(orderId: string, session: Session) {
  const reference = await payAtProvider(orderId, session);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/orders/confirm-payment',
    headers: bearer(session),
    payload: { orderId, transactionId: null, status: 'success' },
  });
  expect(confirmed.json().order.paymentStatus).toBe('PAID');
  return reference;
}

/** The admin confirms the bank transfer of the order's total. */
async function confirmTransfer(orderId: string, totalAmount: number) {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}/confirm-transfer`,
    headers: bearer(admin),
    payload: { amountReceived: totalAmount, note: '' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The provider's signed charge.success for a reference, sent to the shop's webhook. */
async function sendWebhook(hook: Awaited<ReturnType<typeof chargeSuccessWebhook>>, on = app) {
  return on.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    payload: hook.payload,
    headers: hook.headers,
  });
}

const orderRow = async (id: string) =>
  (
    await database.query<{
      status: string;
      payment_status: string;
      user_id: string | null;
      released: boolean;
      expires_at: Date | null;
    }>(
      `SELECT status, payment_status, user_id, stock_released_at IS NOT NULL AS released, expires_at
         FROM orders WHERE id = $1`,
      [id],
    )
  )[0];

type HistoryRow = {
  field: string;
  from_value: string | null;
  to_value: string | null;
  actor: string;
  note: string | null;
};
const history = (id: string, field?: string) =>
  database.query<HistoryRow>(
    `SELECT field, from_value, to_value, actor, note FROM order_history
      WHERE order_id = $1 AND ($2::text IS NULL OR field = $2) ORDER BY created_at, id`,
    [id, field ?? null],
  );

type QueuedEmail = { to: string; template: string; data: Record<string, unknown> };
/** What the outbox holds for the order under `template`, oldest first. */
const emails = async (orderNumber: string, template = 'order-status-changed') =>
  (
    await database.query<{ payload: QueuedEmail }>(
      `SELECT payload FROM outbox WHERE payload->>'template' = $1 AND payload->'data'->>'orderNumber' = $2
        ORDER BY created_at, id`,
      [template, orderNumber],
    )
  ).map((row) => row.payload);

const ADMIN_ACTOR = `admin:${ADMIN.email}`;

// ---------- 1. The customer cancels ----------

describe('a customer cancelling their own order (POST /api/orders/:id/cancel)', () => {
  it.each<Method>(['bankTransfer', 'card'])(
    'cancels an unpaid %s order: stock back once, history, email; a second cancel is 409',
    async (method) => {
      const buyer = await shopper('Halima');
      const lace = await createProduct(database, { priceKobo: 250_000, stock: 20 });
      const placed = await order(buyer.session, [[lace, 3]], { method });
      expect(await stockOf(database, lace.id)).toBe(17);
      // A card customer opened the payment window and closed it: the provider is asked and says unpaid.
      if (method === 'card') expect((await startPayment(placed.id, buyer.session)).statusCode).toBe(200);

      const response = await cancel(placed.id, buyer.session);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe(ORDER_MESSAGES.orderCancelled);
      const cancelled = orderSchema.parse(response.json().order);
      expect(cancelled).toMatchObject({ id: placed.id, status: 'CANCELLED', paymentStatus: 'UNPAID', expiresAt: null });
      expect(await orderRow(placed.id)).toMatchObject({
        status: 'CANCELLED',
        payment_status: 'UNPAID',
        released: true,
      });
      expect(await stockOf(database, lace.id)).toBe(20);

      const statusRows = await history(placed.id, 'status');
      expect(statusRows).toEqual([
        expect.objectContaining({ from_value: 'PENDING', to_value: 'CANCELLED', actor: 'customer' }),
      ]);
      expect(statusRows[0]?.note).toContain('Cancelled by the customer');
      // The customer sees it in their own order's history.
      expect(cancelled.history).toContainEqual(
        expect.objectContaining({
          field: 'status',
          to: 'CANCELLED',
          actor: 'customer',
          note: expect.stringContaining('Cancelled by the customer'),
        }),
      );

      const queued = await emails(placed.orderNumber);
      expect(queued).toEqual([
        {
          to: buyer.email,
          template: 'order-status-changed',
          data: expect.objectContaining({
            orderNumber: placed.orderNumber,
            from: 'PENDING',
            to: 'CANCELLED',
            reason: 'customer',
          }),
        },
      ]);
      expect(queued[0]?.data.refundedKobo).toBeUndefined();

      // A second cancel (a double click, another tab) is refused and changes nothing.
      const again = await cancel(placed.id, buyer.session);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'ORDER_NOT_CANCELLABLE', message: ORDER_MESSAGES.notCancellable });
      expect(await stockOf(database, lace.id)).toBe(20);
      expect(await history(placed.id, 'status')).toHaveLength(1);
      expect(await emails(placed.orderNumber)).toHaveLength(1);
    },
  );

  it('takes the order number as well as the id', async () => {
    const buyer = await shopper();
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 5 });
    const placed = await order(buyer.session, [[lace, 2]], { method: 'bankTransfer' });
    const response = await cancel(placed.orderNumber.toLowerCase(), buyer.session);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order).toMatchObject({ id: placed.id, status: 'CANCELLED' });
    expect(await stockOf(database, lace.id)).toBe(5);
  });

  it('answers 404 to another customer, to an admin on someone else’s order and for an unknown order; 401 without a session', async () => {
    const owner = await shopper();
    const other = await shopper('Tunde');
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 5 });
    const placed = await order(owner.session, [[lace, 2]], { method: 'bankTransfer' });
    const notFound = { code: 'NOT_FOUND', message: ORDER_MESSAGES.orderNotFound };

    for (const idOrNumber of [placed.id, placed.orderNumber]) {
      const byOther = await cancel(idOrNumber, other.session);
      expect(byOther.statusCode).toBe(404);
      expect(byOther.json()).toMatchObject(notFound);
      // An admin cancels through the status change and its refund rules, not the customer's route.
      const byAdmin = await cancel(idOrNumber, admin);
      expect(byAdmin.statusCode).toBe(404);
      expect(byAdmin.json()).toMatchObject(notFound);
    }
    const unknown = await cancel(randomUUID(), owner.session);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject(notFound);
    const anonymous = await app.inject({ method: 'POST', url: `/api/orders/${placed.id}/cancel` });
    expect(anonymous.statusCode).toBe(401);

    expect(await orderRow(placed.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID', released: false });
    expect(await stockOf(database, lace.id)).toBe(3);
    expect(await history(placed.id)).toEqual([]);
    expect(await emails(placed.orderNumber)).toEqual([]);
  });

  it('refuses with 409 ORDER_NOT_CANCELLABLE a paid order, an unpaid order an admin moved on, and an expired one', async () => {
    const buyer = await shopper();
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 20 });
    const transfer = await order(buyer.session, [[lace, 2]], { method: 'bankTransfer' });
    await confirmTransfer(transfer.id, transfer.totalAmount);
    const card = await order(buyer.session, [[lace, 2]]);
    await payCard(card.id, buyer.session);
    const moved = await order(buyer.session, [[lace, 2]], { method: 'bankTransfer' });
    expect((await setStatus(moved.id, 'PROCESSING')).statusCode).toBe(200);
    const expired = await order(buyer.session, [[lace, 2]]);
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.id]);
    await app.payments.expiry.runOnce();
    expect(await orderRow(expired.id)).toMatchObject({ status: 'CANCELLED' });
    expect(await stockOf(database, lace.id)).toBe(14);

    for (const [refused, status, paymentStatus] of [
      [transfer, 'PROCESSING', 'PAID'],
      [card, 'PROCESSING', 'PAID'],
      [moved, 'PROCESSING', 'UNPAID'],
      [expired, 'CANCELLED', 'UNPAID'],
    ] as const) {
      const before = await history(refused.id);
      const response = await cancel(refused.id, buyer.session);
      expect(response.statusCode, refused.orderNumber).toBe(409);
      expect(response.json()).toEqual({ code: 'ORDER_NOT_CANCELLABLE', message: ORDER_MESSAGES.notCancellable });
      expect(await orderRow(refused.id)).toMatchObject({ status, payment_status: paymentStatus });
      expect(await history(refused.id)).toEqual(before);
    }
    expect(await stockOf(database, lace.id)).toBe(14);
  });

  it('answers 409 ALREADY_PAID for a card order paid at the provider but not yet confirmed, and records the payment', async () => {
    const buyer = await shopper();
    const lace = await createProduct(database, { priceKobo: 250_000, stock: 10 });
    const placed = await order(buyer.session, [[lace, 2]]);
    // Paid in the provider's window; the browser never came back and no webhook has arrived.
    const reference = await payAtProvider(placed.id, buyer.session);
    expect(await orderRow(placed.id)).toMatchObject({ status: 'PENDING', payment_status: 'UNPAID' });

    const response = await cancel(placed.id, buyer.session);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ code: 'ALREADY_PAID', message: ORDER_MESSAGES.alreadyPaid });
    expect(await orderRow(placed.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID', released: false });
    expect(await stockOf(database, lace.id)).toBe(8);
    expect(await history(placed.id, 'status')).toEqual([]);
    expect(await history(placed.id, 'paymentStatus')).toEqual([
      expect.objectContaining({
        from_value: 'UNPAID',
        to_value: 'PAID',
        actor: 'customer',
        note: `Reference ${reference}. Status PENDING → PROCESSING`,
      }),
    ]);
    expect(await emails(placed.orderNumber, 'order-paid')).toHaveLength(1);
    expect(await emails(placed.orderNumber)).toEqual([]);
    // The webhook that follows changes nothing more.
    expect((await sendWebhook(await chargeSuccessWebhook(app, reference))).statusCode).toBe(200);
    await app.payments.settle();
    expect(await history(placed.id, 'paymentStatus')).toHaveLength(1);
    expect(await stockOf(database, lace.id)).toBe(8);
  });

  it('records a payment that lands after the cancellation on the cancelled order without taking its stock again; the admin then refunds it', async () => {
    const buyer = await shopper();
    const lace = await createProduct(database, { priceKobo: 250_000, stock: 10 });
    const placed = await order(buyer.session, [[lace, 2]]);
    const started = (await startPayment(placed.id, buyer.session)).json();
    expect((await cancel(placed.id, buyer.session)).statusCode).toBe(200);
    expect(await stockOf(database, lace.id)).toBe(10);

    // The payment window was still open in another tab: the customer pays, the webhook arrives.
    expect((await payWithCard(app, started.accessCode)).status).toBe('success');
    expect((await sendWebhook(await chargeSuccessWebhook(app, started.reference))).statusCode).toBe(200);
    await app.payments.settle();
    expect(await orderRow(placed.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'PAID', released: true });
    expect(await stockOf(database, lace.id)).toBe(10);
    const [paid] = await history(placed.id, 'paymentStatus');
    expect(paid).toMatchObject({ from_value: 'UNPAID', to_value: 'PAID', actor: 'provider' });
    expect(paid?.note).toContain('Paid after the order was cancelled');

    // Cancelled but paid: the bulk cancel refunds it, and does not release the stock again.
    const bulk = await bulkCancel([placed.id]);
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().results).toEqual([
      { id: placed.id, orderNumber: placed.orderNumber, outcome: 'cancelled', message: null },
    ]);
    expect(await orderRow(placed.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'REFUNDED' });
    expect((await app.payments.provider.verify(started.reference))?.status).toBe('reversed');
    expect(await stockOf(database, lace.id)).toBe(10);
    expect(await history(placed.id, 'status')).toHaveLength(1);
    const mails = await emails(placed.orderNumber);
    expect(mails.map((mail) => [mail.data.to, mail.data.refundedKobo])).toEqual([
      ['CANCELLED', undefined],
      ['CANCELLED', Math.round(placed.totalAmount * 100)],
    ]);
  });
});

// ---------- 2. The admin's bulk cancel ----------

describe('the admin’s bulk cancel (POST /api/orders/admin/cancel)', () => {
  it('cancels each order once: unpaid cancelled, already cancelled unchanged, paid card refunded, unknown failed', async () => {
    const buyer = await shopper('Ngozi');
    const lace = await createProduct(database, { priceKobo: 200_000, stock: 20 });
    const unpaid = await order(buyer.session, [[lace, 2]], { method: 'bankTransfer' });
    const alreadyCancelled = await order(buyer.session, [[lace, 3]]);
    expect((await cancel(alreadyCancelled.id, buyer.session)).statusCode).toBe(200);
    const paid = await order(buyer.session, [[lace, 4]]);
    const reference = await payCard(paid.id, buyer.session);
    const unknown = randomUUID();
    expect(await stockOf(database, lace.id)).toBe(14);

    const response = await bulkCancel([unpaid.id, alreadyCancelled.id, paid.orderNumber, unknown, unpaid.id], {
      note: 'Customer asked by phone',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: ORDER_ADMIN_MESSAGES.bulkCancelled(2, 2),
      results: [
        { id: unpaid.id, orderNumber: unpaid.orderNumber, outcome: 'cancelled', message: null },
        { id: alreadyCancelled.id, orderNumber: alreadyCancelled.orderNumber, outcome: 'unchanged', message: null },
        { id: paid.id, orderNumber: paid.orderNumber, outcome: 'cancelled', message: null },
        { id: unknown, orderNumber: null, outcome: 'failed', message: ORDER_MESSAGES.orderNotFound },
      ],
    });
    // Released once each: 2 and 4 back, the already cancelled order's 3 not a second time.
    expect(await stockOf(database, lace.id)).toBe(20);
    expect(await orderRow(unpaid.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'UNPAID' });
    expect(await orderRow(alreadyCancelled.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'UNPAID' });
    expect(await orderRow(paid.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'REFUNDED' });
    expect((await app.payments.provider.verify(reference))?.status).toBe('reversed');

    expect(await history(paid.id, 'paymentStatus')).toContainEqual(
      expect.objectContaining({
        from_value: 'PAID',
        to_value: 'REFUNDED',
        actor: ADMIN_ACTOR,
        note: ORDER_ADMIN_MESSAGES.refunded(formatNaira(paid.totalAmount)),
      }),
    );
    for (const cancelled of [unpaid, paid]) {
      const [row] = await history(cancelled.id, 'status');
      expect(row).toMatchObject({ from_value: cancelled === paid ? 'PROCESSING' : 'PENDING', to_value: 'CANCELLED' });
      expect(row).toMatchObject({ actor: ADMIN_ACTOR, note: expect.stringContaining('Customer asked by phone') });
    }
    expect(await history(alreadyCancelled.id, 'status')).toHaveLength(1);
    expect((await emails(paid.orderNumber)).map((mail) => [mail.data.reason, mail.data.refundedKobo])).toEqual([
      ['admin', Math.round(paid.totalAmount * 100)],
    ]);
    expect((await emails(unpaid.orderNumber)).map((mail) => mail.data.reason)).toEqual(['admin']);
    expect(await emails(alreadyCancelled.orderNumber)).toHaveLength(1);

    // The same again: every order left as it is, no second refund, no stock.
    const again = await bulkCancel([unpaid.id, alreadyCancelled.id, paid.id]);
    expect(again.json()).toEqual({
      message: ORDER_ADMIN_MESSAGES.bulkCancelled(0, 3),
      results: [unpaid, alreadyCancelled, paid].map((o) => ({
        id: o.id,
        orderNumber: o.orderNumber,
        outcome: 'unchanged',
        message: null,
      })),
    });
    expect(await stockOf(database, lace.id)).toBe(20);
    expect(await history(paid.id, 'paymentStatus')).toHaveLength(2);
  });

  it('reports a refund the provider cannot make as failed, leaves that order as it was and cancels the others', async () => {
    const buyer = await shopper();
    const lace = await createProduct(database, { priceKobo: 200_000, stock: 10 });
    const paid = await order(buyer.session, [[lace, 2]]);
    await payCard(paid.id, buyer.session);
    const unpaid = await order(buyer.session, [[lace, 3]]);
    expect(await stockOf(database, lace.id)).toBe(5);

    const response = await bulkCancel([paid.id, unpaid.id], { on: stalled });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: ORDER_ADMIN_MESSAGES.bulkCancelled(1, 1),
      results: [
        { id: paid.id, orderNumber: paid.orderNumber, outcome: 'failed', message: ORDER_MESSAGES.providerUnavailable },
        { id: unpaid.id, orderNumber: unpaid.orderNumber, outcome: 'cancelled', message: null },
      ],
    });
    expect(await orderRow(paid.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID', released: false });
    expect(await orderRow(unpaid.id)).toMatchObject({ status: 'CANCELLED', released: true });
    expect(await stockOf(database, lace.id)).toBe(8);
  });

  it('cancels a paid bank-transfer order once (the shop refunds a transfer by hand) and then reports it unchanged', async () => {
    const buyer = await shopper();
    const lace = await createProduct(database, { priceKobo: 200_000, stock: 10 });
    const paid = await order(buyer.session, [[lace, 2]], { method: 'bankTransfer' });
    await confirmTransfer(paid.id, paid.totalAmount);

    const first = await bulkCancel([paid.id]);
    expect(first.json().results).toEqual([
      { id: paid.id, orderNumber: paid.orderNumber, outcome: 'cancelled', message: null },
    ]);
    expect(await orderRow(paid.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'PAID', released: true });
    expect(await stockOf(database, lace.id)).toBe(10);

    const second = await bulkCancel([paid.id]);
    expect(second.json()).toEqual({
      message: ORDER_ADMIN_MESSAGES.bulkCancelled(0, 1),
      results: [{ id: paid.id, orderNumber: paid.orderNumber, outcome: 'unchanged', message: null }],
    });
    expect(await stockOf(database, lace.id)).toBe(10);
    expect(await history(paid.id, 'status')).toHaveLength(1);
    expect(await emails(paid.orderNumber)).toHaveLength(1);
  });

  it('is for admins only (403 for a customer, 401 without a session) and takes 1 to 100 ids', async () => {
    const buyer = await shopper();
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 5 });
    const placed = await order(buyer.session, [[lace, 2]]);

    const byCustomer = await bulkCancel([placed.id], { session: buyer.session });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().code).toBe('FORBIDDEN');
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/orders/admin/cancel',
      payload: { orderIds: [placed.id] },
    });
    expect(anonymous.statusCode).toBe(401);

    const tooMany = await bulkCancel([placed.id, ...Array.from({ length: 100 }, () => randomUUID())]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'INVALID_INPUT',
      message: ORDER_ADMIN_MESSAGES.bulkCancelTooMany,
      errors: { orderIds: ORDER_ADMIN_MESSAGES.bulkCancelTooMany },
    });
    const none = await bulkCancel([]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'INVALID_INPUT', message: ORDER_ADMIN_MESSAGES.bulkCancelNoneSelected });
    expect(await orderRow(placed.id)).toMatchObject({ status: 'PENDING', released: false });
    expect(await stockOf(database, lace.id)).toBe(3);

    // A hundred is allowed.
    const hundred = await bulkCancel([placed.id, ...Array.from({ length: 99 }, () => randomUUID())]);
    expect(hundred.statusCode, hundred.body).toBe(200);
    expect(hundred.json().message).toBe(ORDER_ADMIN_MESSAGES.bulkCancelled(1, 99));
    expect(await stockOf(database, lace.id)).toBe(5);
  });
});

// ---------- 3. Closing a customer's account ----------

describe('closing a customer’s account', () => {
  const asAdmin = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: bearer(admin) });

  /** A customer with two unpaid pending orders, one paid order, and one unpaid order an admin moved on. */
  async function customerWithOrders() {
    const buyer = await shopper('Chidi');
    const lace = await createProduct(database, { priceKobo: 150_000, stock: 10 });
    const ribbon = await createProduct(database, { priceKobo: 150_000, stock: 10 });
    const unpaidCard = await order(buyer.session, [[lace, 2]]);
    const unpaidTransfer = await order(
      buyer.session,
      [
        [lace, 1],
        [ribbon, 3],
      ],
      { method: 'bankTransfer' },
    );
    const paid = await order(buyer.session, [[ribbon, 2]], { method: 'bankTransfer' });
    await confirmTransfer(paid.id, paid.totalAmount);
    const moved = await order(buyer.session, [[lace, 1]], { method: 'bankTransfer' });
    expect((await setStatus(moved.id, 'SHIPPED')).statusCode).toBe(200);
    expect(await stockOf(database, lace.id)).toBe(6);
    expect(await stockOf(database, ribbon.id)).toBe(5);
    return { buyer, lace, ribbon, unpaid: [unpaidCard, unpaidTransfer], kept: [paid, moved], paid, moved };
  }

  async function expectCancelledForClosedAccount(cancelled: { id: string; orderNumber: string }[], email: string) {
    for (const closed of cancelled) {
      expect(await orderRow(closed.id)).toMatchObject({
        status: 'CANCELLED',
        payment_status: 'UNPAID',
        released: true,
      });
      const rows = await history(closed.id, 'status');
      expect(rows).toEqual([
        expect.objectContaining({ from_value: 'PENDING', to_value: 'CANCELLED', actor: ADMIN_ACTOR }),
      ]);
      expect(rows[0]?.note).toContain('The customer’s account was closed');
      expect(await emails(closed.orderNumber)).toEqual([
        {
          to: email,
          template: 'order-status-changed',
          data: expect.objectContaining({ orderNumber: closed.orderNumber, to: 'CANCELLED', reason: 'account-closed' }),
        },
      ]);
    }
  }

  it('disabling cancels their pending unpaid orders and returns the stock, leaving the others alone', async () => {
    const { buyer, lace, ribbon, unpaid, paid, moved } = await customerWithOrders();
    const historyBefore = { paid: await history(paid.id), moved: await history(moved.id) };

    const response = await asAdmin('PUT', `/api/users/${buyer.id}`, { active: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: buyer.id, active: false });

    await expectCancelledForClosedAccount(unpaid, buyer.email);
    expect(await stockOf(database, lace.id)).toBe(9);
    expect(await stockOf(database, ribbon.id)).toBe(8);
    expect(await orderRow(paid.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID', released: false });
    expect(await orderRow(moved.id)).toMatchObject({ status: 'SHIPPED', payment_status: 'UNPAID', released: false });
    expect(await history(paid.id)).toEqual(historyBefore.paid);
    expect(await history(moved.id)).toEqual(historyBefore.moved);
    expect((await emails(paid.orderNumber)).filter((mail) => mail.data.reason === 'account-closed')).toEqual([]);

    // The account's session is over.
    expect((await cancel(paid.id, buyer.session)).statusCode).toBe(401);
    // Disabling again, or enabling, cancels or restores nothing.
    expect((await asAdmin('PUT', `/api/users/${buyer.id}`, { active: false })).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/users/${buyer.id}`, { active: true })).statusCode).toBe(200);
    await expectCancelledForClosedAccount(unpaid, buyer.email);
    expect(await stockOf(database, lace.id)).toBe(9);
    expect(await stockOf(database, ribbon.id)).toBe(8);
  });

  it('deleting cancels them likewise, and keeps every order with no user', async () => {
    const { buyer, lace, ribbon, unpaid, kept, paid, moved } = await customerWithOrders();

    const response = await asAdmin('DELETE', `/api/users/${buyer.id}`);
    expect(response.statusCode, response.body).toBe(200);

    await expectCancelledForClosedAccount(unpaid, buyer.email);
    for (const placed of [...unpaid, ...kept]) expect(await orderRow(placed.id)).toMatchObject({ user_id: null });
    expect(await orderRow(paid.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID', released: false });
    expect(await orderRow(moved.id)).toMatchObject({ status: 'SHIPPED', released: false });
    expect(await stockOf(database, lace.id)).toBe(9);
    expect(await stockOf(database, ribbon.id)).toBe(8);
    // The admin still reads them, with the customer's name and email as they were.
    const detail = await app.inject({ method: 'GET', url: `/api/orders/${unpaid[0]?.id}`, headers: bearer(admin) });
    expect(detail.json().order).toMatchObject({ status: 'CANCELLED', user: { id: null, email: buyer.email } });
  });
});

// ---------- 4. Reopening a cancelled order ----------

describe('reopening a cancelled order (PATCH /api/orders/:id/status)', () => {
  it('takes its stock again when it moves back to PENDING', async () => {
    const buyer = await shopper();
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 20 });
    const placed = await order(buyer.session, [[lace, 2]]);
    expect((await cancel(placed.id, buyer.session)).statusCode).toBe(200);
    expect(await stockOf(database, lace.id)).toBe(20);

    const reopened = await setStatus(placed.id, 'PENDING');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ message: ORDER_MESSAGES.statusUpdated, order: { status: 'PENDING' } });
    expect(await stockOf(database, lace.id)).toBe(18);
    expect(await orderRow(placed.id)).toMatchObject({ status: 'PENDING', released: false });
    expect((await history(placed.id, 'status')).at(-1)).toMatchObject({
      from_value: 'CANCELLED',
      to_value: 'PENDING',
      actor: ADMIN_ACTOR,
      note: 'Its stock was taken from the shelf again',
    });
  });

  it('is refused with 409 OUT_OF_STOCK when another order took the stock meanwhile, and changes nothing', async () => {
    const first = await shopper();
    const second = await shopper('Bisi');
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 5, name: 'Gold Swiss lace' });
    const placed = await order(first.session, [[lace, 3]]);
    expect((await cancel(placed.id, first.session)).statusCode).toBe(200);
    const other = await order(second.session, [[lace, 4]]);
    expect(await stockOf(database, lace.id)).toBe(1);
    const historyBefore = await history(placed.id);
    const emailsBefore = await emails(placed.orderNumber);

    const refused = await setStatus(placed.id, 'PENDING', { note: 'Customer called back' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'OUT_OF_STOCK',
      message: ORDER_ADMIN_MESSAGES.reopenOutOfStock('1', 'Gold Swiss lace'),
      productId: lace.id,
      available: 1,
    });
    expect(await orderRow(placed.id)).toMatchObject({ status: 'CANCELLED', released: true });
    expect(await stockOf(database, lace.id)).toBe(1);
    expect(await history(placed.id)).toEqual(historyBefore);
    expect(await emails(placed.orderNumber)).toEqual(emailsBefore);
    // Any status but CANCELLED takes the stock: SHIPPED is refused the same way.
    expect((await setStatus(placed.id, 'SHIPPED')).statusCode).toBe(409);
    expect(await orderRow(placed.id)).toMatchObject({ status: 'CANCELLED', released: true });

    // Once the other order gives its stock back, the reopen goes through.
    expect((await cancel(other.id, second.session)).statusCode).toBe(200);
    expect((await setStatus(placed.id, 'PENDING')).statusCode).toBe(200);
    expect(await stockOf(database, lace.id)).toBe(2);
  });

  it('takes none of an order’s lines when one of them is short', async () => {
    const buyer = await shopper();
    const other = await shopper('Emeka');
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 10, name: 'Aso-oke lace' });
    const thread = await createProduct(database, { priceKobo: 100_000, stock: 3, name: 'Silk thread' });
    const placed = await order(buyer.session, [
      [lace, 2],
      [thread, 2],
    ]);
    expect((await setStatus(placed.id, 'CANCELLED')).statusCode).toBe(200);
    await order(other.session, [[thread, 2]]);
    expect(await stockOf(database, lace.id)).toBe(10);
    expect(await stockOf(database, thread.id)).toBe(1);

    const refused = await setStatus(placed.id, 'PROCESSING');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: ORDER_ADMIN_MESSAGES.reopenOutOfStock('1', 'Silk thread'),
      productId: thread.id,
    });
    expect(await stockOf(database, lace.id)).toBe(10);
    expect(await stockOf(database, thread.id)).toBe(1);
    expect(await orderRow(placed.id)).toMatchObject({ status: 'CANCELLED', released: true });
  });

  it('keeps the stock consistent through CANCELLED → PENDING → PROCESSING → CANCELLED → CANCELLED → SHIPPED', async () => {
    const buyer = await shopper();
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 20 });
    const placed = await order(buyer.session, [[lace, 3]]);
    expect(await stockOf(database, lace.id)).toBe(17);

    const steps: [string, number][] = [
      ['CANCELLED', 20],
      ['PENDING', 17],
      ['PROCESSING', 17],
      ['CANCELLED', 20],
      ['CANCELLED', 20],
      ['SHIPPED', 17],
    ];
    for (const [status, stock] of steps) {
      const response = await setStatus(placed.id, status);
      expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
      expect(response.json().order.status).toBe(status);
      expect(await stockOf(database, lace.id), `stock after ${status}`).toBe(stock);
      expect((await orderRow(placed.id))?.released, `released after ${status}`).toBe(status === 'CANCELLED');
    }
    const rows = await history(placed.id, 'status');
    // The second CANCELLED was the status the order had: no row, no effect.
    expect(rows.map((row) => [row.from_value, row.to_value, row.note])).toEqual([
      ['PENDING', 'CANCELLED', 'Stock returned to the shelf'],
      ['CANCELLED', 'PENDING', 'Its stock was taken from the shelf again'],
      ['PENDING', 'PROCESSING', null],
      ['PROCESSING', 'CANCELLED', 'Stock returned to the shelf'],
      ['CANCELLED', 'SHIPPED', 'Its stock was taken from the shelf again'],
    ]);
    expect((await emails(placed.orderNumber)).map((mail) => mail.data.to)).toEqual([
      'CANCELLED',
      'PENDING',
      'PROCESSING',
      'CANCELLED',
      'SHIPPED',
    ]);
  });
});

// ---------- 5. Races, on PostgreSQL ----------

describe.skipIf(testEngine !== 'postgres')('races between two server processes on one database', () => {
  let two: FastifyInstance;
  beforeAll(async () => {
    two = await buildApp(testConfig({ seedDemoCatalogue: false, payments: paymentsConfig({ webhookUrl: sink.url }) }), {
      database,
    });
  });
  afterAll(async () => {
    await two?.close();
  });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('a customer cancelling while the webhook marks the order paid: every order ends one way, whole', async () => {
    const start = 30;
    const lace = await createProduct(database, { priceKobo: 150_000, stock: start });
    const buyers = [];
    for (let i = 0; i < 5; i++) buyers.push(await shopper(`Racer${'ABCDE'[i]}`));
    const racing = [];
    for (let i = 0; i < 10; i++) {
      const buyer = buyers[i % buyers.length] as (typeof buyers)[number];
      const placed = await order(buyer.session, [[lace, 2]]);
      const reference = await payAtProvider(placed.id, buyer.session);
      const hook = await chargeSuccessWebhook(app, reference);
      // The provider answers "not paid" when the cancel asks, as it does the moment before a
      // charge completes: the cancel and the webhook then meet at the order's row lock.
      await database.query(`UPDATE test_gateway_transactions SET status = 'abandoned' WHERE reference = $1`, [
        reference,
      ]);
      racing.push({ placed, buyer, hook });
    }
    expect(await stockOf(database, lace.id)).toBe(start - 20);

    // Two pairs at a time, one each way between the processes; the webhook leaves 0 to 72 ms
    // after the cancel, across the time a cancel takes, so either may reach the order first.
    type Answer = Awaited<ReturnType<typeof cancel>>;
    const answers: { cancelled: Answer; hooked: Answer }[] = [];
    for (let batch = 0; batch < racing.length; batch += 2) {
      const pairs = racing.slice(batch, batch + 2).map(async ({ placed, buyer, hook }, j) => {
        const i = batch + j;
        const [cancelOn, hookOn] = i % 2 === 0 ? [app, two] : [two, app];
        const [cancelled, hooked] = await Promise.all([
          cancel(placed.id, buyer.session, cancelOn),
          pause(i * 8).then(() => sendWebhook(hook, hookOn)),
        ]);
        return { cancelled, hooked };
      });
      answers.push(...(await Promise.all(pairs)));
    }
    await Promise.all([app.payments.settle(), two.payments.settle()]);

    let held = 0;
    for (const [i, { cancelled, hooked }] of answers.entries()) {
      const { placed } = racing[i] as (typeof racing)[number];
      expect(hooked.statusCode).toBe(200);
      const row = await orderRow(placed.id);
      const statusRows = await history(placed.id, 'status');
      const paymentRows = await history(placed.id, 'paymentStatus');
      // The payment is recorded once whichever way it went, with one receipt.
      expect(paymentRows, placed.orderNumber).toHaveLength(1);
      expect(paymentRows[0]).toMatchObject({ from_value: 'UNPAID', to_value: 'PAID', actor: 'provider' });
      expect(await emails(placed.orderNumber, 'order-paid')).toHaveLength(1);
      if (cancelled.statusCode === 200) {
        expect(row, placed.orderNumber).toMatchObject({ status: 'CANCELLED', payment_status: 'PAID', released: true });
        expect(statusRows).toEqual([
          expect.objectContaining({ from_value: 'PENDING', to_value: 'CANCELLED', actor: 'customer' }),
        ]);
        expect(paymentRows[0]?.note).toContain('Paid after the order was cancelled');
        expect((await emails(placed.orderNumber)).map((mail) => mail.data.reason)).toEqual(['customer']);
      } else {
        expect(cancelled.statusCode, cancelled.body).toBe(409);
        expect(['ALREADY_PAID', 'ORDER_NOT_CANCELLABLE']).toContain(cancelled.json().code);
        expect(row, placed.orderNumber).toMatchObject({
          status: 'PROCESSING',
          payment_status: 'PAID',
          released: false,
        });
        expect(statusRows).toEqual([]);
        expect(paymentRows[0]?.note).not.toContain('cancelled');
        expect(await emails(placed.orderNumber)).toEqual([]);
        held += 2;
      }
    }
    expect(await stockOf(database, lace.id)).toBe(start - held);
  });

  it('an admin cancelling while a card payment lands: the payment is refunded, never CANCELLED and PAID', async () => {
    const buyer = await shopper('Chioma');
    const lace = await createProduct(database, { priceKobo: 120_000, stock: 5, name: 'Landing lace' });
    const placed = await order(buyer.session, [[lace, 2]]);
    const reference = await payAtProvider(placed.id, buyer.session);
    const hook = await chargeSuccessWebhook(app, reference);

    const waitingForLocks = async (count: number) => {
      for (let i = 0; ; i++) {
        const [waiting] = await database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database OR l.database IS NULL
            WHERE NOT l.granted AND d.datname = current_database()`,
        );
        if ((waiting?.n ?? 0) >= count) return;
        if (i > 300) throw new Error(`never ${count} statements waiting for a lock`);
        await pause(10);
      }
    };
    // The payment lands between the admin's read of the order and its transaction: process two
    // applies the webhook and, holding the order's row, waits at its receipt email (the outbox,
    // held here); the admin's cancel on process one reads the order unpaid, then waits for the
    // row. The payment commits first.
    const blocker = new pg.Client({ connectionString: shop.databaseUrl });
    await blocker.connect();
    let cancelled: Awaited<ReturnType<typeof setStatus>>;
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE outbox IN SHARE MODE');
      expect((await sendWebhook(hook, two)).statusCode).toBe(200);
      await waitingForLocks(1);
      const cancelling = setStatus(placed.id, 'CANCELLED', { on: app });
      await waitingForLocks(2);
      await blocker.query('COMMIT');
      cancelled = await cancelling;
    } finally {
      await blocker.end();
    }
    await two.payments.settle();

    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    expect(await orderRow(placed.id)).toMatchObject({
      status: 'CANCELLED',
      payment_status: 'REFUNDED',
      released: true,
    });
    // Paid by the provider, refunded by the admin's cancel, at the provider too.
    expect((await history(placed.id, 'paymentStatus')).map((row) => [row.from_value, row.to_value, row.actor])).toEqual(
      [
        ['UNPAID', 'PAID', 'provider'],
        ['PAID', 'REFUNDED', `admin:${ADMIN.email}`],
      ],
    );
    expect((await gatewayTransactionData(app, reference))?.status).toBe('reversed');
    expect((await emails(placed.orderNumber)).map((mail) => [mail.data.to, mail.data.refundedKobo])).toEqual([
      ['CANCELLED', placed.totalAmount * 100],
    ]);
    expect(await stockOf(database, lace.id)).toBe(5);
  });

  it('a customer whose order waits while a reopened order takes the last units is told they are out of stock', async () => {
    const first = await shopper();
    const second = await shopper('Bola');
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 3, name: 'Waiting lace' });
    const placed = await order(first.session, [[lace, 3]]);
    expect((await setStatus(placed.id, 'CANCELLED')).statusCode).toBe(200);

    // The second customer's order has read the shelf (3 left) and waits for its customer lock,
    // held here, while the admin reopens the first order and takes the 3 units.
    const blocker = new pg.Client({ connectionString: shop.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`orders:customer:${second.id}`]);
      const ordering = placeOrder(two, second.session, [{ productId: lace.id, quantity: 3, price: 1_000 }]);
      for (let i = 0; ; i++) {
        const [waiting] = await database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
        );
        if ((waiting?.n ?? 0) > 0) break;
        if (i > 200) throw new Error('the order never waited for its customer lock');
        await pause(10);
      }
      expect((await setStatus(placed.id, 'PENDING')).statusCode).toBe(200);
      await blocker.query('COMMIT');
      const ordered = await ordering;
      expect(ordered.statusCode).toBe(409);
      expect(ordered.json()).toMatchObject({
        code: 'OUT_OF_STOCK',
        message: ORDER_MESSAGES.onlyLeftInStock('0', 'Waiting lace'),
        productId: lace.id,
        available: 0,
      });
    } finally {
      await blocker.end();
    }
    expect(await stockOf(database, lace.id)).toBe(0);
  });

  it('an admin reopening a cancelled order while another customer orders the last units: exactly one gets them', async () => {
    for (let round = 0; round < 10; round++) {
      const first = await shopper();
      const second = await shopper('Bola');
      const name = `Last lace ${round}`;
      const lace = await createProduct(database, { priceKobo: 100_000, stock: 3, name });
      const placed = await order(first.session, [[lace, 3]]);
      expect((await setStatus(placed.id, 'CANCELLED')).statusCode).toBe(200);
      expect(await stockOf(database, lace.id)).toBe(3);

      // Stock is read all through the race: it must never go below zero.
      const seen: number[] = [];
      let racing = true;
      const watching = (async () => {
        while (racing) seen.push(await stockOf(database, lace.id));
      })();
      const [adminOn, customerOn] = round % 2 === 0 ? [app, two] : [two, app];
      const [reopened, ordered] = await Promise.all([
        pause((round % 3) * 3).then(() => setStatus(placed.id, 'PENDING', { on: adminOn })),
        pause(((round + 1) % 3) * 3).then(() =>
          placeOrder(customerOn, second.session, [{ productId: lace.id, quantity: 3, price: 1_000 }]),
        ),
      ]);
      racing = false;
      await watching;

      const won = [reopened.statusCode === 200, ordered.statusCode === 201];
      expect(won.filter(Boolean), `round ${round}: ${reopened.body} / ${ordered.body}`).toHaveLength(1);
      if (reopened.statusCode === 200) {
        expect(ordered.statusCode).toBe(409);
        expect(ordered.json()).toMatchObject({
          code: 'OUT_OF_STOCK',
          message: ORDER_MESSAGES.onlyLeftInStock('0', name),
        });
        expect(await orderRow(placed.id)).toMatchObject({ status: 'PENDING', released: false });
      } else {
        expect(reopened.statusCode).toBe(409);
        expect(reopened.json()).toMatchObject({
          code: 'OUT_OF_STOCK',
          message: ORDER_ADMIN_MESSAGES.reopenOutOfStock('0', name),
        });
        expect(await orderRow(placed.id)).toMatchObject({ status: 'CANCELLED', released: true });
        expect(await history(placed.id, 'status')).toHaveLength(1);
      }
      const stock = await stockOf(database, lace.id);
      expect(Math.min(stock, ...seen)).toBeGreaterThanOrEqual(0);
      const [heldUnits] = await database.query<{ units: number }>(
        `SELECT (coalesce(sum(i.quantity_hundredths), 0) / 100)::int AS units FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE i.product_id = $1 AND o.stock_released_at IS NULL`,
        [lace.id],
      );
      expect(stock + (heldUnits?.units ?? 0)).toBe(3);
      expect(stock).toBe(0);
    }
  });
});
