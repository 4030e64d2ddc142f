import { ORDER_MESSAGES, PIECE_TERMS } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../test/accounts';
import { createTestApp, testConfig, testEngine } from '../../../test/helper';
import { createProduct, orderBody, placeOrder, stockOf } from '../../../test/orders';
import { buildApp } from '../../app';
import { type AppConfig, loadConfig, type OrderLimits } from '../../config';
import type { Database } from '../../db/client';
import { productHoldMax } from './order-limits';

// What one customer may hold in unpaid orders, and how fast orders may be placed
// (docs/decisions/020-payments-module-and-hold-limits.md).

/** The shop's defaults, as `npm start` has them. */
const DEFAULTS = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).orders.limits;

function withLimits(limits: Partial<OrderLimits>): Partial<AppConfig> {
  const base = testConfig().orders;
  return { seedDemoCatalogue: false, orders: { ...base, limits: { ...base.limits, ...limits } } };
}

type Shop = Awaited<ReturnType<typeof createTestApp>>;

/** An order as `placeOrder` sends it, from a client address of its own. */
function orderFrom(address: string, app: FastifyInstance, session: Session, body: ReturnType<typeof orderBody>) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: address,
    headers: bearer(session),
    payload: body,
  });
}

/** Another customer's own address, beside the tests' 127.0.0.1. */
const ELSEWHERE = '198.51.100.7';

async function bankTransferOrder(
  app: FastifyInstance,
  session: Session,
  productId: string,
  quantity: number,
  price = 1_000,
  address = '127.0.0.1',
) {
  return orderFrom(
    address,
    app,
    session,
    orderBody([{ productId, quantity, price }], {
      paymentDetails: { method: 'bankTransfer', transactionId: null },
      deliveryMethod: 'PICKUP',
    }),
  );
}

describe('the defaults', () => {
  it('let a tailor buying in bulk through, and hold a product at half of its stock', () => {
    expect(DEFAULTS).toMatchObject({
      unpaidOrders: 3,
      unpaidValueKobo: 200_000_000,
      productSharePercent: 50,
      longHoldSharePercent: 50,
      ordersPerHour: 10,
      ordersPerHourPerAddress: 60,
    });
    // In hundredths of the unit (units.ts): pieces step by 100.
    const pieces = PIECE_TERMS;
    expect(productHoldMax(DEFAULTS, pieces, 10_000, 0)).toBe(5_000);
    // What unpaid orders hold counts as the shop's: it comes back if they are not paid.
    expect(productHoldMax(DEFAULTS, pieces, 5_000, 5_000)).toBe(5_000);
    expect(productHoldMax(DEFAULTS, pieces, 2_000, 2_000)).toBe(2_000);
    // Half of 3 pieces is 1.5: down to the step, a whole piece.
    expect(productHoldMax(DEFAULTS, pieces, 300, 0)).toBe(100);
    // The last unit of a product can always be bought.
    expect(productHoldMax(DEFAULTS, pieces, 100, 0)).toBe(100);
    expect(productHoldMax(DEFAULTS, pieces, 0, 0)).toBe(100);
    // By the yard, step 0.5, minimum 1: half of 7.5 yd is 3.75, down to the step 3.5 yd; never under the minimum.
    const lace = { ...PIECE_TERMS, unit: 'yard' as const, stepHundredths: 50, minHundredths: 100 };
    expect(productHoldMax(DEFAULTS, lace, 750, 0)).toBe(350);
    expect(productHoldMax(DEFAULTS, lace, 150, 0)).toBe(100);
  });
});

