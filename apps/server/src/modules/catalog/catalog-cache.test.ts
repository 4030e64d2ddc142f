import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../../test/helper';
import { type Database, openDatabase } from '../../db/client';
import { CatalogCache } from './catalog-cache';

let testDatabase: TestDatabase;
let other: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  // A second server process's connection: its own pool on the same database (PGlite has one).
  other = testDatabase.url ? await openDatabase({ url: testDatabase.url, dataDir: '' }) : testDatabase.database;
});
afterAll(async () => {
  if (other !== testDatabase.database) await other.close();
  await testDatabase.drop();
});

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
    const mine = new CatalogCache(testDatabase.database, true);
    const theirs = new CatalogCache(other, true);
    await mine.start();
    await theirs.start();
    try {
      await theirs.getOrCreate('products', async () => 'old');
      expect(theirs.size).toBe(1);
      await mine.invalidate();
      expect(await until(() => theirs.size === 0)).toBe(true);
    } finally {
      await mine.stop();
      await theirs.stop();
    }
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
