import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customer } from '../../../test/accounts';
import { createTestApp, testConfig, testEngine } from '../../../test/helper';
import { createProduct, placeOrder } from '../../../test/orders';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { CATALOG_CHANNEL } from './catalog-cache';

// Two server processes on one database, both caching the catalogue, while orders take stock
// (decision 019). On PostgreSQL the second app has its own pool and its own LISTEN connection, as
// another process would; on PGlite (one process only) it shares the database.

/** Long enough that "at once" and "after the period" cannot be mistaken for each other. */
const REFRESH_MS = 1_500;
/** What a loaded machine may add to the period before the other process answers afresh. */
const SLACK_MS = 1_500;

const config = { seedDemoCatalogue: false, catalogCache: true, catalogStockRefreshMs: REFRESH_MS } as const;

let shop: Awaited<ReturnType<typeof createTestApp>>;
let one: FastifyInstance;
let two: FastifyInstance;
let otherDatabase: Database | undefined;
let ordered: Awaited<ReturnType<typeof createProduct>>;
let unrelated: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  shop = await createTestApp(config);
  one = shop.app;
  otherDatabase = shop.databaseUrl ? await openDatabase({ url: shop.databaseUrl, dataDir: '' }) : undefined;
  two = await buildApp(testConfig(config), { database: otherDatabase ?? shop.database });
  // Each in a category of its own: the unrelated category's list does not show the ordered product.
  ordered = await createProduct(shop.database, { priceKobo: 100_000, stock: 10 });
  unrelated = await createProduct(shop.database, { priceKobo: 200_000, stock: 10 });
});
afterAll(async () => {
  await two?.close();
  await otherDatabase?.close();
  await shop?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const get = async (app: FastifyInstance, url: string) => {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/**
 * Resolves once every notice sent so far has reached both apps (a full notice empties their caches).
 * Each cache first holds an answer, so an empty cache means the notice arrived (notices arrive in
 * the order they were sent), not that nothing was cached yet.
 */
async function settled() {
  for (const app of [one, two]) await get(app, '/api/categories');
  expect(one.catalog.cache.size * two.catalog.cache.size).toBeGreaterThan(0);
  await shop.database.notify(CATALOG_CHANNEL, 'test');
  for (let i = 0; i < 250 && (one.catalog.cache.size > 0 || two.catalog.cache.size > 0); i += 1) await sleep(20);
  expect([one.catalog.cache.size, two.catalog.cache.size]).toEqual([0, 0]);
}

const productUrl = () => `/api/products/${ordered.slug}`;
const categoryOf = async (product: { categoryId: string }) => {
  const [row] = await shop.database.query<{ slug: string }>('SELECT slug FROM categories WHERE id = $1', [
    product.categoryId,
  ]);
  return row?.slug ?? '';
};

/** The other process's figure for the ordered product, polled until it is `stock`; how long that took. */
async function stockSeen(app: FastifyInstance, stock: number, since: number) {
  let seen: number | undefined;
  while (Date.now() - since < REFRESH_MS + SLACK_MS + 3_000) {
    seen = (await get(app, productUrl())).product.stock;
    if (seen === stock) break;
    await sleep(20);
  }
  return { seen, after: Date.now() - since };
}

describe(`stock taken by orders, seen by a second server process (${testEngine})`, () => {
  it("reaches the other process's cached product answer within the refresh period, rebuilding it once, and leaves an unrelated list cached", async () => {
    const buyer = (await customer(one)).session;
    const [orderedCategory, unrelatedCategory] = [await categoryOf(ordered), await categoryOf(unrelated)];
    await settled();
    for (const app of [one, two]) {
      expect((await get(app, productUrl())).product.stock).toBe(10);
      await get(app, `/api/products/category/${orderedCategory}`);
      await get(app, `/api/products/category/${unrelatedCategory}`);
    }
    const products = vi.spyOn(two.catalog.service, 'getProduct');
    const lists = vi.spyOn(two.catalog.service, 'listProductsOfCategory');
    const listsOnOne = vi.spyOn(one.catalog.service, 'listProductsOfCategory');

    const placed = await placeOrder(one, buyer, [{ productId: ordered.id, quantity: 2, price: 1_000 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const { seen, after } = await stockSeen(two, 8, Date.now());
    expect(seen).toBe(8);
    expect(after).toBeLessThan(REFRESH_MS + SLACK_MS);
    // Asked again and again while the period ran: answered from the cache, built afresh once.
    expect(products).toHaveBeenCalledTimes(1);
    // The process that took the order (the only one on PGlite) sees it the same way.
    expect((await stockSeen(one, 8, Date.now())).seen).toBe(8);

    // The list that shows the product was dropped with it and shows the new figure…
    const own = await get(two, `/api/products/category/${orderedCategory}`);
    expect(own.products.map((p: { id: string; stock: number }) => [p.id, p.stock])).toEqual([[ordered.id, 8]]);
    expect(lists).toHaveBeenCalledTimes(1);
    expect(lists.mock.calls[0]?.[0]).toBe(orderedCategory);
    // …while the unrelated list was never built again, on either process.
    await get(two, `/api/products/category/${unrelatedCategory}`);
    await get(one, `/api/products/category/${unrelatedCategory}`);
    expect(lists).toHaveBeenCalledTimes(1);
    expect(listsOnOne.mock.calls.map((call) => call[0])).not.toContain(unrelatedCategory);
  });

  it('shows the new figure in every answer that showed the product, whichever list or search it came from', async () => {
    const buyer = (await customer(one)).session;
    const category = await categoryOf(ordered);
    const word = ordered.name.split(' ').at(-1) ?? '';
    const urls = [
      `/api/products/${ordered.id}`,
      productUrl(),
      '/api/products',
      '/api/products?sort=price_asc&inStock=true',
      '/api/products/featured',
      `/api/products/search?query=${encodeURIComponent(word)}`,
      `/api/products/category/${category}`,
    ];
    const stockIn = (answer: { product?: { id: string; stock: number }; products?: { id: string; stock: number }[] }) =>
      answer.product?.stock ?? answer.products?.find((p) => p.id === ordered.id)?.stock;
    await settled();
    const before = (await get(two, productUrl())).product.stock as number;
    for (const url of urls) expect(stockIn(await get(two, url)), url).toBe(before);

    const placed = await placeOrder(one, buyer, [{ productId: ordered.id, quantity: 1, price: 1_000 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    await sleep(REFRESH_MS + SLACK_MS);
    for (const url of urls) expect(stockIn(await get(two, url)), url).toBe(before - 1);
  });

  it('drops the lists of what is in stock at once when an order sells a product out', async () => {
    const buyer = (await customer(one)).session;
    const category = await categoryOf(ordered);
    const inStock = `/api/products/category/${category}?inStock=true`;
    await settled();
    expect((await get(two, inStock)).products.map((p: { id: string }) => p.id)).toEqual([ordered.id]);
    const left = (await get(two, productUrl())).product.stock as number;

    const placed = await placeOrder(one, buyer, [{ productId: ordered.id, quantity: left, price: 1_000 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const since = Date.now();
    let listed = [ordered.id];
    while (listed.length > 0 && Date.now() - since < REFRESH_MS + SLACK_MS) {
      listed = (await get(two, inStock)).products.map((p: { id: string }) => p.id);
      if (listed.length > 0) await sleep(20);
    }
    expect(listed).toEqual([]);
    expect(Date.now() - since).toBeLessThan(REFRESH_MS);
    expect((await get(two, inStock)).total).toBe(0);
  });

  it('still clears every answer at once when anything but stock changes', async () => {
    const unrelatedCategory = await categoryOf(unrelated);
    for (const change of ['price_kobo = price_kobo + 100', "name = name || ' (new)'"]) {
      await settled();
      await get(two, productUrl());
      await get(two, `/api/products/category/${unrelatedCategory}`);
      const lists = vi.spyOn(two.catalog.service, 'listProductsOfCategory');
      // An edit of the unrelated product, in plain SQL: it clears the ordered product's answer too.
      await shop.database.query(`UPDATE products SET ${change} WHERE id = $1`, [unrelated.id]);
      const since = Date.now();
      while (two.catalog.cache.size > 0 && Date.now() - since < REFRESH_MS + SLACK_MS) await sleep(20);
      expect(two.catalog.cache.size, change).toBe(0);
      expect(Date.now() - since, change).toBeLessThan(REFRESH_MS);
      const list = await get(two, `/api/products/category/${unrelatedCategory}`);
      expect(lists).toHaveBeenCalledTimes(1);
      if (change.startsWith('price')) expect(list.products[0].price).toBe(2_001);
      else expect(list.products[0].name).toMatch(/\(new\)$/);
      lists.mockRestore();
    }
  });
});
