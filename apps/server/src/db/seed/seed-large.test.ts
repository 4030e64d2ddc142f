import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper';
import { seedLargeCatalogue } from './seed-large';
import { seedLargeOrders } from './seed-large-orders';

// The benchmarks' big catalogue and its orders keep the demo's units of sale (issue 24).

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => testDatabase?.drop());

describe('the large catalogue for benchmarks', () => {
  it('copies the demo products with their units, steps, packs and breaks, and orders them by line totals', async () => {
    const { database } = testDatabase;
    const result = await seedLargeCatalogue(database, 600);
    expect(result.after).toBe(600);
    const units = await database.query<{ unit: string; n: number; halves: number; breaks: number }>(
      `SELECT unit, count(*)::int AS n, count(*) FILTER (WHERE stock_hundredths % 100 = 50)::int AS halves,
              count(*) FILTER (WHERE jsonb_array_length(price_breaks) > 0)::int AS breaks
         FROM products GROUP BY unit ORDER BY unit`,
    );
    const byUnit = Object.fromEntries(units.map((row) => [row.unit, row]));
    expect(Object.keys(byUnit).sort()).toEqual(['metre', 'pack', 'piece', 'yard']);
    expect(byUnit.yard?.halves).toBeGreaterThan(0);
    expect(byUnit.pack?.halves).toBe(0);
    expect((byUnit.yard?.breaks ?? 0) + (byUnit.pack?.breaks ?? 0)).toBeGreaterThan(0);
    // Every copied break stays below the copy's price, each below the one before.
    const [bad] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products p, jsonb_array_elements(p.price_breaks) b
        WHERE (b->>'priceKobo')::int >= p.price_kobo`,
    );
    expect(bad?.n).toBe(0);

    await seedLargeOrders(database, 200, 50);
    const [lines] = await database.query<{ wrong: number; discounted: number; n: number }>(
      `SELECT count(*) FILTER (WHERE line_total_kobo <> price_kobo::bigint * quantity_hundredths / 100)::int AS wrong,
              count(*) FILTER (WHERE list_price_kobo IS NOT NULL AND price_kobo < list_price_kobo)::int AS discounted,
              count(*)::int AS n
         FROM order_items`,
    );
    expect(lines?.n).toBeGreaterThan(0);
    expect(lines?.wrong).toBe(0);
    const [totals] = await database.query<{ wrong: number }>(
      `SELECT count(*)::int AS wrong FROM orders o
        WHERE o.subtotal_kobo <> (SELECT sum(line_total_kobo) FROM order_items i WHERE i.order_id = o.id)`,
    );
    expect(totals?.wrong).toBe(0);
  }, 120_000);
});
