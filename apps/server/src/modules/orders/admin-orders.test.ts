import { formatNaira, ORDER_ADMIN_MESSAGES, ORDER_CSV_COLUMNS, ORDER_MESSAGES, orderSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../test/accounts';
import { createMailingTestApp } from '../../../test/helper';
import {
  createProduct,
  payWithCard,
  placeOrder,
  stalledShop,
  startHangingServer,
  stockOf,
  waitFor,
} from '../../../test/orders';
import type { TestSmtpServer } from '../../../test/smtp';
import type { Database } from '../../db/client';
import { OrdersRepository } from './orders.repository';

let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
let app: FastifyInstance;
let database: Database;
let smtp: TestSmtpServer;
/** The same shop whose payment provider never answers. */
let stalled: FastifyInstance;
let hanging: Awaited<ReturnType<typeof startHangingServer>>;
let buyer: Session;
let buyerEmail: string;
let admin: Session;

beforeAll(async () => {
  hanging = await startHangingServer();
  shop = await createMailingTestApp();
  ({ app, database, smtp } = shop);
  stalled = await stalledShop(database, hanging.url);
  const account = await customer(app, { firstName: 'Halima', lastName: 'Bello' });
  buyer = account.session;
  buyerEmail = account.email;
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await stalled?.close();
  await shop?.close();
  await hanging?.close();
});

const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: object, on = app) =>
  on.inject({ method, url, payload, headers: bearer(admin) });

async function newOrder(
  method: 'card' | 'bankTransfer' = 'card',
  { priceKobo = 250_000, quantity = 2, session = buyer } = {},
) {
  const product = await createProduct(database, { priceKobo, stock: 20 });
  const response = await placeOrderOn(session, [{ productId: product.id, quantity, price: priceKobo / 100 }], {
    paymentDetails: { method, transactionId: null },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { order: orderSchema.parse(response.json().order), product };
}
// placeOrder with the app first, as the helper takes it.
function placeOrderOn(session: Session, lines: { productId: string; quantity: number; price: number }[], extra = {}) {
  return placeOrder(app, session, lines, extra);
}

/** Pays a card order through the test gateway, as the customer does. */
async function payCard(orderId: string) {
  const started = (
    await app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers: bearer(buyer) })
  ).json();
  expect((await payWithCard(app, started.accessCode)).status).toBe('success');
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/orders/confirm-payment',
    headers: bearer(buyer),
    payload: { orderId, transactionId: null, status: 'success' },
  });
  expect(confirmed.json().order.paymentStatus).toBe('PAID');
  return started.reference as string;
}

const row = async (id: string) =>
  (
    await database.query<{ status: string; payment_status: string; transaction_id: string | null; paid_at: Date }>(
      'SELECT status, payment_status, transaction_id, paid_at FROM orders WHERE id = $1',
      [id],
    )
  )[0];

const adminDetail = async (id: string) => orderSchema.parse((await asAdmin('GET', `/api/orders/${id}`)).json().order);

