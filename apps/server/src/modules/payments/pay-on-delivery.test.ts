import { lagosDate, ORDER_ADMIN_MESSAGES, ORDER_MESSAGES, POD_ADMIN_MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session, verifiedCustomer } from '../../../test/accounts';
import { createTestApp, testConfig } from '../../../test/helper';
import { createProduct, placeOrder, SHIPPING, stockOf } from '../../../test/orders';
import type { Database } from '../../db/client';
import { renderEmail } from '../../mail/templates';

// Pay on delivery, in Lagos only (docs/decisions/022-pay-on-delivery.md): who is offered it, and
// the admin's three steps, through HTTP, against what the database kept.

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let database: Database;
let admin: Session;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  app = shop.app;
  database = shop.database;
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await shop?.close();
});

const POD = { paymentDetails: { method: 'payOnDelivery', transactionId: null } };
const { area: _lagosArea, ...ABROAD_OF_LAGOS } = SHIPPING;
const ABUJA = { ...ABROAD_OF_LAGOS, city: 'Garki', state: 'Federal Capital Territory' };

async function podOrder(
  session: Session,
  { priceKobo = 1_000_000, quantity = 2, shipping = SHIPPING as Record<string, string>, on = app } = {},
) {
  const product = await createProduct(database, { priceKobo, stock: 10 });
  const response = await placeOrder(on, session, [{ productId: product.id, quantity, price: priceKobo / 100 }], {
    ...POD,
    shippingDetails: shipping,
  });
  return { response, product };
}

