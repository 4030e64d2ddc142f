import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login } from '../../test/accounts';
import { createTestDatabase, type TestDatabase, testConfig, testEngine } from '../../test/helper';
import { buildApp } from '../app';
import { type Database, openDatabase } from './client';

// Several shop processes started at once on one empty PostgreSQL database (a first deploy of
// N processes, docs/deploy.md): one migrates and seeds while the others wait on its advisory
// lock, then find nothing left to do. Without the lock both ran the first migration and one
// died on "relation already exists". PGlite is one process: there is nothing to race.

const PROCESSES = 3;

describe.skipIf(testEngine !== 'postgres')('shop processes starting together on one empty database', () => {
  let empty: TestDatabase;
  const others: Database[] = [];
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    empty = await createTestDatabase();
    for (let i = 1; i < PROCESSES; i += 1)
      others.push(await openDatabase({ url: empty.url, dataDir: '', poolSize: 3 }));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(others.map((database) => database.close()));
    await empty?.drop();
  });

  it('all start: the migrations run once, the demo catalogue is made once, every process answers', async () => {
    const config = testConfig({ seedDemoCatalogue: true });
    const started = await Promise.allSettled(
      [empty.database, ...others].map((database) => buildApp(config, { database })),
    );
    apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(started.filter((result) => result.status === 'rejected').map((result) => String(result.reason))).toEqual([]);

    const [migrations] = await empty.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default;
    expect(migrations?.count).toBe(journal.entries.length);
    const [categories] = await empty.database.query<{ count: number; distinct: number }>(
      'SELECT count(*)::int AS count, count(DISTINCT slug)::int AS distinct FROM categories',
    );
    expect(categories?.count).toBeGreaterThan(0);
    expect(categories?.count).toBe(categories?.distinct);

    for (const app of apps) {
      const response = await app.inject({ method: 'GET', url: '/api/categories' });
      expect(response.json().categories).toHaveLength(categories?.count ?? -1);
    }
    // One first admin, whichever process made it: every process logs it in.
    for (const app of apps) expect((await login(app, ADMIN.email, ADMIN.password)).token).toBeTruthy();
  });
});
