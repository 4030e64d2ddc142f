import { PRODUCT_SORTS } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper';
import { seedLargeCatalogue } from '../../db/seed/seed-large';
import { ANCHOR_STEP } from './listing-memo';

// Enough products that deep pages start from anchors (every ANCHOR_STEP-th product).
const PRODUCTS = ANCHOR_STEP * 3 + 57;

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;

const ORDER_SQL = {
  newest: 'created_at DESC, id DESC',
  price_asc: 'price_kobo, id',
  price_desc: 'price_kobo DESC, id DESC',
  name: 'name, id',
} as const;

beforeAll(async () => {
  shop = await createTestApp({ catalogCache: false });
  app = shop.app;
  await seedLargeCatalogue(shop.database, PRODUCTS);
  await app.catalog.cache.invalidate();
});
afterAll(async () => shop?.close());

async function walk(query: string, pageSize: number) {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/products?pageSize=${pageSize}&page=${page}${query}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    if (body.products.length === 0) return { ids, total: body.total };
    ids.push(...body.products.map((p: { id: string }) => p.id));
  }
}

describe('deep pages of a large catalogue', () => {
  it.each(PRODUCT_SORTS)('list every product once, in %s order, at any depth', async (sort) => {
    const expected = await shop.database.query<{ id: string }>(`SELECT id FROM products ORDER BY ${ORDER_SQL[sort]}`);
    for (const pageSize of [7, 100]) {
      const { ids, total } = await walk(`&sort=${sort}`, pageSize);
      expect(total).toBe(PRODUCTS);
      expect(ids).toEqual(expected.map((row) => row.id));
    }
  });

  it('keep filters when a page starts from an anchor', async () => {
    const expected = await shop.database.query<{ id: string }>(
      `SELECT id FROM products WHERE price_kobo >= 100000 AND stock_hundredths >= min_quantity_hundredths
        ORDER BY price_kobo DESC, id DESC`,
    );
    expect(expected.length).toBeGreaterThan(ANCHOR_STEP);
    const { ids, total } = await walk('&sort=price_desc&minPrice=1000&inStock=true', 13);
    expect(total).toBe(expected.length);
    expect(ids).toEqual(expected.map((row) => row.id));
  });

  it('count and place a new product once the catalogue change is announced', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/products?page=30&pageSize=24' })).json();
    await shop.database.query(
      `INSERT INTO products (name, slug, description, price_kobo, stock_hundredths, subcategory_id, category_id, created_at)
       SELECT 'Oldest Lace Offcut', 'oldest-lace-offcut', 'A sample.', 30000, 300, id, category_id, '2001-01-01'
         FROM subcategories LIMIT 1`,
    );
    await app.catalog.cache.invalidate();
    const lastPage = Math.ceil((PRODUCTS + 1) / 24);
    const after = (await app.inject({ method: 'GET', url: `/api/products?page=${lastPage}&pageSize=24` })).json();
    expect(after.total).toBe(before.total + 1);
    expect(after.products.at(-1).slug).toBe('oldest-lace-offcut');
  });
});
