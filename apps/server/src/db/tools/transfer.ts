import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { type CheckLine, type Checks, checksOf, compareChecks } from './checks';
import { journal, type ToolConnection, ToolError } from './connection';
import {
  type MigrationLevel,
  migrationLevelOf,
  nonEmptyTables,
  quote,
  type SequenceValue,
  sequencesOf,
  type TableInfo,
  tablesOf,
} from './schema-info';

// One reader/writer pair for the three tools (docs/decisions/026-database-move-backup-restore.md):
// a database or a dump file is read as a Snapshot, and a Snapshot is written to a database or a
// dump file. db:move is database → database, db:backup database → file, db:restore file → database.
// Every value travels as PostgreSQL's own text form (what COPY uses): exact for timestamps to
// the microsecond, numerics, jsonb and bytea (hex), whichever engine reads or writes it.

/** One row: each column's text form, or null. */
export type Row = (string | null)[];

const BATCH_ROWS = 500;

export const DUMP_FORMAT = 'tailor-supply-shop-backup';
export const DUMP_VERSION = 1;

export interface Snapshot {
  label: string;
  engine: 'pglite' | 'postgres';
  /** When its rows were read (a dump: when it was made). */
  createdAt: string;
  migration: MigrationLevel;
  tables: TableInfo[];
  sequences: SequenceValue[];
  checks: Checks;
  /** One table's rows in batches; tables are read in the order of `tables`, each once. */
  rows(table: TableInfo): AsyncIterable<Row[]>;
  close(): Promise<void>;
}

/** A consistent view of a database: one read-only transaction, so a running PostgreSQL shop may keep selling. */
export async function readDatabase(connection: ToolConnection): Promise<Snapshot> {
  await connection.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const migration = await migrationLevelOf(connection);
    const tables = await tablesOf(connection);
    if (tables.length === 0) throw new ToolError(`${connection.label} holds no shop tables: nothing to copy.`);
    const sequences = await sequencesOf(connection);
    const checks = await checksOf(connection, tables);
    return {
      label: connection.label,
      engine: connection.kind,
      createdAt: new Date().toISOString(),
      migration,
      tables,
      sequences,
      checks,
      async *rows(table) {
        const columns = table.columns.map((column, index) => `${quote(column.name)}::text AS c${index}`);
        await connection.query(
          `DECLARE shop_copy NO SCROLL CURSOR FOR SELECT ${columns.join(', ')} FROM public.${quote(table.name)}`,
        );
        try {
          for (;;) {
            const batch = await connection.query<Record<string, string | null>>(`FETCH ${BATCH_ROWS} FROM shop_copy`);
            if (batch.length === 0) break;
            yield batch.map((row) => table.columns.map((_, index) => row[`c${index}`] ?? null));
          }
        } finally {
          await connection.query('CLOSE shop_copy');
        }
      },
      async close() {
        await connection.query('COMMIT');
      },
    };
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  migration: MigrationLevel;
  tables: (TableInfo & { rows: number })[];
  sequences: SequenceValue[];
  checks: Checks;
}

/**
 * A dump file: gzip'd JSON lines. The header (format, migration level, tables, sequences and the
 * checks), then per table a `{"table": name}` line and one JSON array per row, then `{"end": true}`
 * (a file cut short has none).
 */
