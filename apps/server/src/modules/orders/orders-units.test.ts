import {
  hundredthsToUnits,
  koboToNaira,
  LINE_MAX_UNITS,
  lineTotalKobo,
  ORDER_ADMIN_MESSAGES,
  ORDER_MESSAGES,
  orderSchema,
  parseQuantity,
  QUANTITY_MESSAGES,
  QUANTITY_SCALE,
  SALE_UNITS,
  type SaleTerms,
  unitPriceKobo,
} from '@shop/shared';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../test/accounts';
import { createMailingTestApp } from '../../../test/helper';
import { createProduct, placeOrder, stockHundredthsOf, stockOf } from '../../../test/orders';
import type { TestSmtpServer } from '../../../test/smtp';
import type { Database } from '../../db/client';
import { OrdersRepository } from './orders.repository';

// Orders in the unit of sale (issue 24): quantities as decimals of the unit in the API and
// integer hundredths everywhere else, the product's own quantity rule, price breaks priced by the
// server, and the same quantities and totals in the answer, the stock and the emails.

let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
let app: FastifyInstance;
let database: Database;
let smtp: TestSmtpServer;
let buyer: Session;
let buyerEmail: string;
let admin: Session;

beforeAll(async () => {
  shop = await createMailingTestApp();
  ({ app, database, smtp } = shop);
  const account = await customer(app, { firstName: 'Kemi', lastName: 'Adeyemi' });
  buyer = account.session;
  buyerEmail = account.email;
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await shop?.close();
});

const countOrders = async () =>
  (await database.query<{ count: number }>('SELECT count(*)::int AS count FROM orders'))[0]?.count;

/** Lace by the yard: step 0.5, minimum 1, ₦1,200 a yard, ₦1,050 from 10 yards. */
const LACE: Partial<SaleTerms> = {
  unit: 'yard',
  stepHundredths: 50,
  minHundredths: 100,
  priceBreaks: [{ minHundredths: 1_000, priceKobo: 105_000 }],
};
/** Buttons by the pack of 12: ₦2,500 a pack, ₦2,200 from 5 packs. */
const BUTTONS: Partial<SaleTerms> = {
  unit: 'pack',
  stepHundredths: 100,
  minHundredths: 100,
  packSize: 12,
  packItemName: 'buttons',
  priceBreaks: [{ minHundredths: 500, priceKobo: 220_000 }],
};

/**
 * Terms the admin form can save (saleTermsProblems finds nothing), a price, a stock and a
 * quantity the rule allows with that stock.
 */
const orderCase = fc
  .record({
    unit: fc.constantFrom(...SALE_UNITS),
    lengthStep: fc.constantFrom(1, 5, 10, 25, 50, 100),
    minSteps: fc.integer({ min: 1, max: 4 }),
    packSize: fc.integer({ min: 2, max: 144 }),
    // Up to ₦50,000 a unit: 200 yards of it stay within what one order can record.
    priceKobo: fc.integer({ min: 1, max: 5_000_000 }),
    breaks: fc.array(
      fc.record({ extraSteps: fc.integer({ min: 1, max: 60 }), cut: fc.integer({ min: 1, max: 90_000 }) }),
      {
        maxLength: 3,
      },
    ),
    quantitySteps: fc.integer({ min: 0, max: 20_000 }),
    spareSteps: fc.integer({ min: 0, max: 50 }),
  })
  .map(({ unit, lengthStep, minSteps, packSize, priceKobo, breaks, quantitySteps, spareSteps }) => {
    const step = unit === 'yard' || unit === 'metre' ? lengthStep : QUANTITY_SCALE;
    const min = step * minSteps;
    let breakMin = min;
    let breakPrice = priceKobo;
    const priceBreaks = [];
    for (const line of breaks) {
      if (breakPrice - line.cut < 0) break;
      breakMin += line.extraSteps * step;
      breakPrice -= line.cut;
      priceBreaks.push({ minHundredths: breakMin, priceKobo: breakPrice });
    }
    const lineMax = Math.floor((LINE_MAX_UNITS[unit] * QUANTITY_SCALE) / step) * step;
    const hundredths = Math.min(lineMax, min + (quantitySteps % ((lineMax - min) / step + 1)) * step);
    const terms: SaleTerms = {
      unit,
      stepHundredths: step,
      minHundredths: min,
      packSize: unit === 'pack' ? packSize : null,
      packItemName: unit === 'pack' ? 'buttons' : null,
      priceBreaks,
    };
    return { terms, priceKobo, hundredths, stockHundredths: hundredths + spareSteps * step };
  });