describe('the admin’s order list', () => {
  it('filters by status, searches a number prefix or a piece of the customer, takes Lagos days and pages newest first', async () => {
    const tag = Date.now().toString(36).slice(-5);
    const ngozi = await customer(app, { firstName: 'Ngozi', lastName: `Eze${tag}` });
    const made: { id: string; orderNumber: string }[] = [];
    for (let i = 0; i < 3; i += 1) made.push((await newOrder('card', { session: ngozi.session })).order);
    const [first, second, third] = made;
    if (!first || !second || !third) throw new Error('three orders');
    // Days far in the past so other tests' orders do not fall in them: 2020-03-01 23:30 Lagos
    // is 22:30 UTC; 2020-03-02 00:30 Lagos is 23:30 UTC the day before.
    await database.query(`UPDATE orders SET created_at = '2020-03-01T22:30:00Z' WHERE id = $1`, [first.id]);
    await database.query(`UPDATE orders SET created_at = '2020-03-01T23:30:00Z' WHERE id = $1`, [second.id]);
    await database.query(`UPDATE orders SET created_at = '2020-03-03T12:00:00Z', status = 'SHIPPED' WHERE id = $1`, [
      third.id,
    ]);
    const list = async (query: string) => {
      const response = await asAdmin('GET', `/api/orders/admin?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { orders: { orderNumber: string }[]; total: number };
      return { numbers: body.orders.map((o) => o.orderNumber), total: body.total };
    };

    expect(await list(`search=eze${tag}`)).toEqual({
      numbers: [third.orderNumber, second.orderNumber, first.orderNumber],
      total: 3,
    });
    expect(await list(`search=NGOZI%20EZE${tag}&status=SHIPPED`)).toEqual({ numbers: [third.orderNumber], total: 1 });
    expect((await list(`search=${ngozi.email.slice(2, 14)}`)).total).toBe(3);
    // An order number's prefix, in any case; the middle of a number is not a match.
    expect(await list(`search=${first.orderNumber.slice(0, 9).toLowerCase()}`)).toMatchObject({
      numbers: expect.arrayContaining([first.orderNumber]),
    });
    expect((await list(`search=${first.orderNumber.slice(4)}`)).numbers).not.toContain(first.orderNumber);
    // Lagos days: the 22:30 UTC order is on 1 March, the 23:30 UTC one on 2 March.
    expect(await list('from=2020-03-01&to=2020-03-01')).toEqual({ numbers: [first.orderNumber], total: 1 });
    expect(await list('from=2020-03-02&to=2020-03-03')).toEqual({
      numbers: [third.orderNumber, second.orderNumber],
      total: 2,
    });
    expect(await list('from=2020-03-01&to=2020-03-03&pageSize=2&page=2')).toEqual({
      numbers: [first.orderNumber],
      total: 3,
    });
    expect(await list('to=2020-03-01')).toEqual({ numbers: [first.orderNumber], total: 1 });
  });

  it('pages the same from either end, finds a whole email exactly, and counts again after a new order', async () => {
    const tag = `p${Date.now().toString(36).slice(-6)}`;
    const shopper = await customer(app, { firstName: 'Paging', lastName: tag });
    for (let i = 0; i < 5; i += 1) await newOrder('card', { session: shopper.session, quantity: 1 });
    const page = async (query: string) => {
      const body = (await asAdmin('GET', `/api/orders/admin?search=${tag}&${query}`)).json();
      return { ids: body.orders.map((o: { id: string }) => o.id) as string[], total: body.total as number };
    };
    const all = await page('pageSize=5');
    expect(all.total).toBe(5);
    // Page 3 of 2 lies past the middle: it is read from the oldest end.
    const pages = [await page('pageSize=2&page=1'), await page('pageSize=2&page=2'), await page('pageSize=2&page=3')];
    expect(pages.flatMap((p) => p.ids)).toEqual(all.ids);
    expect((await page('pageSize=2&page=4')).ids).toEqual([]);

    const byEmail = await asAdmin('GET', `/api/orders/admin?search=${encodeURIComponent(shopper.email.toUpperCase())}`);
    expect(byEmail.json().orders.map((o: { id: string }) => o.id)).toEqual(all.ids);

    await newOrder('card', { session: shopper.session, quantity: 1 });
    const counted = await waitFor(async () => {
      const now = await page('pageSize=5');
      return now.total === 6 ? now : null;
    });
    expect(counted.ids).toHaveLength(5);
  });

  it('searches quotes, backslashes and LIKE wildcards as plain text', async () => {
    const tag = Date.now().toString(36).slice(-6);
    const dsouza = await customer(app, { firstName: 'Maria', lastName: `D'Souza${tag}` });
    const { order } = await newOrder('card', { session: dsouza.session });
    const found = await asAdmin('GET', `/api/orders/admin?search=${encodeURIComponent(`d'souza${tag}`)}`);
    expect(found.json().orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const quote = await asAdmin('GET', `/api/orders/admin?search=${encodeURIComponent("'")}`);
    expect(quote.json().orders.map((o: { id: string }) => o.id)).toContain(order.id);
    for (const search of ['%', '_', '\\', "\\'", "' OR 1=1 --", `%'souza${tag}`, "E'\\\\'"]) {
      const response = await asAdmin('GET', `/api/orders/admin?search=${encodeURIComponent(search)}`);
      expect(response.statusCode, search).toBe(200);
      expect(response.json().total, search).toBe(0);
    }
  });

  it('answers 400 for an unknown status, a bad date or page, or dates the wrong way round, naming the field', async () => {
    for (const query of [
      'status=LOST',
      'status=pending',
      'from=2020-13-01',
      'to=yesterday',
      'pageSize=101',
      'page=0',
    ]) {
      const response = await asAdmin('GET', `/api/orders/admin?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('INVALID_INPUT');
    }
    const reversed = await asAdmin('GET', '/api/orders/admin?from=2026-06-30&to=2026-06-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({
      code: 'INVALID_INPUT',
      message: ORDER_ADMIN_MESSAGES.dateRangeReversed,
      errors: { to: ORDER_ADMIN_MESSAGES.dateRangeReversed },
    });
    expect((await asAdmin('GET', '/api/orders/admin?from=2026-06-30&to=2026-06-30')).statusCode).toBe(200);
    const { order } = await newOrder();
    const unknown = await asAdmin('PATCH', `/api/orders/${order.id}/status`, { status: 'LOST' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_INPUT', errors: { status: expect.any(String) } });
    expect((await row(order.id))?.status).toBe('PENDING');
  });
});

describe('an order’s status, set by an admin', () => {
  it('takes any of the five in any order, with a staff note that only admins see', async () => {
    const { order } = await newOrder('bankTransfer');
    for (const status of ['DELIVERED', 'PENDING', 'SHIPPED', 'PROCESSING']) {
      const response = await asAdmin('PATCH', `/api/orders/${order.id}/status`, { status, note: `to ${status}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: ORDER_MESSAGES.statusUpdated, order: { status } });
    }
    const history = (await adminDetail(order.id)).history ?? [];
    expect(history.filter((h) => h.field === 'status').map((h) => [h.to, h.note])).toEqual([
      ['DELIVERED', 'to DELIVERED'],
      ['PENDING', 'to PENDING'],
      ['SHIPPED', 'to SHIPPED'],
      ['PROCESSING', 'to PROCESSING'],
    ]);
    // The same status again with a note keeps the note and changes nothing else.
    const noted = await asAdmin('PATCH', `/api/orders/${order.id}/status`, {
      status: 'PROCESSING',
      note: 'Called the customer',
    });
    expect(noted.json().order.status).toBe('PROCESSING');
    expect(orderSchema.parse(noted.json().order).history?.at(-1)).toMatchObject({
      field: 'note',
      note: 'Called the customer',
    });
    const mine = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) });
    expect(mine.json().order.paymentEvents).toBeUndefined();
    expect(JSON.stringify(mine.json())).not.toContain('Called the customer');
    // Nor the notes written beside the status changes themselves.
    expect(JSON.stringify(mine.json())).not.toContain('to DELIVERED');
    expect(mine.json().order.history.every((h: { actor: string }) => h.actor === 'shop')).toBe(true);
  });

  it('CANCELLED on a paid card order refunds it at the provider, once, returns the stock once and emails the customer', async () => {
    const { order, product } = await newOrder('card', { priceKobo: 300_000, quantity: 3 });
    const reference = await payCard(order.id);
    expect(await stockOf(database, product.id)).toBe(17);

    const cancelled = await asAdmin('PATCH', `/api/orders/${order.id}/status`, { status: 'CANCELLED' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    expect(await stockOf(database, product.id)).toBe(20);
    // The provider has given the whole payment back.
    expect((await app.payments.provider.verify(reference))?.status).toBe('reversed');
    const refundNote = ORDER_ADMIN_MESSAGES.refunded(formatNaira(order.totalAmount));
    const history = (await adminDetail(order.id)).history ?? [];
    expect(history).toContainEqual(
      expect.objectContaining({ field: 'paymentStatus', from: 'PAID', to: 'REFUNDED', note: refundNote }),
    );

    // Cancelling again changes nothing: no second refund, no stock, no history.
    const again = await asAdmin('PATCH', `/api/orders/${order.id}/status`, { status: 'CANCELLED' });
    expect(again.statusCode).toBe(200);
    expect(await stockOf(database, product.id)).toBe(20);
    expect((await adminDetail(order.id)).history).toHaveLength(history.length);

    const mail = await smtp.waitFor(buyerEmail, (m) => m.subject === `Order ${order.orderNumber} is cancelled`);
    expect(mail.text).toContain(`We have refunded ${formatNaira(order.totalAmount)} to the card you paid with`);

    // The provider's refund webhooks are kept once, on the order, and shown to the admin.
    const events = await waitFor(async () => {
      const list = (await adminDetail(order.id)).paymentEvents ?? [];
      return list.some((e) => e.event === 'refund.processed') ? list : null;
    });
    // The two webhooks are sent at once: either may be kept first.
    const refunds = events.filter((e) => e.event.startsWith('refund.')).map((e) => [e.event, e.amount, e.reference]);
    expect(refunds.sort()).toEqual([
      ['refund.pending', order.totalAmount, reference],
      ['refund.processed', order.totalAmount, reference],
    ]);
    expect((await row(order.id))?.payment_status).toBe('REFUNDED');
  });

  it('refuses the cancellation with 502 and changes nothing when the provider cannot refund', async () => {
    const { order, product } = await newOrder('card');
    const reference = await payCard(order.id);
    const before = (await adminDetail(order.id)).history?.length;
    const refused = await asAdmin('PATCH', `/api/orders/${order.id}/status`, { status: 'CANCELLED' }, stalled);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: ORDER_MESSAGES.providerUnavailable,
    });
    expect(await row(order.id)).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
    expect(await stockOf(database, product.id)).toBe(18);
    expect((await adminDetail(order.id)).history).toHaveLength(before ?? 0);
    expect((await app.payments.provider.verify(reference))?.status).toBe('success');
    // The admin tries again once the provider answers.
    const retried = await asAdmin('PATCH', `/api/orders/${order.id}/status`, { status: 'CANCELLED' });
    expect(retried.json().order).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
  });

  it('cancels an unpaid order without asking the provider for anything', async () => {
    const { order, product } = await newOrder('card');
    const response = await asAdmin('PATCH', `/api/orders/${order.id}/status`, { status: 'CANCELLED' }, stalled);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({ status: 'CANCELLED', paymentStatus: 'UNPAID' });
    expect(await stockOf(database, product.id)).toBe(20);
  });
});

