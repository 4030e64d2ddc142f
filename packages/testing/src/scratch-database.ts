// Every database a test, an e2e run or a benchmark makes comes from here: one recipe for creating,
// cloning and dropping them, so no run leaves one behind and none is prepared twice.
//
// A run prepares each template it needs once (migrated, seeded: whatever its `prepare` does) and
// every test file starts from a copy: on PostgreSQL `CREATE DATABASE … TEMPLATE`, a file copy
// inside the server; on PGlite a snapshot of the data folder (`dumpDataDir`), which a new PGlite
// loads instead of running initdb, the migrations and the seed again.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Every scratch database's name starts with this, then the run's id. */
export const SCRATCH_PREFIX = 'shop_';

/**
 * The run's id: set once by the run's global setup (and inherited by its workers and the shops
 * it starts), or made up by a process that runs alone. Names `shop_<run>_…` let the run drop all
 * of its databases at the end, even those of a worker that crashed.
 */
export function scratchRunId(): string {
  if (!process.env.SHOP_SCRATCH_RUN) {
    process.env.SHOP_SCRATCH_RUN = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  }
  return process.env.SHOP_SCRATCH_RUN;
}

/**
 * The PostgreSQL server the server's tests use: TEST_DATABASE_URL, else undefined (PGlite). Not
 * DATABASE_URL: with it set, `npm test` still runs the database layer on PGlite (scripts/test.mjs).
 */
export function scratchServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** `serverUrl` with its database name swapped for `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether a PostgreSQL server answers at `serverUrl` within `timeoutMs` (a test that needs one skips otherwise). */
export async function postgresAnswers(serverUrl: string, timeoutMs = 3_000): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface ScratchPostgres {
  name: string;
  url: string;
  /** Drops it (connections and all); safe to call twice. */
  drop(): Promise<void>;
}

export interface ScratchPostgresOptions {
  /** The server (any database on it) to create the database on. */
  serverUrl: string;
  /**
   * A name of its own, kept between runs (a benchmark's database); by default a unique name of
   * this run's, which the run's teardown drops if the test did not.
   */
  name?: string;
  /** A label inside the unique name, to tell in `\l` whose database it is. */
  label?: string;
  /** Start as a copy of this database (see `postgresTemplate`). */
  template?: string;
  /** When `name` exists already: `replace` drops it first, `reuse` keeps it (and its rows). */
  ifExists?: 'replace' | 'reuse';
}

const live = new Map<string, () => Promise<void>>();

/** A new PostgreSQL database, empty or a copy of a template. */
export async function scratchPostgres(options: ScratchPostgresOptions): Promise<ScratchPostgres> {
  const { serverUrl, template } = options;
  const name =
    options.name ??
    `${SCRATCH_PREFIX}${scratchRunId()}_${options.label ?? 'db'}_${randomBytes(4).toString('hex')}`
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  await onServer(serverUrl, async (client) => {
    if (options.ifExists === 'replace') await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (options.ifExists === 'reuse') {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
    }
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  });
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    live.delete(name);
    await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  if (!options.name) live.set(name, drop);
  return { name, url: databaseUrl(serverUrl, name), drop };
}

/** Drops database `name` on the server if it is there (a benchmark's, kept by name). */
export async function dropDatabaseNamed(serverUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Drops what this process made and did not drop yet (a test file's last hook). */
export async function dropLiveScratchDatabases(): Promise<void> {
  for (const drop of [...live.values()]) await drop().catch(() => {});
}

/** Drops every database of this run on the server: the run's teardown, whatever its workers left. */
export async function dropRunDatabases(serverUrl: string, runId = scratchRunId()): Promise<string[]> {
  return onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname`,
      [`${SCRATCH_PREFIX}${runId}\\_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    return rows.map((row) => row.datname);
  });
}

/** The name of this run's template `key` on a PostgreSQL server. */
export function postgresTemplateName(key: string): string {
  return `${SCRATCH_PREFIX}${scratchRunId()}_template_${key}`.toLowerCase();
}

/**
 * Makes this run's template `key` on the server: created empty, filled by `prepare(url)` (which
 * must close its connections: PostgreSQL copies only a database nobody is connected to). The
 * run's teardown drops it, after every copy is made.
 */
export async function postgresTemplate(
  serverUrl: string,
  key: string,
  prepare: (url: string) => Promise<void>,
): Promise<string> {
  const name = postgresTemplateName(key);
  const template = await scratchPostgres({ serverUrl, name, ifExists: 'replace' });
  await prepare(template.url);
  return name;
}

/** The folder of this run's PGlite snapshots. */
function snapshotFolder(): string {
  const folder = path.join(tmpdir(), `shop-scratch-${scratchRunId()}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

/** Where the snapshot of template `key` lives for this run. */
export function pgliteSnapshotPath(key: string): string {
  return path.join(snapshotFolder(), `${key}.tar`);
}

/**
 * Keeps a PGlite data-folder snapshot (`await pglite.dumpDataDir('none')`) as template `key` of
 * this run; `pgliteSnapshot(key)` gives it back to load into a new PGlite (`loadDataDir`).
 */
export async function savePgliteSnapshot(key: string, snapshot: Blob): Promise<string> {
  const file = pgliteSnapshotPath(key);
  writeFileSync(file, new Uint8Array(await snapshot.arrayBuffer()), { mode: 0o600 });
  return file;
}

const snapshots = new Map<string, Blob>();

/** Template `key`'s snapshot, read once per process; undefined when the run has none. */
export function pgliteSnapshot(key: string): Blob | undefined {
  let snapshot = snapshots.get(key);
  if (!snapshot) {
    const file = pgliteSnapshotPath(key);
    if (!existsSync(file)) return undefined;
    snapshot = new Blob([readFileSync(file)]);
    snapshots.set(key, snapshot);
  }
  return snapshot;
}

/** The folder of this run's snapshots, to remove at the run's end. */
export const pgliteSnapshotFolder = snapshotFolder;

export type ScratchDatabase =
  | (ScratchPostgres & { engine: 'postgres' })
  | {
      engine: 'pglite';
      /** The template's data folder to load into a new PGlite (`loadDataDir`); none: a new one. */
      snapshot?: Blob;
      drop(): Promise<void>;
    };

/**
 * A database for one test file (or one app of it): on the run's PostgreSQL server when
 * TEST_DATABASE_URL is set, else PGlite. With `template`, a copy of the run's
 * template of that name (made by the run's global setup); without, an empty one.
 */
export async function scratchDatabase(
  options: { template?: string; label?: string; serverUrl?: string } = {},
): Promise<ScratchDatabase> {
  const serverUrl = options.serverUrl ?? scratchServerUrl();
  if (!serverUrl) {
    const snapshot = options.template ? pgliteSnapshot(options.template) : undefined;
    if (options.template && !snapshot) throw new Error(`This run has no PGlite template "${options.template}"`);
    return { engine: 'pglite', snapshot, drop: async () => {} };
  }
  const database = await scratchPostgres({
    serverUrl,
    label: options.label,
    template: options.template ? postgresTemplateName(options.template) : undefined,
  });
  return { engine: 'postgres', ...database };
}