export async function readDump(
  file: string,
): Promise<Snapshot & { header: DumpHeader; rowsRead: Record<string, number> }> {
  if (!existsSync(file)) throw new ToolError(`No such file: ${file}`);
  const raw = createReadStream(file);
  const input = raw.pipe(createGunzip());
  raw.on('error', (error) => input.destroy(error)); // pipe() does not pass a read error on
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
  const next = async (): Promise<unknown> => {
    try {
      const { value, done } = await lines.next();
      return done ? undefined : JSON.parse(value);
    } catch (error) {
      throw new ToolError(`${file} is not a readable backup: ${(error as Error).message}`);
    }
  };
  const header = (await next()) as DumpHeader | undefined;
  if (header?.format !== DUMP_FORMAT) throw new ToolError(`${file} is not a shop backup (no ${DUMP_FORMAT} header).`);
  if (header.version > DUMP_VERSION) {
    throw new ToolError(`${file} is a version ${header.version} backup; this shop reads version ${DUMP_VERSION}.`);
  }
  let pending = await next();
  const rowsRead: Record<string, number> = {};
  return {
    header,
    rowsRead,
    label: file,
    engine: header.engine,
    createdAt: header.createdAt,
    migration: header.migration,
    tables: header.tables.map(({ name, columns }) => ({ name, columns })),
    sequences: header.sequences,
    checks: header.checks,
    async *rows(table) {
      const marker = pending as { table?: string } | undefined;
      if (marker?.table !== table.name) {
        throw new ToolError(`${file} is damaged: expected the rows of ${table.name}.`);
      }
      let count = 0;
      let batch: Row[] = [];
      for (;;) {
        pending = await next();
        if (!Array.isArray(pending)) break;
        if (pending.length !== table.columns.length) throw new ToolError(`${file} is damaged: a row of ${table.name}.`);
        batch.push(pending as Row);
        count += 1;
        rowsRead[table.name] = count;
        if (batch.length === BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
      rowsRead[table.name] = count;
      if (batch.length > 0) yield batch;
      if (pending === undefined) throw new ToolError(`${file} is cut short: it ends inside ${table.name}.`);
    },
    async close() {
      const end = pending as { end?: boolean } | undefined;
      input.destroy();
      raw.destroy();
      if (!end?.end) throw new ToolError(`${file} is cut short or damaged (no end line).`);
    },
  };
}

/**
 * `shop-backup-2026-11-26T0930Z.sql` (or `.sql.gz`, or `.jsonl.gz` for the portable format): the
 * time of the backup in UTC, sorted by name.
 */
export function backupFileName(at: Date, attempt = 1, extension = '.jsonl.gz'): string {
  const iso = at.toISOString();
  const stamp = `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
  return `shop-backup-${stamp}${attempt > 1 ? `-${attempt}` : ''}${extension}`;
}

/** A new backup's name in `dir` (made 0700 if it is new) that no file has yet. */
export async function newBackupFile(dir: string, at: Date, extension: string): Promise<string> {
  // A folder made here is the shop's alone (0700); one the operator named keeps its own mode.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let attempt = 1;
  while (existsSync(path.join(dir, backupFileName(at, attempt, extension)))) attempt += 1;
  return path.join(dir, backupFileName(at, attempt, extension));
}

/**
 * Writes the snapshot to a dump file in `dir`, atomically: a hidden temporary file (mode 0600:
 * it holds password hashes and sessions), flushed to disk, then renamed. Answers the file and
 * its rows per table.
 */
export async function writeDump(
  snapshot: Snapshot,
  dir: string,
): Promise<{ file: string; rows: Record<string, number> }> {
  const file = await newBackupFile(dir, new Date(snapshot.createdAt), '.jsonl.gz');
  const temporary = path.join(dir, `.${path.basename(file)}.partial`);
  const gzip = createGzip();
  const output = createWriteStream(temporary, { mode: 0o600 });
  const finished = once(output, 'close');
  gzip.pipe(output);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, 'drain');
  };
  const rows: Record<string, number> = {};
  try {
    const header: DumpHeader = {
      format: DUMP_FORMAT,
      version: DUMP_VERSION,
      createdAt: snapshot.createdAt,
      engine: snapshot.engine,
      migration: snapshot.migration,
      tables: snapshot.tables.map((table) => ({ ...table, rows: snapshot.checks.counts[table.name] ?? 0 })),
      sequences: snapshot.sequences,
      checks: snapshot.checks,
    };
    await write(header);
    for (const table of snapshot.tables) {
      await write({ table: table.name });
      let count = 0;
      for await (const batch of snapshot.rows(table)) {
        for (const row of batch) await write(row);
        count += batch.length;
      }
      rows[table.name] = count;
    }
    await write({ end: true });
    gzip.end();
    await finished;
    const handle = await open(temporary, 'r+');
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
    return { file, rows };
  } catch (error) {
    gzip.destroy();
    output.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Copies the snapshot into an EMPTY database: refuses one with any row, migrates it to the
 * snapshot's level, inserts every table in foreign-key order in one transaction (the shop's own
 * triggers off, so rows land exactly as read), sets every sequence, then compares the checks.
 */
export async function writeDatabase(snapshot: Snapshot, target: ToolConnection): Promise<CheckLine[]> {
  const full = await nonEmptyTables(target);
  if (full.length > 0) {
    throw new ToolError(
      `${target.label} is not empty (rows in ${full.join(', ')}): copy only into an empty database, so nothing is mixed or lost.`,
    );
  }
  const known = journal()[snapshot.migration.level - 1];
  if (snapshot.migration.level > 0 && known?.tag !== snapshot.migration.tag) {
    throw new ToolError(
      `The data is at migration ${snapshot.migration.tag}, which this version of the shop does not have: restore it with the version that made it.`,
    );
  }
  const targetLevel = await migrationLevelOf(target);
  if (targetLevel.level > snapshot.migration.level) {
    throw new ToolError(
      `${target.label} is migrated further (${targetLevel.tag}) than the data (${snapshot.migration.tag}): use a new empty database.`,
    );
  }
  await target.migrate(snapshot.migration.level);
  const tables = await tablesOf(target);
  const shape = (list: TableInfo[]) =>
    JSON.stringify([...list].sort((a, b) => a.name.localeCompare(b.name)).map((table) => [table.name, table.columns]));
  if (shape(tables) !== shape(snapshot.tables)) {
    throw new ToolError(`${target.label} has other tables or columns than the data at ${snapshot.migration.tag}.`);
  }
  await target.query('BEGIN');
  try {
    for (const table of snapshot.tables) {
      await target.query(`ALTER TABLE public.${quote(table.name)} DISABLE TRIGGER USER`);
    }
    for (const table of snapshot.tables) {
      const columns = table.columns.map((column) => quote(column.name)).join(', ');
      const values = table.columns.map((column, index) => `(r->>${index})::${column.type}`).join(', ');
      const insert = `INSERT INTO public.${quote(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
        SELECT ${values} FROM json_array_elements($1::json) AS r`;
      for await (const batch of snapshot.rows(table)) {
        await target.query(insert, [JSON.stringify(batch)]);
      }
    }
    for (const sequence of snapshot.sequences) {
      await target.query('SELECT setval($1::regclass, $2::bigint, $3::boolean)', [
        `public.${quote(sequence.name)}`,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    for (const table of snapshot.tables) {
      await target.query(`ALTER TABLE public.${quote(table.name)} ENABLE TRIGGER USER`);
    }
    await target.query('COMMIT');
  } catch (error) {
    await target.query('ROLLBACK').catch(() => {});
    throw error;
  }
  await target.query('ANALYZE');
  return compareChecks(snapshot.checks, await checksOf(target, tables));
}
