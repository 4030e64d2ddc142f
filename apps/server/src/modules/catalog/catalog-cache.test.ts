import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../../test/helper';
import { type Database, openDatabase } from '../../db/client';
import { CatalogCache } from './catalog-cache';

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
async function withTwoProcesses(run: (mine: CatalogCache, theirs: CatalogCache) => Promise<void>) {
  const mine = new CatalogCache(testDatabase.database, true);
  const theirs = new CatalogCache(other, true);
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