describe('an order of any quantity the rule allows', () => {
  it('answers the quantity exactly, prices it with its break and takes exactly that much stock', async () => {
    await fc.assert(
      fc.asyncProperty(orderCase, async ({ terms, priceKobo, hundredths, stockHundredths }) => {
        const product = await createProduct(database, { priceKobo, stock: hundredthsToUnits(stockHundredths), terms });
        expect(await stockHundredthsOf(database, product.id)).toBe(stockHundredths);
        const unitPrice = unitPriceKobo(priceKobo, terms, hundredths);
        const response = await placeOrder(
          app,
          buyer,
          [{ productId: product.id, quantity: hundredthsToUnits(hundredths), price: koboToNaira(unitPrice) }],
          { deliveryMethod: 'EXPRESS' },
        );
        expect(response.statusCode, response.body).toBe(201);
        const order = orderSchema.parse(response.json().order);
        const [line] = order.items;
        expect(parseQuantity(line?.quantity ?? -1)).toBe(hundredths);
        expect(line).toMatchObject({
          unit: terms.unit,
          packSize: terms.packSize,
          packItemName: terms.packItemName,
          price: koboToNaira(unitPrice),
          listPrice: unitPrice < priceKobo ? koboToNaira(priceKobo) : null,
          lineTotal: koboToNaira(lineTotalKobo(unitPrice, hundredths)),
        });
        expect(order.subtotal).toBe(line?.lineTotal);
        expect(await stockHundredthsOf(database, product.id)).toBe(stockHundredths - hundredths);
      }),
      { numRuns: 25 },
    );
  });
});

describe('quantities off the product rule', () => {
  it('answers 400 INVALID_INPUT with each line’s message on its field, creating nothing and taking no stock', async () => {
    const lace = await createProduct(database, { priceKobo: 120_000, stock: 40, terms: LACE });
    const buttons = await createProduct(database, { priceKobo: 250_000, stock: 500, terms: BUTTONS });
    const laceTerms = { ...(LACE as SaleTerms), packSize: null, packItemName: null };
    const buttonTerms = BUTTONS as SaleTerms;
    const before = await countOrders();
    const cases: [number, number, string][] = [
      [2.25, 1_200, QUANTITY_MESSAGES.offStep(laceTerms)],
      [0.5, 1_200, QUANTITY_MESSAGES.underMin(laceTerms)],
    ];
    expect(QUANTITY_MESSAGES.offStep(laceTerms)).toBe('Choose a quantity in steps of 0.5 yd');
    for (const [quantity, price, message] of cases) {
      const response = await placeOrder(app, buyer, [{ productId: lace.id, quantity, price }]);
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(response.json()).toEqual({ code: 'INVALID_INPUT', message, errors: { 'items.0.quantity': message } });
    }
    // Over the line maximum of packs (99), with a lace line off its step: both told at once.
    const both = await placeOrder(app, buyer, [
      { productId: lace.id, quantity: 3.3, price: 1_200 },
      { productId: buttons.id, quantity: 100, price: 2_200 },
    ]);
    expect(both.statusCode).toBe(400);
    expect(QUANTITY_MESSAGES.overLineMax(buttonTerms)).toBe(
      'One order can take at most 99 packs (1,188 buttons) of this',
    );
    expect(both.json()).toEqual({
      code: 'INVALID_INPUT',
      message: QUANTITY_MESSAGES.offStep(laceTerms),
      errors: {
        'items.0.quantity': QUANTITY_MESSAGES.offStep(laceTerms),
        'items.1.quantity': QUANTITY_MESSAGES.overLineMax(buttonTerms),
      },
    });
    expect(await countOrders()).toBe(before);
    expect(await stockOf(database, lace.id)).toBe(40);
    expect(await stockOf(database, buttons.id)).toBe(500);
  });

  it('adds up lines of one product in hundredths before the rule: 1.25 yd twice is 2.5 yd', async () => {
    const lace = await createProduct(database, { priceKobo: 120_000, stock: 10, terms: LACE });
    const line = { productId: lace.id, quantity: 1.25, price: 1_200 };
    const response = await placeOrder(app, buyer, [line, line]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().order.items).toMatchObject([{ quantity: 2.5, lineTotal: 3_000 }]);
    expect(await stockOf(database, lace.id)).toBe(7.5);
  });

  it('answers 409 OUT_OF_STOCK with what is left as the unit writes it', async () => {
    const lace = await createProduct(database, { priceKobo: 120_000, stock: 12.5, terms: LACE, name: 'Cord lace' });
    const buttons = await createProduct(database, {
      priceKobo: 250_000,
      stock: 4,
      terms: BUTTONS,
      name: 'Pearl buttons',
    });
    const short = await placeOrder(app, buyer, [{ productId: lace.id, quantity: 13, price: 1_050 }]);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({
      code: 'OUT_OF_STOCK',
      message: ORDER_MESSAGES.onlyLeftInStock('12.5 yd', 'Cord lace'),
      productId: lace.id,
      available: 12.5,
    });
    const packs = await placeOrder(app, buyer, [{ productId: buttons.id, quantity: 5, price: 2_200 }]);
    expect(packs.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: ORDER_MESSAGES.onlyLeftInStock('4 packs (48 buttons)', 'Pearl buttons'),
      available: 4,
    });
    expect(await stockOf(database, lace.id)).toBe(12.5);
  });
});

