import { lagosDate, ORDER_MESSAGES, orderSchema, PIECE_TERMS, QUANTITY_MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../test/accounts';
import { createTestApp } from '../../../test/helper';
import { createProduct, orderBody, payWithCard, placeOrder, SHIPPING, stockOf, waitFor } from '../../../test/orders';
import type { Database } from '../../db/client';

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let database: Database;
let buyer: Session;
let admin: Session;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  app = shop.app;
  database = shop.database;
  buyer = (await customer(app)).session;
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await shop?.close();
});

const countOrders = async () =>
  (await database.query<{ count: number }>('SELECT count(*)::int AS count FROM orders'))[0]?.count;

describe('POST /api/orders', () => {
  it('prices the order from the catalogue, takes the stock and snapshots every line', async () => {
    const lace = await createProduct(database, { priceKobo: 1_250_050, stock: 5 });
    const response = await placeOrder(app, buyer, [{ productId: lace.id, quantity: 2, price: 12_500.5 }]);
    expect(response.statusCode).toBe(201);
    const { message, order } = response.json();
    expect(message).toBe('Order Created Successfully');
    expect(order).toMatchObject({
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      deliveryMethod: 'EXPRESS',
      paymentMethod: 'card',
      subtotal: 25_001,
      deliveryFee: 5_000,
      totalAmount: 30_001,
      estimatedDelivery: '1-2 business days',
      shippingAddress: { ...SHIPPING, phoneNumber: '+2348012345678' },
      transactionId: null,
      paidAt: null,
      items: [
        {
          productId: lace.id,
          name: lace.name,
          image: lace.images[0],
          price: 12_500.5,
          quantity: 2,
          unit: 'piece',
          packSize: null,
          packItemName: null,
          listPrice: null,
          lineTotal: 25_001,
        },
      ],
    });
    expect(orderSchema.safeParse(order).success).toBe(true);
    expect(order.orderNumber).toMatch(/^TS-[234679ACDEFGHJKMNPQRTUVWXYZ]{8}$/);
    const expiresIn = Date.parse(order.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
    expect(await stockOf(database, lace.id)).toBe(3);
  });

  it('gives a bank-transfer order its deadline to pay', async () => {
    const lace = await createProduct(database, { priceKobo: 100_000 });
    const response = await placeOrder(app, buyer, [{ productId: lace.id, quantity: 1, price: 1_000 }], {
      paymentDetails: { method: 'bankTransfer', transactionId: null },
      deliveryMethod: 'PICKUP',
    });
    expect(response.statusCode).toBe(201);
    const order = response.json().order;
    expect(order).toMatchObject({ paymentMethod: 'bankTransfer', totalAmount: 1_000 });
    expect(Date.parse(order.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
  });

  it('refuses a tampered price with 409 and the current prices, creating no order and taking no stock', async () => {
    const lace = await createProduct(database, { priceKobo: 800_000, stock: 4 });
    const ribbon = await createProduct(database, { priceKobo: 150_000, stock: 4 });
    const before = await countOrders();
    const response = await placeOrder(app, buyer, [
      { productId: lace.id, quantity: 1, price: 80 },
      { productId: ribbon.id, quantity: 1, price: 1_500 },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      message: ORDER_MESSAGES.priceChanged,
      prices: [
        { productId: lace.id, price: 8_000 },
        { productId: ribbon.id, price: 1_500 },
      ],
    });
    expect(await countOrders()).toBe(before);
    expect(await stockOf(database, lace.id)).toBe(4);
    expect(await stockOf(database, ribbon.id)).toBe(4);
  });

  it('answers 409 "Only N left in stock for NAME" and takes nothing when one line is short', async () => {
    const plenty = await createProduct(database, { priceKobo: 100_000, stock: 10 });
    const scarce = await createProduct(database, { priceKobo: 100_000, stock: 2, name: 'Silver sequins' });
    const response = await placeOrder(app, buyer, [
      { productId: plenty.id, quantity: 3, price: 1_000 },
      { productId: scarce.id, quantity: 3, price: 1_000 },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Only 2 left in stock for Silver sequins',
      productId: scarce.id,
      available: 2,
    });
    expect(await stockOf(database, plenty.id)).toBe(10);
    expect(await stockOf(database, scarce.id)).toBe(2);
  });

  it('refuses STANDARD delivery below ₦20,000 with the shared message and accepts it from ₦20,000', async () => {
    const lace = await createProduct(database, { priceKobo: 1_000_000 });
    const below = await placeOrder(app, buyer, [{ productId: lace.id, quantity: 1, price: 10_000 }], {
      deliveryMethod: 'STANDARD',
    });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      code: 'INVALID_INPUT',
      message: ORDER_MESSAGES.standardNeedsSubtotal,
      errors: { deliveryMethod: ORDER_MESSAGES.standardNeedsSubtotal },
    });
    const enough = await placeOrder(app, buyer, [{ productId: lace.id, quantity: 2, price: 10_000 }], {
      deliveryMethod: 'STANDARD',
    });
    expect(enough.statusCode).toBe(201);
    expect(enough.json().order).toMatchObject({ subtotal: 20_000, deliveryFee: 0, totalAmount: 20_000 });
  });

  it('refuses PayPal with the reason', async () => {
    const lace = await createProduct(database, { priceKobo: 100_000 });
    const response = await placeOrder(app, buyer, [{ productId: lace.id, quantity: 1, price: 1_000 }], {
      paymentDetails: { method: 'paypal', transactionId: null },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_INPUT', message: ORDER_MESSAGES.paypalUnavailable });
  });

  it('refuses an unknown or deleted product with a clear message', async () => {
    for (const productId of ['00000000-0000-4000-8000-000000000000', 'not-a-product']) {
      const response = await placeOrder(app, buyer, [{ productId, quantity: 1, price: 1_000 }]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'PRODUCT_UNAVAILABLE',
        message: ORDER_MESSAGES.productUnavailable,
        productId,
      });
    }
  });

  it('checks every shipping field with its message, and the quantity', async () => {
    const lace = await createProduct(database, { priceKobo: 100_000 });
    const line = [{ productId: lace.id, quantity: 1, price: 1_000 }];
    const cases: [string, unknown, string][] = [
      ['firstName', '', ORDER_MESSAGES.firstNameRequired],
      ['lastName', ' ', ORDER_MESSAGES.lastNameRequired],
      ['email', '', ORDER_MESSAGES.emailRequired],
      ['email', 'ada@', 'Invalid email address'],
      ['phoneNumber', '', ORDER_MESSAGES.phoneRequired],
      ['phoneNumber', '12345', 'Please enter a valid phone number'],
      ['address', '', ORDER_MESSAGES.addressRequired],
      ['city', '', ORDER_MESSAGES.cityRequired],
      ['state', '', ORDER_MESSAGES.stateRequired],
      ['zipCode', '', ORDER_MESSAGES.zipCodeRequired],
      ['country', 'France', ORDER_MESSAGES.countryInvalid],
      ['address', 'x'.repeat(501), ORDER_MESSAGES.fieldTooLong],
    ];
    for (const [field, value, message] of cases) {
      const response = await placeOrder(app, buyer, line, { shippingDetails: { ...SHIPPING, [field]: value } });
      expect(response.statusCode, `${field}=${String(value)}`).toBe(400);
      expect(response.json().errors[`shippingDetails.${field}`]).toBe(message);
    }
    // Not a quantity at all (the schema), then off the product's own rule (the server, units.ts).
    for (const [quantity, message] of [
      [0, ORDER_MESSAGES.quantityInvalid],
      [1.555, ORDER_MESSAGES.quantityInvalid],
      [10_000_001, ORDER_MESSAGES.quantityInvalid],
      [1.5, QUANTITY_MESSAGES.offStep(PIECE_TERMS)],
      [100, QUANTITY_MESSAGES.overLineMax(PIECE_TERMS)],
    ] as const) {
      const response = await placeOrder(app, buyer, [{ productId: lace.id, quantity, price: 1_000 }]);
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_INPUT', message });
      expect(response.json().errors['items.0.quantity']).toBe(message);
    }
    const empty = await placeOrder(app, buyer, []);
    expect(empty.json().errors.items).toBe(ORDER_MESSAGES.itemsRequired);
    const noDelivery = await placeOrder(app, buyer, line, { deliveryMethod: 'DRONE' });
    expect(noDelivery.json().errors.deliveryMethod).toBe(ORDER_MESSAGES.deliveryMethodInvalid);
  });

  it('adds up the quantities of one product on several lines, refusing more than 99 in all', async () => {
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 500 });
    const before = await countOrders();
    const line = { productId: lace.id, quantity: 60, price: 1_000 };
    const response = await placeOrder(app, buyer, [line, line]);
    expect(response.statusCode).toBe(400);
    // 120 pieces: over the line maximum of a product sold by the piece, told on the line that made it so.
    expect(response.json()).toEqual({
      code: 'INVALID_INPUT',
      message: QUANTITY_MESSAGES.overLineMax(PIECE_TERMS),
      errors: { 'items.1.quantity': QUANTITY_MESSAGES.overLineMax(PIECE_TERMS) },
    });
    expect(await countOrders()).toBe(before);
    expect(await stockOf(database, lace.id)).toBe(500);
    const fits = await placeOrder(app, buyer, [line, { ...line, quantity: 39 }]);
    expect(fits.statusCode).toBe(201);
    expect(fits.json().order.items).toMatchObject([{ quantity: 99 }]);
  });

  it('refuses with 400 an order whose total is more than the shop can record, creating nothing', async () => {
    // ₦20,000,000 a piece: two are more than 2,147,483,647 kobo.
    const loom = await createProduct(database, { priceKobo: 2_000_000_000, stock: 10 });
    const before = await countOrders();
    for (const quantity of [2, 99]) {
      const response = await placeOrder(app, buyer, [{ productId: loom.id, quantity, price: 20_000_000 }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_INPUT',
        message: ORDER_MESSAGES.orderTooLarge,
        errors: { items: ORDER_MESSAGES.orderTooLarge },
      });
    }
    expect(await countOrders()).toBe(before);
    expect(await stockOf(database, loom.id)).toBe(10);
    const one = await placeOrder(app, buyer, [{ productId: loom.id, quantity: 1, price: 20_000_000 }]);
    expect(one.statusCode).toBe(201);
    expect(one.json().order.subtotal).toBe(20_000_000);
  });

  it('needs a logged-in customer', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/orders', payload: orderBody([]) });
    expect(response.statusCode).toBe(401);
  });
});

