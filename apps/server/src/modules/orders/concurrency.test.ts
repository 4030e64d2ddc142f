import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, type Session } from '../../../test/accounts';
import { createTestApp, testConfig, testEngine } from '../../../test/helper';
import { createProduct, placeOrder, stockOf } from '../../../test/orders';
import { buildApp } from '../../app';

let shop: Awaited<ReturnType<typeof createTestApp>>;
let buyers: Session[];

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  buyers = [];
  for (let i = 0; i < 5; i++) buyers.push((await customer(shop.app)).session);
});
afterAll(async () => {
  await shop?.close();
});

/** 50 orders of one unit each, at once, spread over the given apps; returns their statuses. */
async function fiftyOrders(apps: FastifyInstance[], productId: string) {
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      placeOrder(apps[i % apps.length] as FastifyInstance, buyers[i % buyers.length] as Session, [
        { productId, quantity: 1, price: 1_000 },
      ]),
    ),
  );
  return answers;
}

async function expectTenSold(answers: Awaited<ReturnType<typeof fiftyOrders>>, productId: string) {
  const created = answers.filter((a) => a.statusCode === 201);
  const refused = answers.filter((a) => a.statusCode === 409);
  expect(created).toHaveLength(10);
  expect(refused).toHaveLength(40);
  for (const answer of refused) expect(answer.json().code).toBe('OUT_OF_STOCK');
  expect(await stockOf(shop.database, productId)).toBe(0);
  const [ordered] = await shop.database.query<{ quantity: number }>(
    'SELECT coalesce(sum(quantity_hundredths), 0)::int AS quantity FROM order_items WHERE product_id = $1',
    [productId],
  );
  expect(ordered?.quantity).toBe(1_000); // 10 pieces, in hundredths
}

describe('50 concurrent orders for a product with stock 10', () => {
  it('sell exactly 10 on one server, and stock ends at 0', async () => {
    const product = await createProduct(shop.database, { priceKobo: 100_000, stock: 10 });
    await expectTenSold(await fiftyOrders([shop.app], product.id), product.id);
  });

  describe.skipIf(testEngine !== 'postgres')('on two server processes sharing one PostgreSQL database', () => {
    let two: FastifyInstance;
    beforeAll(async () => {
      two = await buildApp(testConfig({ seedDemoCatalogue: false }), { database: shop.database });
    });
    afterAll(async () => {
      await two?.close();
    });

    it('sell exactly 10, and stock ends at 0', async () => {
      const product = await createProduct(shop.database, { priceKobo: 100_000, stock: 10 });
      await expectTenSold(await fiftyOrders([shop.app, two], product.id), product.id);
    });
  });
});