describe('price breaks', () => {
  it('prices a quantity that crosses a break at the break, and one below it at the price', async () => {
    const lace = await createProduct(database, { priceKobo: 120_000, stock: 40, terms: LACE });
    const crossing = await placeOrder(app, buyer, [{ productId: lace.id, quantity: 12, price: 1_050 }]);
    expect(crossing.statusCode, crossing.body).toBe(201);
    expect(crossing.json().order).toMatchObject({
      subtotal: 12_600,
      items: [{ quantity: 12, unit: 'yard', price: 1_050, listPrice: 1_200, lineTotal: 12_600 }],
    });
    const below = await placeOrder(app, buyer, [{ productId: lace.id, quantity: 9.5, price: 1_200 }]);
    expect(below.statusCode, below.body).toBe(201);
    expect(below.json().order.items).toMatchObject([
      { quantity: 9.5, price: 1_200, listPrice: null, lineTotal: 11_400 },
    ]);
    expect(await stockOf(database, lace.id)).toBe(18.5);
  });

  it('refuses a client price that missed the break, or took one it does not reach, with 409 PRICE_CHANGED and the terms', async () => {
    const lace = await createProduct(database, { priceKobo: 120_000, stock: 40, terms: LACE });
    const buttons = await createProduct(database, { priceKobo: 250_000, stock: 30, terms: BUTTONS });
    const before = await countOrders();
    const expected = {
      code: 'PRICE_CHANGED',
      message: ORDER_MESSAGES.priceChanged,
      prices: [
        {
          productId: lace.id,
          price: 1_200,
          unit: 'yard',
          step: 0.5,
          minQuantity: 1,
          packSize: null,
          packItemName: null,
          priceBreaks: [{ minQuantity: 10, price: 1_050 }],
          stock: 40,
        },
        {
          productId: buttons.id,
          price: 2_500,
          unit: 'pack',
          step: 1,
          minQuantity: 1,
          packSize: 12,
          packItemName: 'buttons',
          priceBreaks: [{ minQuantity: 5, price: 2_200 }],
          stock: 30,
        },
      ],
    };
    // 12 yards at the price before the break.
    const missed = await placeOrder(app, buyer, [
      { productId: lace.id, quantity: 12, price: 1_200 },
      { productId: buttons.id, quantity: 3, price: 2_500 },
    ]);
    expect(missed.statusCode).toBe(409);
    expect(missed.json()).toEqual(expected);
    // 9.5 yards at the break's price.
    const took = await placeOrder(app, buyer, [
      { productId: lace.id, quantity: 9.5, price: 1_050 },
      { productId: buttons.id, quantity: 3, price: 2_500 },
    ]);
    expect(took.json()).toEqual(expected);
    expect(await countOrders()).toBe(before);
    expect(await stockOf(database, lace.id)).toBe(40);
  });

  it('takes no stock when the price breaks changed after the order was priced (the reservation re-checks them)', async () => {
    const lace = await createProduct(database, { priceKobo: 120_000, stock: 40, terms: LACE });
    const repository = new OrdersRepository(database);
    const [read] = await repository.findProductsForOrder([lace.id]);
    if (!read) throw new Error('no product');
    const line = {
      productId: lace.id,
      quantityHundredths: 1_200,
      priceKobo: read.priceKobo,
      priceBreaks: read.storedPriceBreaks,
      terms: read.terms,
    };
    await database.query(
      `UPDATE products SET price_breaks = '[{"minHundredths": 1000, "priceKobo": 90000}]' WHERE id = $1`,
      [lace.id],
    );
    expect(await database.db.transaction((tx) => repository.takeStock(tx, [line]))).toEqual([]);
    expect(await stockOf(database, lace.id)).toBe(40);
    const [fresh] = await repository.findProductsForOrder([lace.id]);
    if (!fresh) throw new Error('no product');
    const taken = await database.db.transaction((tx) =>
      repository.takeStock(tx, [{ ...line, priceBreaks: fresh.storedPriceBreaks }]),
    );
    expect(taken).toEqual([lace.id]);
    expect(await stockOf(database, lace.id)).toBe(28);
  });
});

