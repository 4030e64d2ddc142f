import { STOCK_ALERT_MAILS_PER_WEEK_DEFAULT } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../test/helper';
import { createProduct } from '../../../test/orders';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';

// The weekly cap on back-in-stock emails (STOCK_ALERT_MAILS_PER_WEEK) is counted in the database,
// so it holds when two server processes send the restock jobs of different products to the same
// addresses at once. On PostgreSQL (TEST_DATABASE_URL) the second app has its own pool, as
// another process would; on PGlite (one process only) it shares the database.

const config = { seedDemoCatalogue: false, outbox: { worker: false, pollMs: 60_000, retryBaseMs: 60_000 } } as const;

let shop: Awaited<ReturnType<typeof createTestApp>>;
let one: FastifyInstance;
let two: FastifyInstance;
let otherDatabase: Database | undefined;

beforeAll(async () => {
  shop = await createTestApp(config);
  one = shop.app;
  otherDatabase = shop.databaseUrl ? await openDatabase({ url: shop.databaseUrl, dataDir: '' }) : undefined;
  two = await buildApp(testConfig(config), { database: otherDatabase ?? shop.database });
});
afterAll(async () => {
  await two?.close();
  await otherDatabase?.close();
  await shop?.close();
});

describe('the weekly cap across two processes', () => {
  it('sends each address its week’s emails and no more while both processes send restocks to it', async () => {
    const addresses = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'].map(
      (name) => `${name}@example.com`,
    );
    const products: string[] = [];
    for (let i = 0; i < 30; i += 1) products.push((await createProduct(shop.database, { stock: 0 })).id);
    await shop.database.query(
      `INSERT INTO stock_alerts (product_id, email, confirmed_at)
         SELECT p, e, now() FROM unnest($1::uuid[]) p, unnest($2::text[]) e`,
      [`{${products.join(',')}}`, `{${addresses.join(',')}}`],
    );
    // One restock of them all: thirty jobs, which the two processes share.
    await shop.database.query('UPDATE products SET stock_hundredths = 500 WHERE id = ANY($1::uuid[])', [
      `{${products.join(',')}}`,
    ]);
    const [ranOne, ranTwo] = await Promise.all([one.outbox.drain(), two.outbox.drain()]);
    expect(ranOne + ranTwo).toBeGreaterThanOrEqual(products.length);

    const sent = await shop.database.query<{ to: string; n: number }>(
      `SELECT payload->>'to' AS "to", count(*)::int AS n FROM outbox
        WHERE kind = 'email' AND payload->>'template' = 'stock-returned' GROUP BY 1 ORDER BY 1`,
    );
    expect(sent).toEqual([...addresses].sort().map((to) => ({ to, n: STOCK_ALERT_MAILS_PER_WEEK_DEFAULT })));
    const [alerts] = await shop.database.query<{ open: number; notified: number; dropped: number }>(
      `SELECT count(*) FILTER (WHERE notified_at IS NULL AND cancelled_at IS NULL)::int AS open,
              count(*) FILTER (WHERE notified_at IS NOT NULL)::int AS notified,
              count(*) FILTER (WHERE cancelled_at IS NOT NULL)::int AS dropped
         FROM stock_alerts`,
    );
    expect(alerts).toEqual({
      open: 0,
      notified: addresses.length * STOCK_ALERT_MAILS_PER_WEEK_DEFAULT,
      dropped: addresses.length * (products.length - STOCK_ALERT_MAILS_PER_WEEK_DEFAULT),
    });
  });
});