describe('confirming a bank transfer', () => {
  const confirm = (id: string, payload: object) => asAdmin('PATCH', `/api/orders/${id}/confirm-transfer`, payload);

  it('marks the order paid as a card payment does: PAID, PROCESSING, history, the same email, and a payment event', async () => {
    const { order } = await newOrder('bankTransfer', { priceKobo: 1_234_550, quantity: 1 });
    // A little more than the total is fine (the bank's rounding, a tip): it is kept as received.
    const received = order.totalAmount + 100;
    const response = await confirm(order.id, { amountReceived: String(received), note: 'GTBank ref 0042' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(ORDER_ADMIN_MESSAGES.transferConfirmed);
    const paid = orderSchema.parse(response.json().order);
    expect(paid).toMatchObject({
      status: 'PROCESSING',
      paymentStatus: 'PAID',
      transactionId: `transfer:${order.orderNumber}`,
    });
    expect(paid.paidAt).not.toBeNull();
    expect(paid.history).toContainEqual(
      expect.objectContaining({ field: 'paymentStatus', from: 'UNPAID', to: 'PAID', actor: `admin:${ADMIN.email}` }),
    );
    expect(paid.history).toContainEqual(
      expect.objectContaining({
        field: 'note',
        note: `Bank transfer of ${formatNaira(received)} received: GTBank ref 0042`,
      }),
    );
    expect(paid.paymentEvents).toEqual([
      expect.objectContaining({ event: 'transfer.confirmed', amount: received, currency: 'NGN', status: 'confirmed' }),
    ]);
    const mail = await smtp.waitFor(
      buyerEmail,
      (m) => m.subject === `Order ${order.orderNumber} confirmed: payment received`,
    );
    expect(mail.text).toContain(`Total paid: ${formatNaira(order.totalAmount)}`);
    // The customer sees it paid, without the staff's note.
    const mine = (await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) })).json();
    expect(mine.order.paymentStatus).toBe('PAID');
    expect(JSON.stringify(mine)).not.toContain('GTBank ref 0042');
  });

  it('refuses less than the total (409 with the total), a card order, and a second confirmation; a double click pays once', async () => {
    const { order } = await newOrder('bankTransfer', { priceKobo: 500_000, quantity: 2 });
    const short = await confirm(order.id, { amountReceived: order.totalAmount - 0.01, note: '' });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'TRANSFER_AMOUNT_SHORT', totalAmount: order.totalAmount });
    expect((await row(order.id))?.payment_status).toBe('UNPAID');

    const card = (await newOrder('card')).order;
    const notTransfer = await confirm(card.id, { amountReceived: card.totalAmount, note: '' });
    expect(notTransfer.statusCode).toBe(409);
    expect(notTransfer.json()).toEqual({
      code: 'ORDER_NOT_REFUNDABLE',
      message: ORDER_ADMIN_MESSAGES.notBankTransfer,
    });

    const both = await Promise.all([
      confirm(order.id, { amountReceived: order.totalAmount, note: 'first' }),
      confirm(order.id, { amountReceived: order.totalAmount, note: 'second' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().code).toBe('ALREADY_PAID');
    const detail = await adminDetail(order.id);
    expect(detail.history?.filter((h) => h.to === 'PAID')).toHaveLength(1);
    expect(detail.paymentEvents).toHaveLength(1);
    const paidMails = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE payload->>'template' = 'order-paid' AND payload->>'to' = $1
          AND (payload->'data'->>'orderNumber' = $2 OR payload->'data' IS NULL)`,
      [buyerEmail, order.orderNumber],
    );
    expect(paidMails[0]?.n).toBeGreaterThanOrEqual(1);

    for (const amountReceived of ['', 'abc', -5, '1.234']) {
      const bad = await confirm(order.id, { amountReceived, note: '' });
      expect(bad.statusCode, String(amountReceived)).toBe(400);
      expect(bad.json().errors).toHaveProperty('amountReceived');
    }
  });
});

describe('the orders CSV export', () => {
  it('streams the orders of the Lagos days asked for, with the columns in order and formulas made inert', async () => {
    const { order } = await newOrder('card', { priceKobo: 125_050, quantity: 2 });
    const other = (await newOrder('bankTransfer')).order;
    await database.query(
      `UPDATE orders SET created_at = '2021-06-10T10:00:00Z', customer_first_name = '=HYPERLINK("http://x")',
              shipping_address = jsonb_set(shipping_address, '{city}', '"@Lagos"') WHERE id = $1`,
      [order.id],
    );
    await database.query(`UPDATE orders SET created_at = '2021-06-12T10:00:00Z' WHERE id = $1`, [other.id]);
    const response = await asAdmin('GET', '/api/orders/admin/export.csv?from=2021-06-10&to=2021-06-11');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders-2021-06-10-2021-06-11.csv"');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(ORDER_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(order.orderNumber);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"") Bello"`);
    expect(lines[1]).toContain(",'@Lagos,Lagos,Ikeja,");
    expect(lines[1]).toContain(`,2 x `);
    expect(lines[1]).toContain(`,${order.subtotal},${order.deliveryFee},${order.totalAmount},`);
    expect(response.body).not.toContain(other.orderNumber);

    const none = await asAdmin('GET', '/api/orders/admin/export.csv?from=2021-06-10&to=2021-06-11&status=DELIVERED');
    expect(none.body.trim().split('\r\n')).toEqual([ORDER_CSV_COLUMNS.join(',')]);
    expect((await asAdmin('GET', '/api/orders/admin/export.csv?from=2021-06-10')).statusCode).toBe(400);
  });

  it('answers 400 under `to` for a range that ends before it starts, instead of an empty file; one day is a range', async () => {
    const reversed = await asAdmin('GET', '/api/orders/admin/export.csv?from=2021-06-11&to=2021-06-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.headers['content-type']).toMatch(/^application\/json/);
    expect(reversed.json()).toEqual({
      code: 'INVALID_INPUT',
      message: ORDER_ADMIN_MESSAGES.dateRangeReversed,
      errors: { to: ORDER_ADMIN_MESSAGES.dateRangeReversed },
    });
    const oneDay = await asAdmin('GET', '/api/orders/admin/export.csv?from=2021-06-10&to=2021-06-10');
    expect(oneDay.statusCode).toBe(200);
  });
});

describe('the export’s batches', () => {
  it('walk a range oldest first, orders of the same instant included, each once', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) made.push((await newOrder('bankTransfer', { quantity: 1 })).order.id);
    // Three at the very same instant, two later: the batch boundary falls inside the tie.
    await database.query(`UPDATE orders SET created_at = '2022-02-02T10:00:00Z' WHERE id = ANY($1::uuid[])`, [
      `{${made.slice(0, 3).join(',')}}`,
    ]);
    await database.query(`UPDATE orders SET created_at = '2022-02-02T11:00:00Z' WHERE id = $1`, [made[3]]);
    await database.query(`UPDATE orders SET created_at = '2022-02-02T12:00:00Z' WHERE id = $1`, [made[4]]);
    const seen: string[] = [];
    let after: { cursor: string; id: string } | null = null;
    for (let round = 0; round < 10; round += 1) {
      const batch = await new OrdersRepository(database).exportBatch(
        { from: '2022-02-02', to: '2022-02-02' },
        after,
        2,
      );
      seen.push(...batch.orders.map((order) => order.id));
      if (!batch.cursor) break;
      after = batch.cursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(made));
    expect(seen.slice(3)).toEqual([made[3], made[4]]);
  });
});
