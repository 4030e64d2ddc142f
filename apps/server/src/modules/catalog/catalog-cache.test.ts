import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../../test/helper';
import { createProduct } from '../../../test/orders';
import { type Database, openDatabase } from '../../db/client';
import { RawJson } from '../../lib/raw-json';
import { CATALOG_CHANNEL, CatalogCache, type CatalogCacheOptions, readCatalogNotice } from './catalog-cache';
import { ListingMemo } from './listing-memo';
import { inStockOnly, productRead, productsRead, stockShownBy } from './stock-shown';

let testDatabase: TestDatabase;
let other: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await testDatabase.database.migrate();
  // A second server process's connection: its own pool on the same database (PGlite has one).
  other = testDatabase.url ? await openDatabase({ url: testDatabase.url, dataDir: '' }) : testDatabase.database;
});
afterAll(async () => {
  if (other !== testDatabase.database) await other.close();
  await testDatabase.drop();
});

/** Two server processes' caches, listening, on the same database; stopped after `run`. */
async function withTwoProcesses(
  run: (mine: CatalogCache, theirs: CatalogCache) => Promise<void>,
  options: Partial<CatalogCacheOptions> = {},
) {
  const mine = new CatalogCache(testDatabase.database, true, [], options);
  const theirs = new CatalogCache(other, true, [], options);
  await mine.start();
  await theirs.start();
  try {
    await run(mine, theirs);
  } finally {
    await mine.stop();
    await theirs.stop();
  }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

describe('the catalogue cache', () => {
  it('answers a second time without asking the database', async () => {
    const cache = new CatalogCache(testDatabase.database, true);
    let calls = 0;
    const produce = async () => ({ calls: ++calls });
    expect(String(await cache.getOrCreate('k', produce))).toBe('{"calls":1}');
    expect(String(await cache.getOrCreate('k', produce))).toBe('{"calls":1}');
    expect(calls).toBe(1);
    expect(cache.builds).toBe(1);
  });

  it('asks the database once for a burst of identical requests', async () => {
    const cache = new CatalogCache(testDatabase.database, true);
    let calls = 0;
    const produce = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { calls };
    };
    const bodies = await Promise.all(Array.from({ length: 10 }, () => cache.getOrCreate('burst', produce)));
    expect(calls).toBe(1);
    expect(new Set(bodies.map(String))).toEqual(new Set(['{"calls":1}']));
  });

  it('keeps within its byte and entry caps, dropping the answers used least recently', async () => {
    const cache = new CatalogCache(testDatabase.database, true, [], { maxEntries: 3, maxBytes: 100 });
    const answer = (size: number) => async () => 'x'.repeat(size - 2); // JSON adds the quotes
    await cache.getOrCreate('a', answer(40));
    await cache.getOrCreate('b', answer(40));
    await cache.getOrCreate('a', answer(40)); // a is now the most recently used
    await cache.getOrCreate('c', answer(40)); // 120 bytes would not fit: b goes
    expect(cache.byteSize).toBe(80);
    let asked = 0;
    const counted = async () => {
      asked += 1;
      return 'x'.repeat(38);
    };
    await cache.getOrCreate('a', counted);
    await cache.getOrCreate('c', counted);
    expect(asked).toBe(0);
    await cache.getOrCreate('b', counted);
    expect(asked).toBe(1);
    // Three small ones: the entry cap holds too.
    for (const key of ['d', 'e', 'f']) await cache.getOrCreate(key, answer(4));
    expect(cache.size).toBe(3);
    // An answer bigger than the whole cache is served but not kept.
    expect((await cache.getOrCreate('huge', answer(500))).length).toBe(500);
    expect(cache.size).toBe(3);
    expect(cache.byteSize).toBeLessThanOrEqual(100);
  });

  it('switched off, asks every time', async () => {
    const cache = new CatalogCache(testDatabase.database, false);
    let calls = 0;
    await cache.getOrCreate('k', async () => ++calls);
    await cache.getOrCreate('k', async () => ++calls);
    expect(calls).toBe(2);
  });

  it('does not keep an answer that was being built while the catalogue changed', async () => {
    const cache = new CatalogCache(testDatabase.database, true);
    await cache.getOrCreate('k', async () => {
      await cache.invalidate();
      return 'stale';
    });
    expect(String(await cache.getOrCreate('k', async () => 'fresh'))).toBe('"fresh"');
  });

  it('is cleared in every server process when one of them changes the catalogue', async () => {
    await withTwoProcesses(async (mine, theirs) => {
      await theirs.getOrCreate('products', async () => 'old');
      expect(theirs.size).toBe(1);
      await mine.invalidate();
      expect(await until(() => theirs.size === 0)).toBe(true);
    });
  });

  it('is cleared in every server process by any committed catalogue change, made by whatever code or SQL', async () => {
    await withTwoProcesses(async (mine, theirs) => {
      const fill = async () => {
        await mine.getOrCreate('categories', async () => 'old');
        await theirs.getOrCreate('categories', async () => 'old');
        expect([mine.size, theirs.size]).toEqual([1, 1]);
      };
      await fill();
      // A plain SQL write: no invalidate() called.
      await testDatabase.database.query(
        "INSERT INTO categories (name, slug) VALUES ('Sequins by hand', 'sequins-by-hand')",
      );
      expect(await until(() => mine.size === 0 && theirs.size === 0)).toBe(true);

      await fill();
      await testDatabase.database.query("UPDATE categories SET name = 'Sequins' WHERE slug = 'sequins-by-hand'");
      expect(await until(() => mine.size === 0 && theirs.size === 0)).toBe(true);

      await fill();
      await testDatabase.database.query("DELETE FROM categories WHERE slug = 'sequins-by-hand'");
      expect(await until(() => mine.size === 0 && theirs.size === 0)).toBe(true);
    });
  });

  it.skipIf(testEngine !== 'postgres')(
    'listens again after PostgreSQL drops its connection, and forgets what it may have missed',
    async () => {
      const theirs = new CatalogCache(other, true);
      await theirs.start();
      try {
        await theirs.getOrCreate('products', async () => 'old');
        // What a restart or an idle-connection reaper does to the listening connection.
        await testDatabase.database.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
        );
        // A change made while it was away is not lost: reconnecting clears the cache.
        expect(await until(() => theirs.size === 0)).toBe(true);
        await theirs.getOrCreate('products', async () => 'newer');
        expect(theirs.size).toBe(1);
        // And it hears the changes made after it came back.
        let heard = false;
        for (let i = 0; i < 50 && !heard; i += 1) {
          await new CatalogCache(testDatabase.database, true).invalidate();
          heard = await until(() => theirs.size === 0);
        }
        expect(heard).toBe(true);
      } finally {
        await theirs.stop();
      }
    },
  );
});

