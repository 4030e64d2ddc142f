import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPglite, migrationsFolder, pgliteFolder, QUERY_BOUNDS_DEFAULT } from '../client';

/**
 * One connection (not a pool) to a shop's database, for the move/backup/restore tools: a
 * transaction, session settings and a cursor all need the same connection throughout.
 */
export interface ToolConnection {
  kind: 'pglite' | 'postgres';
  /** Where it is, safe to print: a URL's password is never shown. */
  label: string;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** One statement of a script, sent as psql sends it (the simple protocol), no parameters. */
  exec(sql: string): Promise<void>;
  /** Back to the tools' own session settings after a script changed them (pg_dump's SETs). */
  resetSession(): Promise<void>;
  /** PGlite's own instance (pg_dump built to WASM speaks to it); absent on PostgreSQL. */
  pglite?: PGlite;
  /** Migrates to the first `level` migrations of this version (all when undefined). */
  migrate(level?: number): Promise<void>;
  close(): Promise<void>;
}

/** Thrown for what the operator must fix (a running shop, a non-empty target): printed without a stack. */
export class ToolError extends Error {}

/** The URL with its password replaced, for messages and reports. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** meta/_journal.json of the project's migrations, as drizzle-kit writes it. */
const readJournal = () =>
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };

export function journal(): JournalEntry[] {
  return readJournal().entries;
}

/**
 * The project's migrations up to `level` in a folder of their own, so a database can be brought
 * to exactly the level of a dump (the shop migrates the rest when it starts).
 */
function migrationsUpTo(level: number): { folder: string; remove: () => void } {
  const original = readJournal();
  const entries = original.entries;
  if (level >= entries.length) return { folder: migrationsFolder, remove: () => {} };
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const kept = entries.slice(0, level);
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...original, entries: kept }));
  for (const entry of kept) {
    writeFileSync(path.join(folder, `${entry.tag}.sql`), readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`)));
  }
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Text output the same on every server and every run: what the copy reads back as input. */
const SESSION_SETTINGS = [
  "SET DateStyle = 'ISO, YMD'",
  "SET TimeZone = 'UTC'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 3',
  "SET bytea_output = 'hex'",
];

/**
 * One connection to PostgreSQL. Its statements, and its waits for locks, are bounded by a long
 * job's bound (DATABASE_JOB_TIMEOUT_MS, 10 minutes by default): a backup's counts over a big
 * table are not cut, and a tool stuck behind a lock gives up in the end.
 */
export async function connectPostgres(
  url: string,
  jobMs: number = QUERY_BOUNDS_DEFAULT.jobMs,
): Promise<ToolConnection> {
  const client = new pg.Client({
    connectionString: url,
    options: `-c statement_timeout=${jobMs} -c lock_timeout=${jobMs}`,
  });
  try {
    await client.connect();
  } catch (error) {
    throw new ToolError(`Cannot connect to ${safeUrl(url)}: ${(error as Error).message}`);
  }
  client.on('error', () => {});
  for (const setting of SESSION_SETTINGS) await client.query(setting);
  return {
    kind: 'postgres',
    label: safeUrl(url),
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as Row[];
    },
    async exec(sql) {
      await client.query(sql);
    },
    async resetSession() {
      // RESET ALL goes back to the connection's start-up options (the statement and lock bounds).
      await client.query('RESET ALL');
      for (const setting of SESSION_SETTINGS) await client.query(setting);
    },
    async migrate(level) {
      const { folder, remove } = migrationsUpTo(level ?? Number.POSITIVE_INFINITY);
      try {
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
      } finally {
        remove();
      }
    },
    async close() {
      await client.end().catch(() => {});
    },
  };
}

/**
 * PGlite is one process: a second one opening the folder of a running shop would corrupt it.
 * While a PGlite database is open its folder holds postmaster.pid (gone once it is closed).
 */
export function assertPgliteStopped(dataDir: string) {
  if (existsSync(path.join(pgliteFolder(dataDir), 'postmaster.pid'))) {
    throw new ToolError(
      `The shop's database in ${dataDir} is in use: a shop (or another tool) has it open. Stop the shop first (PGlite allows one process at a time). If the shop is stopped and crashed earlier, start it once and stop it cleanly, then run this again.`,
    );
  }
}

export async function openPgliteFolder(
  dataDir: string,
  { mustExist }: { mustExist: boolean },
): Promise<ToolConnection> {
  const folder = pgliteFolder(dataDir);
  if (mustExist && !existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new ToolError(`No shop database in ${dataDir} (no ${folder}): check DATA_DIR.`);
  }
  assertPgliteStopped(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const client = await createPglite(folder);
  for (const setting of SESSION_SETTINGS) await client.query(setting);
  return {
    kind: 'pglite',
    label: `PGlite in ${dataDir}`,
    pglite: client,
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await client.query<Row>(sql, params)).rows;
    },
    async exec(sql) {
      await client.exec(sql);
    },
    async resetSession() {
      await client.exec('RESET ALL');
      for (const setting of SESSION_SETTINGS) await client.query(setting);
    },
    async migrate(level) {
      const { folder: migrations, remove } = migrationsUpTo(level ?? Number.POSITIVE_INFINITY);
      try {
        await migratePglite(drizzlePglite(client), { migrationsFolder: migrations });
      } finally {
        remove();
      }
    },
    async close() {
      await client.close();
    },
  };
}

/** A postgres:// URL, or a folder for PGlite. */
export function isPostgresUrl(target: string) {
  return /^postgres(ql)?:\/\//.test(target);
}
