import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/helper';
import { type Database, openDatabase } from './client';

let testDatabase: TestDatabase;
/** A process of its own on the same database, so its listening connections can be counted alone. */
let shop: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await testDatabase.database.migrate();
  shop = testDatabase.url ? await openDatabase({ url: testDatabase.url, dataDir: '' }) : testDatabase.database;
});
afterAll(async () => {
  if (shop !== testDatabase.database) await shop.close();
  await testDatabase.drop();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

/** The connections on this database whose last statement was a LISTEN (the listening ones). */
async function listeningConnections() {
  const rows = await testDatabase.database.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
  );
  return rows[0]?.count ?? 0;
}

describe('listening for notifications', () => {
  it('hears each channel, and a stopped listener no longer hears its channel', async () => {
    const heard: string[] = [];
    const stopOne = await shop.listen('listen_test_one', (payload) => heard.push(`one:${payload}`));
    const stopTwo = await shop.listen('listen_test_two', (payload) => heard.push(`two:${payload}`));
    try {
      await testDatabase.database.notify('listen_test_one', 'a');
      await testDatabase.database.notify('listen_test_two', 'b');
      expect(await until(() => heard.length === 2)).toBe(true);
      expect(heard.sort()).toEqual(['one:a', 'two:b']);

      await stopOne();
      await testDatabase.database.notify('listen_test_one', 'c');
      await testDatabase.database.notify('listen_test_two', 'd');
      expect(await until(() => heard.includes('two:d'))).toBe(true);
      expect(heard).not.toContain('one:c');
    } finally {
      await stopOne();
      await stopTwo();
    }
  });

  it.skipIf(testEngine !== 'postgres')('uses one connection for all the channels of a shop', async () => {
    const before = await listeningConnections();
    const stops = await Promise.all(
      ['listen_a', 'listen_b', 'listen_c', 'listen_d', 'listen_e'].map((channel) => shop.listen(channel, () => {})),
    );
    try {
      expect(await listeningConnections()).toBe(before + 1);
    } finally {
      for (const stop of stops) await stop();
    }
    // The last listener gone, the connection closes.
    let after = await listeningConnections();
    for (let i = 0; i < 50 && after !== before; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await listeningConnections();
    }
    expect(after).toBe(before);
  });

  it.skipIf(testEngine !== 'postgres')(
    'listens again to every channel after PostgreSQL drops the connection, telling each listener',
    async () => {
      const heard: string[] = [];
      const stops = [
        await shop.listen('listen_back_one', (payload) => heard.push(`one:${payload}`)),
        await shop.listen('listen_back_two', (payload) => heard.push(`two:${payload}`)),
      ];
      try {
        await testDatabase.database.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
        );
        // Reconnected, each listener is told something may have changed while it was away.
        expect(await until(() => heard.includes('one:') && heard.includes('two:'))).toBe(true);
        let back = false;
        for (let i = 0; i < 50 && !back; i += 1) {
          await testDatabase.database.notify('listen_back_two', 'after');
          back = await until(() => heard.includes('two:after'));
        }
        expect(back).toBe(true);
      } finally {
        for (const stop of stops) await stop();
      }
    },
  );
});
