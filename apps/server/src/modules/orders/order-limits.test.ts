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
    shop = await createTestApp(withLimits({ unpaidOrders: 2, unpaidValueKobo: 5_000_000, productSharePercent: 50 }));
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
    expect((await bankTransferOrder(app, other, buttons.id, 20, 100, ELSEWHERE)).statusCode).toBe(201);
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

  it('frees what a cancelled order held', async () => {
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
    expect((await bankTransferOrder(app, session, product.id, 1)).statusCode).toBe(201);
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
    shop = await createTestApp(withLimits({ productSharePercent: 50 }));
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
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        [app, two, app, two].map((on) => bankTransferOrder(on, session, product.id, 1)),
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