describe('limits on unpaid orders', () => {
  let shop: Shop;
  let app: FastifyInstance;
  let database: Database;
  let admin: Session;

  beforeAll(async () => {
    shop = await createTestApp(
      withLimits({ unpaidOrders: 2, unpaidValueKobo: 5_000_000, productSharePercent: 50, longHoldSharePercent: 50 }),
    );
    ({ app, database } = shop);
    admin = await login(app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('refuses a third unpaid order with 409 HOLD_LIMIT_REACHED until one is paid or cancelled', async () => {
    const { session } = await customer(app);
    const product = await createProduct(database, { priceKobo: 100_000, stock: 100 });
    const first = (await bankTransferOrder(app, session, product.id, 1)).json().order;
    expect((await bankTransferOrder(app, session, product.id, 1)).statusCode).toBe(201);
    const refused = await bankTransferOrder(app, session, product.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'HOLD_LIMIT_REACHED',
      limit: 'unpaidOrders',
      message: ORDER_MESSAGES.unpaidOrdersLimit(2),
    });
    expect(await stockOf(database, product.id)).toBe(98);

    // Paid orders never count: once the shop confirms the transfer, another may be placed.
    const confirmed = await app.inject({
      method: 'PATCH',
      url: `/api/orders/${first.id}/confirm-transfer`,
      headers: bearer(admin),
      payload: { amountReceived: 1_000, note: '' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await bankTransferOrder(app, session, product.id, 1)).statusCode).toBe(201);
    expect((await bankTransferOrder(app, session, product.id, 1)).statusCode).toBe(409);
  });

  it('counts the value held: an order that would take the customer past it is refused', async () => {
    const { session } = await customer(app);
    const lace = await createProduct(database, { priceKobo: 3_000_000, stock: 10 });
    // ₦30,000 + ₦0 pickup: one holds ₦30,000 of the ₦50,000 allowed.
    expect((await bankTransferOrder(app, session, lace.id, 1, 30_000)).statusCode).toBe(201);
    const refused = await bankTransferOrder(app, session, lace.id, 1, 30_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'HOLD_LIMIT_REACHED',
      limit: 'value',
      message: ORDER_MESSAGES.unpaidValueLimit('₦50,000.00'),
    });
  });

  it('holds at most the configured share of a product; another customer can still buy', async () => {
    const { session } = await customer(app);
    const other = (await customer(app)).session;
    const buttons = await createProduct(database, { priceKobo: 10_000, stock: 40 });
    const greedy = await bankTransferOrder(app, session, buttons.id, 21, 100);
    expect(greedy.statusCode).toBe(409);
    expect(greedy.json()).toMatchObject({
      code: 'HOLD_LIMIT_REACHED',
      limit: 'productShare',
      productId: buttons.id,
      message: ORDER_MESSAGES.productShareLimit(buttons.name, '20'),
    });
    expect((await bankTransferOrder(app, session, buttons.id, 20, 100)).statusCode).toBe(201);
    expect((await bankTransferOrder(app, session, buttons.id, 1, 100)).json()).toMatchObject({ limit: 'productShare' });
    // Transfers hold half of it between them (the long holds' share): the rest goes by card.
    const longHeld = await bankTransferOrder(app, other, buttons.id, 1, 100, ELSEWHERE);
    expect(longHeld.json()).toMatchObject({ limit: 'longHolds' });
    const card = orderBody([{ productId: buttons.id, quantity: 20, price: 100 }]);
    expect((await orderFrom(ELSEWHERE, app, other, card)).statusCode).toBe(201);
    expect(await stockOf(database, buttons.id)).toBe(0);
  });

  it('counts the share of a product sold by the yard in hundredths, down to its step, and says it in yards', async () => {
    const { session } = await customer(app);
    const lace = await createProduct(database, {
      priceKobo: 120_000,
      stock: 15,
      terms: { unit: 'yard', stepHundredths: 50, minHundredths: 100 },
    });
    // Half of 15 yd is 7.5 yd.
    const greedy = await bankTransferOrder(app, session, lace.id, 8, 1_200);
    expect(greedy.statusCode).toBe(409);
    expect(greedy.json()).toMatchObject({
      code: 'HOLD_LIMIT_REACHED',
      limit: 'productShare',
      productId: lace.id,
      most: 7.5,
      message: ORDER_MESSAGES.productShareLimit(lace.name, '7.5 yd'),
    });
    expect((await bankTransferOrder(app, session, lace.id, 7.5, 1_200)).statusCode).toBe(201);
    expect(await stockOf(database, lace.id)).toBe(7.5);
  });

  it('frees what a cancelled order held for a card order at once, for another transfer a day later', async () => {
    const { session } = await customer(app);
    const product = await createProduct(database, { priceKobo: 100_000, stock: 100 });
    const first = (await bankTransferOrder(app, session, product.id, 1)).json().order;
    await bankTransferOrder(app, session, product.id, 1);
    expect((await bankTransferOrder(app, session, product.id, 1)).statusCode).toBe(409);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/orders/${first.id}/cancel`,
      headers: bearer(session),
    });
    expect(cancelled.statusCode).toBe(200);
    // Cancelling and placing again renews nothing: the cancelled transfer still counts for a day.
    const again = await bankTransferOrder(app, session, product.id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'HOLD_LIMIT_REACHED', limit: 'unpaidOrders' });
    // A card order ends in minutes by itself: what the customer holds now is what counts.
    const card = await orderFrom(
      '127.0.0.1',
      app,
      session,
      orderBody([{ productId: product.id, quantity: 1, price: 1_000 }]),
    );
    expect(card.statusCode).toBe(201);
    await app.inject({ method: 'POST', url: `/api/orders/${card.json().order.id}/cancel`, headers: bearer(session) });
    // A day after the cancellation, it no longer counts.
    await database.query(`UPDATE orders SET stock_released_at = now() - interval '25 hours' WHERE id = $1`, [first.id]);
    expect((await bankTransferOrder(app, session, product.id, 1)).statusCode).toBe(201);
  });

  it('counts an expired transfer toward the share of a product for a day', async () => {
    const { session } = await customer(app);
    const lace = await createProduct(database, { priceKobo: 100_000, stock: 10 });
    const held = (await bankTransferOrder(app, session, lace.id, 5)).json().order;
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [held.id]);
    await app.payments.expiry.runOnce();
    expect(await stockOf(database, lace.id)).toBe(10);
    // The 5 it let expire are still its own for a day: its half of the 10 is spent.
    const renewed = await bankTransferOrder(app, session, lace.id, 5);
    expect(renewed.statusCode).toBe(409);
    expect(renewed.json()).toMatchObject({ limit: 'productShare', productId: lace.id });
    // Another customer (another network) is not concerned.
    const other = (await customer(app)).session;
    expect((await bankTransferOrder(app, other, lace.id, 5, 1_000, ELSEWHERE)).statusCode).toBe(201);
  });
});

describe('long holds of every customer together', () => {
  let shop: Shop;

  beforeAll(async () => {
    // The per-customer share off, so only the long holds' share across customers is at work.
    shop = await createTestApp(withLimits({ productSharePercent: 100, longHoldSharePercent: 50 }));
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('hold at most half of a product; past it transfer and pay on delivery are refused, a card order is not', async () => {
    const { app, database } = shop;
    // The report's 13-unit product: three accounts on three networks asked for 6 + 6 + 1.
    const scarce = await createProduct(database, { priceKobo: 100_000, stock: 13 });
    const [one, two, three] = [
      (await customer(app)).session,
      (await customer(app)).session,
      (await customer(app)).session,
    ];
    expect((await bankTransferOrder(app, one, scarce.id, 6, 1_000, '198.51.100.1')).statusCode).toBe(201);
    const refused = await bankTransferOrder(app, two, scarce.id, 6, 1_000, '198.51.100.2');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'HOLD_LIMIT_REACHED',
      limit: 'longHolds',
      productId: scarce.id,
      message: ORDER_MESSAGES.longHoldShareLimit(scarce.name),
      errors: { 'paymentDetails.method': ORDER_MESSAGES.longHoldShareLimit(scarce.name) },
    });
    const pod = await orderFrom(
      '198.51.100.3',
      app,
      three,
      orderBody([{ productId: scarce.id, quantity: 1, price: 1_000 }], {
        paymentDetails: { method: 'payOnDelivery', transactionId: null },
        deliveryMethod: 'PICKUP',
      }),
    );
    expect(pod.statusCode).toBe(409);
    expect(pod.json()).toMatchObject({ code: 'HOLD_LIMIT_REACHED', limit: 'longHolds' });
    // The honest card buyer still gets the rest of the shelf.
    const card = await orderFrom(
      '198.51.100.2',
      app,
      two,
      orderBody([{ productId: scarce.id, quantity: 7, price: 1_000 }]),
    );
    expect(card.statusCode).toBe(201);
    expect(await stockOf(database, scarce.id)).toBe(0);
  });
});

describe('customers behind one carrier NAT address', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await createTestApp(withLimits({ unpaidOrdersPerAddress: 3 }));
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('are held to the address cap for transfers only: a card order from the address always goes through', async () => {
    const { app, database } = shop;
    const product = await createProduct(database, { priceKobo: 100_000, stock: 100 });
    const nat = '102.89.40.7';
    for (let i = 0; i < 3; i++) {
      const { session } = await customer(app);
      expect((await bankTransferOrder(app, session, product.id, 1, 1_000, nat)).statusCode).toBe(201);
    }
    const { session: next } = await customer(app);
    const transfer = await bankTransferOrder(app, next, product.id, 1, 1_000, nat);
    expect(transfer.json()).toMatchObject({ code: 'HOLD_LIMIT_REACHED', limit: 'address' });
    for (let i = 0; i < 3; i++) {
      const { session } = await customer(app);
      const card = await orderFrom(
        nat,
        app,
        session,
        orderBody([{ productId: product.id, quantity: 1, price: 1_000 }]),
      );
      expect(card.statusCode).toBe(201);
    }
    // Unpaid card orders are not counted against the address either.
    const [count] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE placed_from = $1 AND payment_status = 'UNPAID'`,
      [nat],
    );
    expect(count?.n).toBe(6);
  });

  it('count an IPv6 /64 as one address, whichever address of it each account uses', async () => {
    const { app, database } = shop;
    const product = await createProduct(database, { priceKobo: 100_000, stock: 100 });
    for (const host of ['a', 'b', 'c']) {
      const { session } = await customer(app);
      const placed = await bankTransferOrder(app, session, product.id, 1, 1_000, `2001:db8:17:4::${host}`);
      expect(placed.statusCode).toBe(201);
    }
    const { session } = await customer(app);
    const refused = await bankTransferOrder(app, session, product.id, 1, 1_000, '2001:db8:17:4:ffff:1:2:3');
    expect(refused.json()).toMatchObject({ code: 'HOLD_LIMIT_REACHED', limit: 'address' });
    // The next /64 is another line.
    expect((await bankTransferOrder(app, session, product.id, 1, 1_000, '2001:db8:17:5::1')).statusCode).toBe(201);
    const [kept] = await database.query<{ placed_from: string }>(
      `SELECT placed_from FROM orders WHERE placed_from LIKE '2001:db8:17:4%' LIMIT 1`,
    );
    expect(kept?.placed_from).toBe('2001:db8:17:4::/64');
  });
});

describe('unpaid orders placed from one address', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await createTestApp(withLimits({ unpaidOrdersPerAddress: 2 }));
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('refuses more unpaid orders from one address than the limit, whichever account places them', async () => {
    const { app, database } = shop;
    const product = await createProduct(database, { priceKobo: 100_000, stock: 100 });
    const accounts = [(await customer(app)).session, (await customer(app)).session, (await customer(app)).session];
    const first = (await bankTransferOrder(app, accounts[0] as Session, product.id, 1)).json().order;
    expect((await bankTransferOrder(app, accounts[1] as Session, product.id, 1)).statusCode).toBe(201);
    const refused = await bankTransferOrder(app, accounts[2] as Session, product.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'HOLD_LIMIT_REACHED',
      limit: 'address',
      message: ORDER_MESSAGES.addressUnpaidLimit,
    });
    // Another address is not concerned.
    const elsewhere = await bankTransferOrder(app, accounts[2] as Session, product.id, 1, 1_000, ELSEWHERE);
    expect(elsewhere.statusCode).toBe(201);
    // A cancelled order no longer counts, and its address is not kept.
    await app.inject({
      method: 'POST',
      url: `/api/orders/${first.id}/cancel`,
      headers: bearer(accounts[0] as Session),
    });
    const [kept] = await database.query<{ placed_from: string | null }>(
      'SELECT placed_from FROM orders WHERE id = $1',
      [first.id],
    );
    expect(kept?.placed_from).toBeNull();
    expect((await bankTransferOrder(app, accounts[2] as Session, product.id, 1)).statusCode).toBe(201);
  });
});