describe('after the order', () => {
  it('gives back and takes again exactly the hundredths ordered, and says what is left as the unit writes it', async () => {
    const lace = await createProduct(database, { priceKobo: 120_000, stock: 12.5, terms: LACE, name: 'Bridal lace' });
    const order = (await placeOrder(app, buyer, [{ productId: lace.id, quantity: 2.5, price: 1_200 }])).json().order;
    expect(await stockOf(database, lace.id)).toBe(10);
    const setStatus = (status: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/status`,
        headers: bearer(admin),
        payload: { status },
      });
    expect((await setStatus('CANCELLED')).statusCode).toBe(200);
    expect(await stockOf(database, lace.id)).toBe(12.5);
    expect((await setStatus('PENDING')).statusCode).toBe(200);
    expect(await stockOf(database, lace.id)).toBe(10);
    expect((await setStatus('CANCELLED')).statusCode).toBe(200);
    // Sold meanwhile down to 1.5 yd: the order cannot come back.
    await database.query('UPDATE products SET stock_hundredths = 150 WHERE id = $1', [lace.id]);
    const refused = await setStatus('PENDING');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'OUT_OF_STOCK',
      message: ORDER_ADMIN_MESSAGES.reopenOutOfStock('1.5 yd', 'Bridal lace'),
      productId: lace.id,
      available: 1.5,
    });
    expect(await stockOf(database, lace.id)).toBe(1.5);
  });

  it('shows the same lines in my orders and the admin list', async () => {
    const shopper = await customer(app);
    const buttons = await createProduct(database, { priceKobo: 250_000, stock: 30, terms: BUTTONS });
    const placed = (
      await placeOrder(app, shopper.session, [{ productId: buttons.id, quantity: 5, price: 2_200 }])
    ).json().order;
    expect(placed.items).toMatchObject([
      {
        quantity: 5,
        unit: 'pack',
        packSize: 12,
        packItemName: 'buttons',
        price: 2_200,
        listPrice: 2_500,
        lineTotal: 11_000,
      },
    ]);
    const mine = (
      await app.inject({ method: 'GET', url: '/api/orders/my-orders', headers: bearer(shopper.session) })
    ).json();
    expect(orderSchema.array().parse(mine.orders)[0]?.items).toEqual(placed.items);
    const listed = (
      await app.inject({ method: 'GET', url: `/api/orders/admin?search=${placed.orderNumber}`, headers: bearer(admin) })
    ).json();
    expect(orderSchema.array().parse(listed.orders)[0]?.items).toEqual(placed.items);
  });

  it('emails the customer each line in its unit, at its unit price and break, with the charged total', async () => {
    const lace = await createProduct(database, { priceKobo: 120_000, stock: 40, terms: LACE, name: 'Gold Swiss lace' });
    const buttons = await createProduct(database, {
      priceKobo: 250_000,
      stock: 30,
      terms: BUTTONS,
      name: 'Shirt buttons',
    });
    const response = await placeOrder(app, buyer, [
      { productId: lace.id, quantity: 12, price: 1_050 },
      { productId: buttons.id, quantity: 3, price: 2_500 },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { orderNumber } = response.json().order;
    const mail = await smtp.waitFor(buyerEmail, (m) => m.subject === `Order ${orderNumber} received`);
    expect(mail.text).toContain(
      '12 yd × Gold Swiss lace at ₦1,050 / yard (price break, was ₦1,200 / yard): ₦12,600.00',
    );
    expect(mail.text).toContain('3 packs (36 buttons) × Shirt buttons at ₦2,500 / pack of 12: ₦7,500.00');
    expect(mail.text).toContain('Subtotal: ₦20,100.00');
  });
});
