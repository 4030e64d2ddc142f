import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ScratchPostgres, scratchPostgres } from '@shop/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPostgres, journal, openPgliteFolder, type ToolConnection } from './connection';
import { migrationLevelOf } from './schema-info';
import { readDatabase, readDump, writeDatabase, writeDump } from './transfer';

// The copy itself, value by value: every type the shop uses, and some it may use one day, must
// arrive exactly (microseconds, numerics, jsonb, bytea, arrays, text with any character), from
// PGlite to PostgreSQL directly and through a dump file; and a database at an older migration
// level is copied at that level.

const serverUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const made: ScratchPostgres[] = [];

async function freshPostgres(): Promise<ToolConnection> {
  const database = await scratchPostgres({ serverUrl, label: 'transfer' });
  made.push(database);
  return connectPostgres(database.url);
}

afterAll(async () => {
  for (const database of made) await database.drop().catch(() => {});
});

const SCRATCH = `CREATE TABLE scratch_types (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz, plain timestamp, day date, money numeric(20, 6), ratio double precision,
  doc jsonb, bytes bytea, tags text[], note text, span interval)`;

const ROWS = `INSERT INTO scratch_types (at, plain, day, money, ratio, doc, bytes, tags, note, span) VALUES
  ('2026-11-26 09:30:12.345678+01', '1999-12-31 23:59:59.999999', '2026-02-28', 12345678901234.567891,
   0.1 + 0.2, '{"naira": 1.10, "list": [1, "two", null], "é": "ẹ̀"}', '\\x00ff10deadbeef00', ARRAY['a,b', 'c"d', NULL, ''],
   E'line\\nnext \\t tab \\\\ back ''quote'' 🧵', '1 day 02:03:04.5'),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (now(), now(), current_date, -0.000001, 'NaN', '[]', '\\x', '{}', '', '-3 mons')`;

async function rowsOf(connection: ToolConnection) {
  return connection.query<{ row: string }>('SELECT t::text AS row FROM scratch_types t ORDER BY id');
}

describe('copying values', () => {
  it('copies every value exactly from PGlite to PostgreSQL, directly and through a dump, with the identity going on', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-transfer-'));
    const source = await openPgliteFolder(folder, { mustExist: false });
    const targets = [await freshPostgres(), await freshPostgres()];
    try {
      await source.migrate();
      await source.query(SCRATCH);
      await source.query(ROWS);
      // The targets have the same extra table (as a later migration would give them).
      for (const target of targets) await target.query(SCRATCH);
      const expected = await rowsOf(source);
      expect(expected).toHaveLength(3);

      const snapshot = await readDatabase(source);
      const direct = await writeDatabase(snapshot, targets[0] as ToolConnection);
      await snapshot.close();
      expect(direct.every((line) => line.ok)).toBe(true);
      expect(await rowsOf(targets[0] as ToolConnection)).toEqual(expected);

      const again = await readDatabase(source);
      const { file } = await writeDump(again, mkdtempSync(path.join(tmpdir(), 'shop-transfer-dump-')));
      await again.close();
      const dump = await readDump(file);
      const viaFile = await writeDatabase(dump, targets[1] as ToolConnection);
      await dump.close();
      expect(viaFile.every((line) => line.ok)).toBe(true);
      expect(await rowsOf(targets[1] as ToolConnection)).toEqual(expected);

      const [next] = await (targets[1] as ToolConnection).query<{ id: string }>(
        'INSERT INTO scratch_types DEFAULT VALUES RETURNING id::text AS id',
      );
      expect(next?.id).toBe('4');
    } finally {
      await source.close();
      for (const target of targets) await target.close();
    }
  }, 60_000);

  it('copies a database at an older migration level at that level, which the shop then migrates on', async () => {
    const level = journal().length - 1;
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-transfer-old-'));
    const source = await openPgliteFolder(folder, { mustExist: false });
    const target = await freshPostgres();
    try {
      await source.migrate(level);
      await source.query(`INSERT INTO categories (name, slug) VALUES ('Aso-oke', 'aso-oke')`);
      const snapshot = await readDatabase(source);
      expect(snapshot.migration.level).toBe(level);
      const lines = await writeDatabase(snapshot, target);
      await snapshot.close();
      expect(lines.every((line) => line.ok)).toBe(true);
      expect(await migrationLevelOf(target)).toEqual({ level, tag: journal()[level - 1]?.tag });
      await target.migrate();
      expect((await migrationLevelOf(target)).level).toBe(journal().length);
      expect(await target.query('SELECT slug FROM categories')).toEqual([{ slug: 'aso-oke' }]);
    } finally {
      await source.close();
      await target.close();
    }
  }, 60_000);
});