describe('the accounts of one address together', () => {
  let shop: Shop;

  beforeAll(async () => {
    // The long holds' share across every network off: this is the one network's own.
    shop = await createTestApp(withLimits({ productSharePercent: 50, longHoldSharePercent: 100 }));
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('hold no more of a product than one account may', async () => {
    const { app, database } = shop;
    const scarce = await createProduct(database, { priceKobo: 100_000, stock: 10 });
    const [one, two] = [(await customer(app)).session, (await customer(app)).session];
    expect((await bankTransferOrder(app, one, scarce.id, 3)).statusCode).toBe(201);
    // 3 held of the shop's 10: each account may hold 5, and so may both together.
    const refused = await bankTransferOrder(app, two, scarce.id, 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'HOLD_LIMIT_REACHED', limit: 'address', productId: scarce.id });
    expect((await bankTransferOrder(app, two, scarce.id, 2)).statusCode).toBe(201);
    expect(await stockOf(database, scarce.id)).toBe(5);
  });
});

describe('orders placed per hour', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await createTestApp(withLimits({ ordersPerHour: 3, ordersPerHourPerAddress: 5 }));
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('answers 429 with Retry-After past the limit of a customer, then of an address', async () => {
    const { app, database } = shop;
    const product = await createProduct(database, { priceKobo: 100_000, stock: 100 });
    const one = (await customer(app)).session;
    for (let i = 0; i < 3; i++) expect((await bankTransferOrder(app, one, product.id, 1)).statusCode).toBe(201);
    const refused = await bankTransferOrder(app, one, product.id, 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: ORDER_MESSAGES.tooManyOrders });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A second customer on the same address has the address's last two.
    // A refused order is not counted against the address: a second customer there has two left.
    const two = (await customer(app)).session;
    expect((await bankTransferOrder(app, two, product.id, 1)).statusCode).toBe(201);
    expect((await bankTransferOrder(app, two, product.id, 1)).statusCode).toBe(201);
    expect((await bankTransferOrder(app, two, product.id, 1)).statusCode).toBe(429);
    expect(await stockOf(database, product.id)).toBe(95);
  });
});

