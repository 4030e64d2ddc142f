import { rmSync } from 'node:fs';
import {
  dropRunDatabases,
  pgliteSnapshotFolder,
  postgresTemplate,
  savePgliteSnapshot,
  scratchRunId,
} from '@shop/testing';
import { createPglite, type Database, openDatabase, pgliteDatabase } from '../src/db/client';
import { seedDemoCatalogue } from '../src/db/seed/seed-demo';

/**
 * The run's templates, made once before any test file: `migrated` (every migration, no rows) and
 * `seeded` (and the demo catalogue). Each test file's database is a copy of one (helper.ts), so
 * no file runs initdb, the migrations or the seed itself. The teardown drops every database of
 * the run, whatever a file left behind.
 */
export default async function setup() {
  scratchRunId(); // fixes the run's id in the environment its workers inherit
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const prepare = (seed: boolean) => async (url: string) => {
      const database = await openDatabase({ url, dataDir: '', poolSize: 1 });
      try {
        await fill(database, seed);
      } finally {
        await database.close();
      }
    };
    await postgresTemplate(serverUrl, 'migrated', prepare(false));
    await postgresTemplate(serverUrl, 'seeded', prepare(true));
  } else {
    const client = await createPglite('memory://');
    const database = await pgliteDatabase(client);
    await fill(database, false);
    await savePgliteSnapshot('migrated', await client.dumpDataDir('none'));
    await fill(database, true);
    await savePgliteSnapshot('seeded', await client.dumpDataDir('none'));
    await client.close();
  }
  return async () => {
    if (serverUrl) await dropRunDatabases(serverUrl);
    rmSync(pgliteSnapshotFolder(), { recursive: true, force: true });
  };
}

async function fill(database: Database, seed: boolean) {
  await database.migrate();
  if (seed) await seedDemoCatalogue(database);
}
