// What checkout.ts and mixed.ts share: a fresh database whose products have ample stock, a
// customer to order as, POST /api/orders for autocannon, and the stock check afterwards.

import { dropDatabaseNamed, scratchPostgres } from '@shop/testing';
import type { Request } from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client';
import { seedLargeCatalogue } from '../apps/server/src/db/seed/seed-large';
import { BENCH_SERVER_URL } from './servers';

export const STARTING_STOCK = 1_000_000;

export interface OrderableProduct {
  id: string;
  slug: string;
  price_kobo: number;
}

/**
 * A fresh database (dropped and created again each run, so the stock check starts from a known
 * state) holding `productCount` products with STARTING_STOCK each; returns its URL and the
 * products, newest first or by id.
 */
export async function freshDatabase(name: string, productCount: number, order: 'id' | 'newest' = 'id') {
  const { url } = await scratchPostgres({ serverUrl: BENCH_SERVER_URL, name, ifExists: 'replace' });
  const database = await openDatabase({ url, dataDir: '' });
  await seedLargeCatalogue(database, productCount);
  // STARTING_STOCK units of sale, stored in hundredths (migration 0014).
  await database.query('UPDATE products SET stock_hundredths = $1', [STARTING_STOCK * 100]);
  await database.query('ANALYZE products');
  const products = await database.query<OrderableProduct>(
    `SELECT id, slug, price_kobo FROM products ORDER BY ${order === 'id' ? 'id' : 'created_at DESC, id DESC'} LIMIT $1`,
    [productCount],
  );
  await database.close();
  console.log(`catalogue: ${products.length} products with ${STARTING_STOCK.toLocaleString('en')} in stock each`);
  return { url, products };
}

/** Drops a database freshDatabase made. */
export async function dropDatabase(name: string) {
  await dropDatabaseNamed(BENCH_SERVER_URL, name);
}

/**
 * Customers the order load is spread over. Each customer's placements are counted one after the
 * other (the hold limits' advisory lock, decision 020), as for a person; a shop's orders come from
 * many people, so one customer placing every order would measure that lock, not the shop. Fewer
 * than the 30 registrations an hour one address may make.
 */
export const BENCH_CUSTOMERS = 25;

/** Bearer tokens of `count` new customers. */
export async function customerTokens(baseUrl: string, count = BENCH_CUSTOMERS): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(await customerToken(baseUrl, i));
  return tokens;
}

/** A new customer's bearer token. */
export async function customerToken(baseUrl: string, n = 0): Promise<string> {
  const base = `${baseUrl}/api/users`;
  const account = {
    firstName: 'Bench',
    lastName: 'Buyer',
    email: `bench.${Date.now()}.${n}@example.com`,
    password: 'Bench@12345',
  };
  const registered = await fetch(`${base}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  return ((await login.json()) as { token: string }).token;
}

const shipping = {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'bench.buyer@example.com',
  phoneNumber: '08012345678',
  address: '12 Balogun Street',
  city: 'Lagos',
  state: 'Lagos',
  area: 'Ikeja',
  zipCode: '100001',
  country: 'Nigeria',
};

/**
 * POST /api/orders for autocannon: one line of one unit, card, EXPRESS, the products in turn,
 * the customers in turn.
 */
export function orderRequest(tokens: readonly string[], products: readonly OrderableProduct[]): Request {
  let next = 0;
  return {
    method: 'POST',
    path: '/api/orders',
    setupRequest: (request) => {
      const n = next++;
      const product = products[n % products.length];
      if (!product) throw new Error('no product');
      return {
        ...request,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % tokens.length]}` },
        body: JSON.stringify({
          shippingDetails: shipping,
          paymentDetails: { method: 'card', transactionId: null },
          deliveryMethod: 'EXPRESS',
          items: [{ productId: product.id, quantity: 1, price: product.price_kobo / 100 }],
        }),
      };
    },
  };
}

/** Every product's stock plus what orders took of it must be the starting stock. */
export async function stockCheck(databaseUrl: string) {
  const database = await openDatabase({ url: databaseUrl, dataDir: '' });
  const [check] = await database.query<{ wrong: number; ordered: number; orders: number }>(
    `SELECT count(*) FILTER (WHERE p.stock_hundredths + coalesce(i.quantity, 0) <> $1)::int AS wrong,
            (coalesce(sum(i.quantity), 0) / 100)::int AS ordered,
            (SELECT count(*)::int FROM orders) AS orders
       FROM products p
       LEFT JOIN (SELECT product_id, sum(quantity_hundredths) AS quantity FROM order_items GROUP BY product_id) i
              ON i.product_id = p.id`,
    [STARTING_STOCK * 100],
  );
  await database.close();
  return check ?? { wrong: -1, ordered: 0, orders: 0 };
}