describe('reading orders', () => {
  it("keeps an order's lines as they were when the catalogue changes or the product is deleted", async () => {
    const lace = await createProduct(database, { priceKobo: 300_000, name: 'Aso-oke trim' });
    const created = (await placeOrder(app, buyer, [{ productId: lace.id, quantity: 1, price: 3_000 }])).json().order;
    await database.query(
      `UPDATE products SET price_kobo = 990000, name = 'Renamed', images = '["/images/other.webp"]' WHERE id = $1`,
      [lace.id],
    );
    const read = await app.inject({ method: 'GET', url: `/api/orders/${created.id}`, headers: bearer(buyer) });
    expect(read.json().order.items).toEqual(created.items);
    expect(read.json().order.totalAmount).toBe(created.totalAmount);
  });

  it("answers 404 'Order Not Found' for another customer's order, by id or by number", async () => {
    const lace = await createProduct(database, { priceKobo: 100_000 });
    const order = (await placeOrder(app, buyer, [{ productId: lace.id, quantity: 1, price: 1_000 }])).json().order;
    const other = (await customer(app)).session;
    for (const key of [order.id, order.orderNumber]) {
      const response = await app.inject({ method: 'GET', url: `/api/orders/${key}`, headers: bearer(other) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Order Not Found' });
      const pay = await app.inject({ method: 'POST', url: `/api/orders/${key}/payment`, headers: bearer(other) });
      expect(pay.statusCode).toBe(404);
      const confirm = await app.inject({
        method: 'POST',
        url: '/api/orders/confirm-payment',
        headers: bearer(other),
        payload: { orderId: key, transactionId: '1', status: 'success' },
      });
      expect(confirm.statusCode).toBe(404);
    }
    const unknown = await app.inject({ method: 'GET', url: '/api/orders/TS-AAAAAAAA', headers: bearer(buyer) });
    expect(unknown.statusCode).toBe(404);
    const mine = await app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}`, headers: bearer(buyer) });
    expect(mine.json().order).toMatchObject({ id: order.id, history: [] });
    const byAdmin = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(admin) });
    expect(byAdmin.statusCode).toBe(200);
  });

  it("lists a customer's own orders, newest first", async () => {
    const shopper = (await customer(app)).session;
    const lace = await createProduct(database, { priceKobo: 100_000 });
    const first = (await placeOrder(app, shopper, [{ productId: lace.id, quantity: 1, price: 1_000 }])).json().order;
    const second = (await placeOrder(app, shopper, [{ productId: lace.id, quantity: 2, price: 1_000 }])).json().order;
    const response = await app.inject({ method: 'GET', url: '/api/orders/my-orders', headers: bearer(shopper) });
    expect(response.json().orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
  });

  it('gives the admin a filtered, searchable, paginated list and refuses customers', async () => {
    const shopper = await customer(app, { firstName: 'Chiamaka', lastName: 'Eze' });
    const lace = await createProduct(database, { priceKobo: 100_000 });
    const order = (await placeOrder(app, shopper.session, [{ productId: lace.id, quantity: 1, price: 1_000 }])).json()
      .order;
    const list = (query: string) =>
      app.inject({ method: 'GET', url: `/api/orders/admin${query}`, headers: bearer(admin) }).then((r) => r.json());
    expect((await list(`?search=${order.orderNumber}`)).orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await list('?search=chiamaka%20eze')).orders[0].id).toBe(order.id);
    expect((await list(`?search=${encodeURIComponent(shopper.email)}`)).total).toBe(1);
    const page = await list('?status=PENDING&page=1&pageSize=2');
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.orders).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    // The admin's filters count Lagos days: from 23:00 UTC that is already tomorrow.
    const today = lagosDate();
    expect((await list(`?from=${today}&to=${today}&search=${order.orderNumber}`)).total).toBe(1);
    expect((await list(`?to=2000-01-01`)).total).toBe(0);
    const refused = await app.inject({ method: 'GET', url: '/api/orders/admin', headers: bearer(buyer) });
    expect(refused.statusCode).toBe(403);
  });
});

describe('paying in the test gateway', () => {
  it("marks the order PAID and PROCESSING from the gateway's own signed webhook, with no confirmation from the browser", async () => {
    const lace = await createProduct(database, { priceKobo: 420_000, stock: 3 });
    const order = (await placeOrder(app, buyer, [{ productId: lace.id, quantity: 1, price: 4_200 }])).json().order;
    const started = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: bearer(buyer),
    });
    expect(started.statusCode).toBe(200);
    expect((await payWithCard(app, started.json().accessCode)).status).toBe('success');
    const paid = await waitFor(async () => {
      await app.payments.settle();
      const read = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) });
      const current = read.json().order;
      return current.paymentStatus === 'PAID' ? current : null;
    });
    expect(paid).toMatchObject({ status: 'PROCESSING', transactionId: expect.any(String), expiresAt: null });
    expect(paid.history).toEqual([
      expect.objectContaining({ field: 'paymentStatus', from: 'UNPAID', to: 'PAID', actor: 'provider' }),
    ]);
  });
});

describe('status changes', () => {
  it('lets an admin set any status, recording each change in the history and emailing the customer', async () => {
    const shopper = await customer(app);
    const lace = await createProduct(database, { priceKobo: 100_000 });
    const order = (await placeOrder(app, shopper.session, [{ productId: lace.id, quantity: 1, price: 1_000 }])).json()
      .order;
    for (const status of ['SHIPPED', 'DELIVERED', 'PENDING']) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/status`,
        headers: bearer(admin),
        payload: { status },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: ORDER_MESSAGES.statusUpdated, order: { status } });
    }
    const { history } = (
      await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(shopper.session) })
    ).json().order;
    expect(history.map((h: { from: string; to: string }) => `${h.from}>${h.to}`)).toEqual([
      'PENDING>SHIPPED',
      'SHIPPED>DELIVERED',
      'DELIVERED>PENDING',
    ]);
    // The customer sees the shop, not the staff member's address; the admin sees who it was.
    expect(history[0]).toMatchObject({ field: 'status', actor: 'shop' });
    expect(JSON.stringify(history)).not.toContain(ADMIN.email);
    const asAdmin = (await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(admin) })).json()
      .order;
    expect(asAdmin.history[0]).toMatchObject({ field: 'status', actor: `admin:${ADMIN.email}` });
    const emails = await database.query<{ to: string }>(
      `SELECT payload->>'to' AS to FROM outbox WHERE payload->>'template' = 'order-status-changed' AND payload->'data'->>'orderNumber' = $1`,
      [order.orderNumber],
    );
    expect(emails).toHaveLength(3);
    expect(emails[0]?.to).toBe(shopper.email);
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(admin),
      payload: { status: 'LOST' },
    });
    expect(bad.statusCode).toBe(400);
    const byCustomer = await app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(shopper.session),
      payload: { status: 'CANCELLED' },
    });
    expect(byCustomer.statusCode).toBe(403);
  });

  it('releases the stock once when an order is cancelled twice, or expires after a cancel', async () => {
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 10 });
    const order = (await placeOrder(app, buyer, [{ productId: lace.id, quantity: 4, price: 1_000 }])).json().order;
    expect(await stockOf(database, lace.id)).toBe(6);
    const cancel = () =>
      app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/status`,
        headers: bearer(admin),
        payload: { status: 'CANCELLED' },
      });
    expect((await cancel()).statusCode).toBe(200);
    expect(await stockOf(database, lace.id)).toBe(10);
    // Cancelled, reopened, cancelled again: the stock came back once.
    await app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(admin),
      payload: { status: 'PENDING' },
    });
    expect((await cancel()).statusCode).toBe(200);
    expect(await stockOf(database, lace.id)).toBe(10);
    // And its payment window ending later changes nothing either.
    await database.query(
      `UPDATE orders SET status = 'PENDING', expires_at = now() - interval '1 minute' WHERE id = $1`,
      [order.id],
    );
    await app.payments.expiry.runOnce();
    expect(await stockOf(database, lace.id)).toBe(10);
    const final = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) });
    expect(final.json().order.status).toBe('CANCELLED');
  });
});