const step = (orderId: string, name: 'confirm' | 'received' | 'refused', payload: object, session = admin) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/pay-on-delivery/${name}`,
    headers: bearer(session),
    payload,
  });

async function row(orderId: string) {
  const [found] = await database.query<{
    status: string;
    payment_status: string;
    expires_at: Date | null;
    delivery_confirmed_at: Date | null;
    delivery_confirmed_by: string | null;
    cash_received_kobo: number | null;
    cash_received_how: string | null;
    transaction_id: string | null;
  }>('SELECT * FROM orders WHERE id = $1', [orderId]);
  if (!found) throw new Error('no order');
  return found;
}

const history = (orderId: string) =>
  database.query<{ field: string; from_value: string | null; to_value: string | null; note: string | null }>(
    'SELECT field, from_value, to_value, note FROM order_history WHERE order_id = $1 ORDER BY created_at, id',
    [orderId],
  );

/** The order's emails after it was placed (the order-placed pair is every method's, tested with it). */
const mails = (orderNumber: string) =>
  database.query<{ payload: { template: string; to: string; data: Record<string, unknown> } }>(
    `SELECT payload FROM outbox WHERE payload->'data'->>'orderNumber' = $1
       AND payload->>'template' NOT IN ('order-placed', 'order-placed-shop') ORDER BY created_at, id`,
    [orderNumber],
  );

describe('who is offered pay on delivery', () => {
  it('places a Lagos order unpaid, with its stock held until the confirmation deadline', async () => {
    const { session } = await verifiedCustomer(app);
    const { response, product } = await podOrder(session);
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    expect(order).toMatchObject({
      paymentMethod: 'payOnDelivery',
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      payOnDelivery: { confirmedAt: null, received: null },
    });
    // The settings' confirmation window (48 h by default) from now: the order says when.
    const hoursLeft = (Date.parse(order.expiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(47.9);
    expect(hoursLeft).toBeLessThanOrEqual(48);
    expect(await stockOf(database, product.id)).toBe(8);
    expect((await row(order.id)).expires_at?.toISOString()).toBe(order.expiresAt);
    // The customer's open order, for checkout's live rule.
    const open = await app.inject({ method: 'GET', url: '/api/payments/pay-on-delivery', headers: bearer(session) });
    expect(open.json()).toEqual({ openOrder: { id: order.id, orderNumber: order.orderNumber } });
    // The order-placed email tells the customer the shop calls first and what to have ready.
    const placed = await database.query<{ payload: { template: string; data: Record<string, unknown> } }>(
      `SELECT payload FROM outbox WHERE payload->>'template' = 'order-placed' AND payload->'data'->>'orderNumber' = $1`,
      [order.orderNumber],
    );
    expect(placed).toHaveLength(1);
    const email = renderEmail('order-placed', placed[0]?.payload.data as never);
    expect(email.text).toContain(
      'We will call you to confirm your order. When it arrives, pay the rider ₦25,000.00 by cash, POS or transfer.',
    );
  });

  it('tells checkout the cap and that it is on', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json().payOnDelivery).toEqual({ enabled: true, capNaira: 150_000 });
  });

  it('refuses an Abuja address, and another country, with the Lagos message under the method', async () => {
    const { session } = await verifiedCustomer(app);
    for (const shipping of [ABUJA, { ...SHIPPING, country: 'Ghana' }]) {
      const { response, product } = await podOrder(session, { shipping });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'PAY_ON_DELIVERY_UNAVAILABLE',
        message: ORDER_MESSAGES.podLagosOnly,
        errors: { 'paymentDetails.method': 'Pay on delivery is available for Lagos addresses only' },
        reason: 'not-lagos',
      });
      // Nothing was taken.
      expect(await stockOf(database, product.id)).toBe(10);
    }
    const none = await app.inject({ method: 'GET', url: '/api/payments/pay-on-delivery', headers: bearer(session) });
    expect(none.json()).toEqual({ openOrder: null });
  });

  it('refuses a customer whose email is not verified, and takes the order once its link is opened', async () => {
    const { session, email } = await customer(app);
    const { response, product } = await podOrder(session);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'PAY_ON_DELIVERY_UNAVAILABLE',
      message: ORDER_MESSAGES.podEmailUnverified,
      errors: { 'paymentDetails.method': ORDER_MESSAGES.podEmailUnverified },
      reason: 'unverified-email',
    });
    expect(await stockOf(database, product.id)).toBe(10);
    // The other methods stay open to them.
    const card = await placeOrder(app, session, [{ productId: product.id, quantity: 1, price: 10_000 }]);
    expect(card.statusCode).toBe(201);

    // The link the welcome carried (kept in the outbox: this shop has no SMTP server).
    const [welcome] = await database.query<{ url: string }>(
      `SELECT payload->'data'->>'verifyUrl' AS url FROM outbox
        WHERE payload->>'template' = 'welcome' AND payload->>'to' = $1`,
      [email],
    );
    const token = new URL(welcome?.url ?? '').hash.replace('#token=', '');
    const opened = await app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token } });
    expect(opened.statusCode).toBe(200);
    // The same session: the server reads the address's state in the order's transaction.
    expect((await podOrder(session)).response.statusCode).toBe(201);
  });

  it('takes pickup with a Lagos address', async () => {
    const { session } = await verifiedCustomer(app);
    const product = await createProduct(database, { priceKobo: 500_000 });
    const response = await placeOrder(app, session, [{ productId: product.id, quantity: 1, price: 5000 }], {
      ...POD,
      deliveryMethod: 'PICKUP',
    });
    expect(response.statusCode).toBe(201);
  });

  it('takes an order of the cap exactly and refuses one over it (the total with delivery)', async () => {
    const atCap = await verifiedCustomer(app);
    // ₦145,000 + ₦5,000 express = ₦150,000.
    expect((await podOrder(atCap.session, { priceKobo: 14_500_000, quantity: 1 })).response.statusCode).toBe(201);
    const over = await verifiedCustomer(app);
    const { response } = await podOrder(over.session, { priceKobo: 14_500_100, quantity: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Pay on delivery is available for orders up to ₦150,000',
      errors: { 'paymentDetails.method': 'Pay on delivery is available for orders up to ₦150,000' },
      reason: 'over-cap',
    });
  });

  it('refuses a second pay-on-delivery order while one is open, but not a card order', async () => {
    const { session } = await verifiedCustomer(app);
    const first = (await podOrder(session)).response.json().order;
    const second = await podOrder(session);
    expect(second.response.statusCode).toBe(409);
    expect(second.response.json()).toMatchObject({
      message: 'You already have a pay-on-delivery order awaiting delivery',
      reason: 'open-order',
      openOrder: { id: first.id, orderNumber: first.orderNumber },
    });
    const product = await createProduct(database);
    const card = await placeOrder(app, session, [{ productId: product.id, quantity: 1, price: 5000 }]);
    expect(card.statusCode).toBe(201);
    // Confirmed by phone, it is still open; paid, it is not.
    expect((await step(first.id, 'confirm', {})).statusCode).toBe(200);
    expect((await podOrder(session)).response.statusCode).toBe(409);
    expect((await step(first.id, 'received', { amountReceived: '25000', how: 'cash' })).statusCode).toBe(200);
    expect((await podOrder(session)).response.statusCode).toBe(201);
  });

  it('lets only one of two orders placed at once pass the open-order check', async () => {
    const { session } = await verifiedCustomer(app);
    const [a, b] = await Promise.all([podOrder(session), podOrder(session)]);
    expect([a.response.statusCode, b.response.statusCode].sort()).toEqual([201, 409]);
    const [{ count }] = (await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM orders o JOIN users u ON u.id = o.user_id
        WHERE u.email = $1 AND o.payment_method = 'payOnDelivery'`,
      [session.user.email],
    )) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('is not offered when PAY_ON_DELIVERY_CAP_NAIRA is 0', async () => {
    const off = await createTestApp({
      seedDemoCatalogue: false,
      payments: { ...testConfig().payments, payOnDeliveryCapNaira: 0 },
    });
    try {
      const { session } = await verifiedCustomer(off.app);
      const product = await createProduct(off.database);
      const response = await placeOrder(off.app, session, [{ productId: product.id, quantity: 1, price: 5000 }], POD);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PAY_ON_DELIVERY_UNAVAILABLE', reason: 'off' });
      const config = await off.app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(config.json().payOnDelivery).toEqual({ enabled: false, capNaira: 0 });
    } finally {
      await off.close();
    }
  });

  it('counts a confirmed pay-on-delivery order in the hold limits as unpaid', async () => {
    const base = testConfig();
    const limited = await createTestApp({
      seedDemoCatalogue: false,
      orders: { ...base.orders, limits: { ...base.orders.limits, unpaidOrders: 1 } },
    });
    try {
      const limitedAdmin = await login(limited.app, ADMIN.email, ADMIN.password);
      const { session } = await verifiedCustomer(limited.app);
      const product = await createProduct(limited.database);
      const first = await placeOrder(limited.app, session, [{ productId: product.id, quantity: 1, price: 5000 }], POD);
      expect(first.statusCode).toBe(201);
      const confirmed = await limited.app.inject({
        method: 'POST',
        url: `/api/orders/${first.json().order.id}/pay-on-delivery/confirm`,
        headers: bearer(limitedAdmin),
        payload: {},
      });
      expect(confirmed.json().order.status).toBe('PROCESSING');
      const card = await placeOrder(limited.app, session, [{ productId: product.id, quantity: 1, price: 5000 }]);
      expect(card.statusCode).toBe(409);
      expect(card.json().code).toBe('HOLD_LIMIT_REACHED');
    } finally {
      await limited.close();
    }
  });

  it('cannot be started or confirmed online', async () => {
    const { session } = await verifiedCustomer(app);
    const { order } = (await podOrder(session)).response.json();
    const start = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: bearer(session),
    });
    expect(start.statusCode).toBe(409);
    expect(start.json().code).toBe('ORDER_NOT_PAYABLE');
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/orders/confirm-payment',
      headers: bearer(session),
      payload: { orderId: order.id, status: 'success' },
    });
    expect(confirm.statusCode).toBe(402);
    expect((await row(order.id)).payment_status).toBe('UNPAID');
  });
});