describe('one account placing orders as fast as it can, with the default limits', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await createTestApp({ ...withLimits(DEFAULTS) });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('holds at most half of any product, and another customer still buys', async () => {
    const { app, database } = shop;
    const products = await Promise.all(
      Array.from({ length: 6 }, () => createProduct(database, { priceKobo: 150_000, stock: 99 })),
    );
    const attacker = (await customer(app)).session;
    // Everything at once, biggest first, as a script would: 99 of each, then less and less.
    const quantities = [99, 99, 80, 60, 50, 49, 40, 30, 20, 10, 5, 1, 1, 1, 1];
    const answers = await Promise.all(
      quantities.map((quantity) =>
        placeOrder(
          app,
          attacker,
          products.map((product) => ({ productId: product.id, quantity, price: 1_500 })),
          { paymentDetails: { method: 'bankTransfer', transactionId: null }, deliveryMethod: 'PICKUP' },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(DEFAULTS.unpaidOrders);
    expect(statuses.every((status) => status === 201 || status === 409 || status === 429)).toBe(true);
    for (const product of products) {
      const held = 99 - (await stockOf(database, product.id));
      expect(held).toBeLessThanOrEqual(Math.floor(99 / 2));
    }
    const buyer = (await customer(app)).session;
    const bought = await orderFrom(
      ELSEWHERE,
      app,
      buyer,
      orderBody(products.map((product) => ({ productId: product.id, quantity: 40, price: 1_500 }))),
    );
    expect(bought.statusCode).toBe(201);
  });
});

describe.skipIf(testEngine !== 'postgres')('two server processes, one customer', () => {
  let shop: Shop;
  let two: FastifyInstance;

  beforeAll(async () => {
    const config = withLimits({ unpaidOrders: 1 });
    shop = await createTestApp(config);
    two = await buildApp(testConfig(config), { database: shop.database });
  });
  afterAll(async () => {
    await two?.close();
    await shop?.close();
  });

  it('counts orders placed at the same moment one after the other', async () => {
    const { app, database } = shop;
    const product = await createProduct(database, { priceKobo: 100_000, stock: 100 });
    const { session } = await customer(app);
    // Card orders: a cancelled transfer would still count for a day (tested above).
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        [app, two, app, two].map((on) =>
          orderFrom('127.0.0.1', on, session, orderBody([{ productId: product.id, quantity: 1, price: 1_000 }])),
        ),
      );
      const placed = answers.filter((answer) => answer.statusCode === 201);
      expect(placed.length).toBe(1);
      // Cancel what was placed, so the next round starts with nothing held.
      for (const answer of placed) {
        const { id } = answer.json().order;
        await app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: bearer(session) });
      }
    }
    expect(await stockOf(database, product.id)).toBe(100);
  });
});

describe.skipIf(testEngine !== 'postgres')('two server processes, many customers, one scarce product', () => {
  let shop: Shop;
  let two: FastifyInstance;

  beforeAll(async () => {
    const config = withLimits({ productSharePercent: 100, longHoldSharePercent: 50 });
    shop = await createTestApp(config);
    two = await buildApp(testConfig(config), { database: shop.database });
  });
  afterAll(async () => {
    await two?.close();
    await shop?.close();
  });

  it('let long holds placed at the same moment take no more than their share together', async () => {
    const { app, database } = shop;
    const product = await createProduct(database, { priceKobo: 100_000, stock: 20 });
    const sessions = await Promise.all(Array.from({ length: 8 }, async () => (await customer(app)).session));
    const answers = await Promise.all(
      sessions.map((session, index) =>
        bankTransferOrder(index % 2 ? two : app, session, product.id, 2, 1_000, `198.51.100.${20 + index}`),
      ),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201).length;
    expect(answers.every((answer) => answer.statusCode === 201 || answer.json().limit === 'longHolds')).toBe(true);
    // Half of 20 is 10: five orders of 2, never more.
    expect(placed).toBe(5);
    expect(await stockOf(database, product.id)).toBe(10);
  });
});