/** An answer that shows these products' stock, marked as the repository marks what it reads. */
const answerShowing = (ids: string[], { availability = false } = {}) => {
  const products = ids.map((id) => productRead({ id, stock: 1 }, id));
  return { products: availability ? inStockOnly(products) : products };
};
const showing =
  (ids: string[], options: { availability?: boolean } = {}) =>
  async () =>
    answerShowing(ids, options);

/** Resolves once every notice sent before it has reached both caches (a full notice clears them). */
async function settled(...caches: CatalogCache[]) {
  for (const cache of caches) await cache.getOrCreate('probe', async () => 'probe');
  await testDatabase.database.notify(CATALOG_CHANNEL, 'test');
  expect(await until(() => caches.every((cache) => !cache.has('probe')))).toBe(true);
}

describe('a change of stock alone (decision 019)', () => {
  it('finds the products an answer shows, and an in-stock list, wherever they are in it', () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const product = productRead({ id: a, related: productRead({ id: c }, c) }, a);
    const inStock = inStockOnly([productRead({ id: b }, b)]);
    const shown = stockShownBy({ product, page: { lists: [[], inStock] }, total: 1, note: null });
    // A product's own fields are its own: a product inside one is not looked for.
    expect([...shown.products].sort()).toEqual([a, b].sort());
    expect(shown.availability).toBe(true);
    expect(stockShownBy({ products: [{ id: a, stock: 1 }] })).toEqual({ products: new Set(), availability: false });
  });

  it('finds every product of a list read as one JSON text (a search page)', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const cards = productsRead(new RawJson(`[{"id":"${a}"},{"id":"${b}"}]`), [a, b]);
    const shown = stockShownBy({ products: cards, total: 2, query: 'x' });
    expect([...shown.products].sort()).toEqual([a, b].sort());
    expect(shown.availability).toBe(false);
    expect(stockShownBy({ products: productsRead(new RawJson('[]'), []) }).products.size).toBe(0);
  });

  it('reads what the triggers send, and counts anything else as "anything changed"', () => {
    const id = '0b7c3f5e-4d1a-4c2b-9e8f-1a2b3c4d5e6f';
    expect(readCatalogNotice(`stock:${id}`)).toEqual({ kind: 'stock', products: [id], availability: false });
    expect(readCatalogNotice(`availability:${id},${id}`)).toEqual({
      kind: 'stock',
      products: [id, id],
      availability: true,
    });
    for (const payload of ['', 'database', '12345', 'stock:', 'stock:*', 'stock:not-an-id', `price:${id}`]) {
      expect(readCatalogNotice(payload), payload).toEqual({ kind: 'all' });
    }
  });

  it('keeps every answer but those showing the product, and drops those in every process after the refresh period', async () => {
    const sold = await createProduct(testDatabase.database, { stock: 10 });
    const untouched = await createProduct(testDatabase.database, { stock: 10 });
    await withTwoProcesses(
      async (mine, theirs) => {
        await settled(mine, theirs);
        for (const cache of [mine, theirs]) {
          await cache.getOrCreate('categories', async () => 'old');
          await cache.getOrCreate('product sold', showing([sold.id]));
          await cache.getOrCreate('list with both', showing([sold.id, untouched.id]));
          await cache.getOrCreate('list without it', showing([untouched.id]));
          await cache.getOrCreate('in stock only', showing([untouched.id], { availability: true }));
        }
        // What an order does, in plain SQL: no invalidate() called.
        await testDatabase.database.query(
          'UPDATE products SET stock_hundredths = stock_hundredths - 200 WHERE id = $1',
          [sold.id],
        );
        const changed = Date.now();
        for (const cache of [mine, theirs]) {
          expect(await until(() => !cache.has('product sold'))).toBe(true);
          expect(cache.has('list with both')).toBe(false);
          expect([cache.has('categories'), cache.has('list without it'), cache.has('in stock only')]).toEqual([
            true,
            true,
            true,
          ]);
        }
        // Gathered for the period, not dropped at the notice.
        expect(Date.now() - changed).toBeGreaterThanOrEqual(300);
      },
      { stockRefreshMs: 500 },
    );
  });

  it('drops the answers filtered to what is in stock at once when a product sells out or comes back, and the memo of their totals', async () => {
    const product = await createProduct(testDatabase.database, { stock: 1 });
    const memo = new ListingMemo();
    const mine = new CatalogCache(testDatabase.database, true, [memo], { stockRefreshMs: 60_000 });
    await mine.start();
    try {
      await settled(mine);
      let counted = 0;
      const count = async () => ++counted;
      for (const sellOut of ['stock_hundredths = 0', 'stock_hundredths = 300']) {
        await memo.remember('in stock total', count, { availability: true });
        await memo.remember('total', count);
        await mine.getOrCreate('in stock only', showing([], { availability: true }));
        await mine.getOrCreate('product', showing([product.id]));
        counted = 0;
        await testDatabase.database.query(`UPDATE products SET ${sellOut} WHERE id = $1`, [product.id]);
        expect(await until(() => !mine.has('in stock only'))).toBe(true);
        // The figure waits for the refresh period (a minute here); membership did not.
        expect(mine.has('product')).toBe(true);
        await memo.remember('in stock total', count, { availability: true });
        await memo.remember('total', count);
        expect(counted).toBe(1);
      }
    } finally {
      await mine.stop();
    }
  });

  it('counts a length falling below its minimum (not to zero) as selling out, and one climbing back to it as coming back', async () => {
    const yard = { unit: 'yard' as const, stepHundredths: 50, minHundredths: 150 };
    const product = await createProduct(testDatabase.database, { stock: 2, terms: yard });
    const mine = new CatalogCache(testDatabase.database, true, [], { stockRefreshMs: 0 });
    await mine.start();
    try {
      await settled(mine);
      // 2 → 1 yard: still some on the shelf, but less than the 1.5 yards one line must take.
      // 1 → 1.5 yards: buyable again. 1.5 → 3.5: more of a product already in stock, figures only.
      for (const [stock, membership] of [
        [100, true],
        [150, true],
        [350, false],
      ] as const) {
        const elsewhere = randomUUID();
        await mine.getOrCreate('in stock only', showing([], { availability: true }));
        await mine.getOrCreate('probe', showing([elsewhere]));
        await testDatabase.database.query('UPDATE products SET stock_hundredths = $2 WHERE id = $1', [
          product.id,
          stock,
        ]);
        // A notice sent after the UPDATE's: once it is heard, the UPDATE's was too.
        await testDatabase.database.notify(CATALOG_CHANNEL, `stock:${elsewhere}`);
        expect(await until(() => !mine.has('probe'))).toBe(true);
        expect(mine.has('in stock only'), `stock ${stock}`).toBe(!membership);
      }
    } finally {
      await mine.stop();
    }
  });

  it('drops the answers showing any product of a change of stock to many, and keeps the rest', async () => {
    const first = await createProduct(testDatabase.database, { stock: 5 });
    const [bulk] = await testDatabase.database.query<{ id: string }>(
      `INSERT INTO products (name, slug, description, price_kobo, stock_hundredths, subcategory_id)
       SELECT 'Bulk lace ' || i, $2 || '-' || i, '', 100, 500, $1 FROM generate_series(1, 300) AS i
       RETURNING id`,
      [first.subcategoryId, first.slug],
    );
    await withTwoProcesses(
      async (mine, theirs) => {
        await settled(mine, theirs);
        await theirs.getOrCreate('categories', async () => 'old');
        await theirs.getOrCreate('first product', showing([first.id]));
        await theirs.getOrCreate('a bulk product', showing([bulk?.id ?? '']));
        await theirs.getOrCreate('elsewhere', showing([randomUUID()]));
        // One statement, 301 products: a notice for each.
        await testDatabase.database.query(
          'UPDATE products SET stock_hundredths = stock_hundredths + 100 WHERE subcategory_id = $1',
          [first.subcategoryId],
        );
        expect(await until(() => !theirs.has('first product') && !theirs.has('a bulk product'))).toBe(true);
        expect([theirs.has('categories'), theirs.has('elsewhere')]).toEqual([true, true]);
      },
      { stockRefreshMs: 50 },
    );
  });

  it('does not keep an answer showing stock that was being built while stock answers were dropped', async () => {
    const product = await createProduct(testDatabase.database, { stock: 10 });
    const mine = new CatalogCache(testDatabase.database, true, [], { stockRefreshMs: 0 });
    await mine.start();
    try {
      await settled(mine);
      await mine.getOrCreate('probe', showing([product.id]));
      await mine.getOrCreate('k', async () => {
        const answer = answerShowing([product.id]); // read before the order below
        await testDatabase.database.query(
          'UPDATE products SET stock_hundredths = stock_hundredths - 100 WHERE id = $1',
          [product.id],
        );
        await until(() => !mine.has('probe')); // the refresh happened while this was being built
        return answer;
      });
      expect(mine.has('k')).toBe(false);
      // An answer showing no stock, built across a refresh, is kept.
      await mine.getOrCreate('probe', showing([product.id]));
      await mine.getOrCreate('categories', async () => {
        await testDatabase.database.query(
          'UPDATE products SET stock_hundredths = stock_hundredths - 100 WHERE id = $1',
          [product.id],
        );
        await until(() => !mine.has('probe'));
        return { categories: [] };
      });
      expect(mine.has('categories')).toBe(true);
    } finally {
      await mine.stop();
    }
  });

  it('still clears everything, in every process, when anything but stock changes', async () => {
    const product = await createProduct(testDatabase.database, { stock: 10 });
    await withTwoProcesses(
      async (mine, theirs) => {
        for (const change of [
          'price_kobo = price_kobo + 1',
          "name = name || ' (new)'",
          'stock_hundredths = stock_hundredths - 100, is_hot_buy = NOT is_hot_buy',
        ]) {
          await settled(mine, theirs);
          for (const cache of [mine, theirs]) {
            await cache.getOrCreate('categories', async () => 'old');
            await cache.getOrCreate('product', showing([product.id]));
          }
          await testDatabase.database.query(`UPDATE products SET ${change} WHERE id = $1`, [product.id]);
          expect(await until(() => mine.size === 0 && theirs.size === 0), change).toBe(true);
        }
      },
      { stockRefreshMs: 60_000 },
    );
  });

  it('sends nothing for an UPDATE that changed nothing', async () => {
    const product = await createProduct(testDatabase.database, { stock: 10 });
    const mine = new CatalogCache(testDatabase.database, true, [], { stockRefreshMs: 0 });
    await mine.start();
    try {
      await settled(mine);
      const elsewhere = randomUUID();
      await mine.getOrCreate('product', showing([product.id]));
      await mine.getOrCreate('probe', showing([elsewhere]));
      await testDatabase.database.query(
        'UPDATE products SET stock_hundredths = stock_hundredths, name = name WHERE id = $1',
        [product.id],
      );
      // A notice sent after the UPDATE's: once it is heard, the UPDATE's would have been.
      await testDatabase.database.notify(CATALOG_CHANNEL, `stock:${elsewhere}`);
      expect(await until(() => !mine.has('probe'))).toBe(true);
      expect(mine.has('product')).toBe(true);
    } finally {
      await mine.stop();
    }
  });
});