describe("the admin's steps", () => {
  it('confirm by phone → PROCESSING with the note, once; a second click is 409', async () => {
    const { session } = await verifiedCustomer(app);
    const { order } = (await podOrder(session)).response.json();
    const first = await step(order.id, 'confirm', { note: 'Spoke to Ada, deliver after 2 pm' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: POD_ADMIN_MESSAGES.confirmed,
      order: { status: 'PROCESSING', paymentStatus: 'UNPAID' },
    });
    expect(first.json().order.payOnDelivery.confirmedAt).toEqual(expect.any(String));
    // Confirmed: no deadline, the stock is held until the order is delivered, refused or cancelled.
    expect(first.json().order.expiresAt).toBeNull();
    expect((await row(order.id)).expires_at).toBeNull();
    const again = await step(order.id, 'confirm', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(POD_ADMIN_MESSAGES.alreadyConfirmed);
    const stored = await row(order.id);
    expect(stored.delivery_confirmed_by).toBe(`admin:${ADMIN.email}`);
    const rows = await history(order.id);
    expect(rows.filter((entry) => entry.field === 'status')).toEqual([
      {
        field: 'status',
        from_value: 'PENDING',
        to_value: 'PROCESSING',
        note: 'Confirmed by phone: Spoke to Ada, deliver after 2 pm',
      },
    ]);
    const sent = (await mails(order.orderNumber)).map((mail) => mail.payload);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ template: 'order-status-changed', data: { to: 'PROCESSING' } });
    const email = renderEmail('order-status-changed', sent[0]?.data as never);
    expect(email.text).toContain('We have confirmed your order by phone.');
    expect(email.text).toContain('Please have ₦25,000.00 ready when it arrives');
  });

  it('delivered and paid → PAID then DELIVERED, the money and how kept, one receipt; twice is 409', async () => {
    const { session } = await verifiedCustomer(app);
    const { order } = (await podOrder(session)).response.json();
    await step(order.id, 'confirm', {});
    const short = await step(order.id, 'received', { amountReceived: '24999.99', how: 'cash' });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'TRANSFER_AMOUNT_SHORT',
      errors: { amountReceived: ORDER_ADMIN_MESSAGES.amountShort('₦24,999.99', '₦25,000.00') },
    });
    const bad = await step(order.id, 'received', { amountReceived: '25000', how: 'cheque' });
    expect(bad.statusCode).toBe(400);

    const paid = await step(order.id, 'received', { amountReceived: '25000', how: 'pos' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order).toMatchObject({
      status: 'DELIVERED',
      paymentStatus: 'PAID',
      transactionId: `pod:${order.orderNumber}`,
      payOnDelivery: { received: { amount: 25000, how: 'pos' } },
      paymentEvents: [expect.objectContaining({ event: 'pod.received', amount: 25000, status: 'pos' })],
    });
    const again = await step(order.id, 'received', { amountReceived: '25000', how: 'pos' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_PAID');
    const stored = await row(order.id);
    expect(stored).toMatchObject({ cash_received_kobo: 2_500_000, cash_received_how: 'pos', payment_status: 'PAID' });

    const rows = await history(order.id);
    // One row each (the last two share their transaction's time, so their order is not asserted).
    const changes = rows.map((entry) => [entry.field, entry.from_value, entry.to_value]);
    expect(changes).toHaveLength(3);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['status', 'PENDING', 'PROCESSING'],
        ['paymentStatus', 'UNPAID', 'PAID'],
        ['status', 'PROCESSING', 'DELIVERED'],
      ]),
    );
    expect(rows.find((entry) => entry.to_value === 'DELIVERED')?.note).toBe('Paid on delivery: ₦25,000.00 by POS');

    const sent = (await mails(order.orderNumber)).map((mail) => mail.payload);
    expect(sent.map((mail) => mail.template)).toEqual(['order-status-changed', 'order-paid']);
    const receipt = renderEmail('order-paid', sent[1]?.data as never);
    expect(receipt.subject).toBe(`Order ${order.orderNumber} delivered: payment received`);
    expect(receipt.text).toContain('we have received your payment of ₦25,000.00 by POS');

    // The customer sees it paid and delivered, without the staff's notes.
    const mine = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(session) });
    expect(mine.json().order).toMatchObject({ status: 'DELIVERED', paymentStatus: 'PAID' });
    expect(mine.json().order.paymentEvents).toBeUndefined();
  });

  it('records the money without a phone confirmation first', async () => {
    const { session } = await verifiedCustomer(app);
    const { order } = (await podOrder(session)).response.json();
    const paid = await step(order.id, 'received', { amountReceived: 30000, how: 'transfer' });
    expect(paid.json().order).toMatchObject({ status: 'DELIVERED', paymentStatus: 'PAID' });
  });

  it('refused → CANCELLED with the reason, the stock back once; twice is 409', async () => {
    const { session } = await verifiedCustomer(app);
    const { response, product } = await podOrder(session);
    const { order } = response.json();
    expect(await stockOf(database, product.id)).toBe(8);
    expect((await step(order.id, 'refused', { reason: '  ' })).statusCode).toBe(400);
    const refused = await step(order.id, 'refused', { reason: 'Customer not at home, refused on the phone' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().order).toMatchObject({ status: 'CANCELLED', paymentStatus: 'UNPAID' });
    expect(await stockOf(database, product.id)).toBe(10);
    const again = await step(order.id, 'refused', { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(POD_ADMIN_MESSAGES.alreadyCancelled);
    expect(await stockOf(database, product.id)).toBe(10);
    // A cancelled order takes no money and no confirmation.
    expect((await step(order.id, 'received', { amountReceived: 25000, how: 'cash' })).json().code).toBe(
      'ORDER_NOT_PAYABLE',
    );
    expect((await step(order.id, 'confirm', {})).statusCode).toBe(409);
    const rows = await history(order.id);
    expect(rows.at(-1)?.note).toBe(
      'Delivery refused: Customer not at home, refused on the phone. Stock returned to the shelf',
    );
    const sent = (await mails(order.orderNumber)).map((mail) => mail.payload);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ template: 'order-status-changed', data: { reason: 'delivery-refused' } });
    expect(renderEmail('order-status-changed', sent[0]?.data as never).text).toContain('The delivery was refused');
    // The customer may order on delivery again.
    expect((await podOrder(session)).response.statusCode).toBe(201);
  });

  it('refuses the steps on an order paid another way', async () => {
    const { session } = await verifiedCustomer(app);
    const product = await createProduct(database);
    const card = (await placeOrder(app, session, [{ productId: product.id, quantity: 1, price: 5000 }])).json().order;
    for (const [name, payload] of [
      ['confirm', {}],
      ['received', { amountReceived: 10000, how: 'cash' }],
      ['refused', { reason: 'x' }],
    ] as const) {
      const response = await step(card.id, name, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(POD_ADMIN_MESSAGES.notPayOnDelivery);
    }
  });

  it('is for admins only: a guest 401, the customer 403, the open-order call 401 for a guest', async () => {
    const { session } = await verifiedCustomer(app);
    const { order } = (await podOrder(session)).response.json();
    for (const name of ['confirm', 'received', 'refused'] as const) {
      const guest = await app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/pay-on-delivery/${name}`,
        payload: {},
      });
      expect(guest.statusCode).toBe(401);
      const own = await step(order.id, name, { amountReceived: 25000, how: 'cash', reason: 'x' }, session);
      expect(own.statusCode).toBe(403);
    }
    const guestOpen = await app.inject({ method: 'GET', url: '/api/payments/pay-on-delivery' });
    expect(guestOpen.statusCode).toBe(401);
    expect((await row(order.id)).status).toBe('PENDING');
  });

  it("answers 404 to another customer's order and an unknown one", async () => {
    const { session } = await verifiedCustomer(app);
    const { order } = (await podOrder(session)).response.json();
    const other = await verifiedCustomer(app);
    const theirs = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(other.session) });
    expect(theirs.statusCode).toBe(404);
    const unknown = await step('00000000-0000-4000-8000-000000000000', 'confirm', {});
    expect(unknown.statusCode).toBe(404);
  });

  it('shows on the dashboard and in the CSV export', async () => {
    const { session } = await verifiedCustomer(app);
    const { order } = (await podOrder(session)).response.json();
    const dashboard = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
    const awaiting = dashboard.json().payOnDeliveryAwaiting;
    expect(awaiting).toBeGreaterThanOrEqual(1);
    await step(order.id, 'received', { amountReceived: 25000, how: 'cash' });
    const after = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
    expect(after.json().payOnDeliveryAwaiting).toBe(awaiting - 1);
    const today = lagosDate();
    const csv = await app.inject({
      method: 'GET',
      url: `/api/orders/admin/export.csv?from=2000-01-01&to=${today.slice(0, 4)}-12-31`,
      headers: bearer(admin),
    });
    const line = csv.body.split('\r\n').find((text) => text.startsWith(order.orderNumber));
    expect(line).toContain(',Pay on delivery,');
    expect(line?.endsWith(',Cash')).toBe(true);
  });
});

describe('every pay-on-delivery hold ends', () => {
  const shopMails = (template: string, orderNumber: string) =>
    database.query<{ payload: { to: string; data: Record<string, unknown> } }>(
      `SELECT payload FROM outbox WHERE payload->>'template' = $1 AND payload->'data'->>'orderNumber' = $2`,
      [template, orderNumber],
    );

  it('reminds the shop half-way to the deadline, once, with the phone number to call', async () => {
    const { session } = await verifiedCustomer(app);
    const { order } = (await podOrder(session)).response.json();
    await app.payments.expiry.runOnce();
    expect(await shopMails('pod-confirm-reminder-shop', order.orderNumber)).toHaveLength(0);
    // Placed 25 of its 48 hours ago.
    await database.query(
      `UPDATE orders SET created_at = now() - interval '25 hours', expires_at = now() + interval '23 hours' WHERE id = $1`,
      [order.id],
    );
    await app.payments.expiry.runOnce();
    await app.payments.expiry.runOnce();
    const sent = await shopMails('pod-confirm-reminder-shop', order.orderNumber);
    expect(sent).toHaveLength(1);
    // To the shop, not the customer: the customer has nothing to do but wait for the call.
    expect(sent[0]?.payload.to).not.toBe(order.shippingAddress.email);
    expect(sent[0]?.payload.data).toMatchObject({
      phoneNumber: order.shippingAddress.phoneNumber,
      totalKobo: order.totalAmount * 100,
    });
    const email = renderEmail('pod-confirm-reminder-shop', sent[0]?.payload.data as never);
    expect(email.subject).toBe(`Call to confirm order ${order.orderNumber}`);
    expect(email.text).toContain('is still waiting for your phone call');
    expect(await shopMails('order-payment-reminder', order.orderNumber)).toHaveLength(0);
  });

  it('cancels an order not confirmed by its deadline, returns its stock and tells the customer why', async () => {
    const { session } = await verifiedCustomer(app);
    const { response, product } = await podOrder(session);
    const { order } = response.json();
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    const round = await app.payments.expiry.runOnce();
    expect(round.expired).toBeGreaterThanOrEqual(1);
    expect(await row(order.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'UNPAID' });
    expect(await stockOf(database, product.id)).toBe(10);
    const [cancelled] = await database.query<{ cancel_reason: string }>(
      'SELECT cancel_reason FROM orders WHERE id = $1',
      [order.id],
    );
    expect(cancelled?.cancel_reason).toBe('not-confirmed');
    const notes = (await history(order.id)).filter((entry) => entry.field === 'status');
    expect(notes.at(-1)?.note).toContain(POD_ADMIN_MESSAGES.notConfirmedNote);
    const sent = (await mails(order.orderNumber)).map((mail) => mail.payload);
    expect(sent).toHaveLength(1);
    const email = renderEmail('order-status-changed', sent[0]?.data as never);
    expect(email.text).toContain('We could not confirm it with you by phone in time');
    // The customer's open order is gone: checkout offers pay on delivery again.
    const open = await app.inject({ method: 'GET', url: '/api/payments/pay-on-delivery', headers: bearer(session) });
    expect(open.json()).toEqual({ openOrder: null });
  });

  it('never cancels an order the shop confirmed by phone', async () => {
    const { session } = await verifiedCustomer(app);
    const { response, product } = await podOrder(session);
    const { order } = response.json();
    expect((await step(order.id, 'confirm', {})).statusCode).toBe(200);
    // Even a deadline put back by hand is not one the expiry job acts on once confirmed.
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 hour' WHERE id = $1`, [order.id]);
    await app.payments.expiry.runOnce();
    expect((await row(order.id)).status).toBe('PROCESSING');
    expect(await stockOf(database, product.id)).toBe(8);
  });

  it('takes the confirmation window from the settings', async () => {
    const saved = await app.inject({ method: 'GET', url: '/api/settings/admin', headers: bearer(admin) });
    const settings = saved.json().settings;
    const put = (podConfirmWindowHours: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: bearer(admin),
        payload: { ...settings, podConfirmWindowHours },
      });
    expect((await put(0)).statusCode).toBe(400);
    expect((await put(6)).statusCode).toBe(200);
    try {
      const { session } = await verifiedCustomer(app);
      const { order } = (await podOrder(session)).response.json();
      const hoursLeft = (Date.parse(order.expiresAt) - Date.now()) / 3_600_000;
      expect(hoursLeft).toBeGreaterThan(5.9);
      expect(hoursLeft).toBeLessThanOrEqual(6);
    } finally {
      expect((await put(48)).statusCode).toBe(200);
    }
  });
});
