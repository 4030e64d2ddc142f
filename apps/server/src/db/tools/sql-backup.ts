import { execFile, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { type CheckLine, type Checks, checksOf, compareChecks } from './checks';
import { journal, safeUrl, type ToolConnection, ToolError } from './connection';
import { type MigrationLevel, migrationLevelOf, nonEmptyTables, quote, tablesOf } from './schema-info';
import { decodeCopyLine, dumpWithHeader, insertTarget, qualifiedName, readScript } from './sql-script';
import { newBackupFile } from './transfer';

// The plain-SQL backup (docs/decisions/040-plain-sql-backups.md): pg_dump's own output, which
// psql restores into any new database, made by pg_dump built to WASM on PGlite and by the
// server's pg_dump binary on PostgreSQL. Before pg_dump's text the file carries a few comment
// lines of ours: how to restore it, and the row counts and sums the database had, which
// db:backup checks the file against and db:restore checks the restored database against.

export const SQL_BACKUP_FORMAT = 'tailor-supply-shop-backup-sql';
export const SQL_BACKUP_VERSION = 1;
const HEADER_PREFIX = 'shop-backup:';
/** pg_dump's last comment: a file without it was cut short. */
const DUMP_COMPLETE = 'PostgreSQL database dump complete';

/**
 * A dump any database restores as whoever runs psql: no owners, grants or tablespaces of the
 * source, and no COMMENT ON EXTENSION (only the extension's owner may run it: a shop's own
 * user restoring into a database where a superuser created pg_trgm beforehand would fail).
 */
export const PG_DUMP_OPTIONS = ['--no-owner', '--no-privileges', '--no-tablespaces', '--no-comments'];

/** What our comment line holds. */
export interface SqlBackupHeader {
  format: typeof SQL_BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** The pg_dump that wrote it, e.g. `pg_dump 18.3 (WASM)`. */
  dumpedBy: string;
  migration: MigrationLevel;
  checks: Checks;
}

const RESTORE_LINE = 'psql -X -v ON_ERROR_STOP=1 --single-transaction';

function headerText(header: SqlBackupHeader): string {
  return [
    '--',
    '-- Tailor supply shop: a backup in plain SQL (pg_dump). Restore it into a new, empty database:',
    `--   createdb shop && ${RESTORE_LINE} -d shop -f THIS_FILE.sql`,
    `--   gunzip -c THIS_FILE.sql.gz | ${RESTORE_LINE} -d shop`,
    '-- or with `npm run db:restore -- --from THIS_FILE` (PostgreSQL or PGlite), which checks the counts below.',
    `-- ${HEADER_PREFIX} ${JSON.stringify(header)}`,
    '--',
    '',
  ].join('\n');
}

/** The lines of a file (gunzipped when it is gzip), split at `\n` only: a `\r` inside a value stays. */
export async function* linesOf(file: string): AsyncGenerator<string> {
  if (!existsSync(file)) throw new ToolError(`No such file: ${file}`);
  const handle = await open(file, 'r');
  const magic = Buffer.alloc(2);
  await handle.read(magic, 0, 2, 0);
  await handle.close();
  const raw = createReadStream(file);
  const input = magic[0] === 0x1f && magic[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
  if (input !== raw) raw.on('error', (error) => input.destroy(error)); // pipe() does not pass a read error on
  input.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() as string;
      yield* parts;
    }
  } catch (error) {
    throw new ToolError(`${file} cannot be read: ${(error as Error).message}`);
  } finally {
    input.destroy();
    raw.destroy();
  }
  if (rest) yield rest;
}

/** A backup in the portable format (JSON lines, db:move's) or plain SQL: read from its first line. */
export async function backupKind(file: string): Promise<'portable' | 'sql'> {
  for await (const line of linesOf(file)) {
    if (line.trim() === '') continue;
    return line.trimStart().startsWith('{') ? 'portable' : 'sql';
  }
  throw new ToolError(`${file} is empty.`);
}

/** Every row a script inserts, per table of schema public, and what a db:backup file says about itself. */
interface ScriptTally {
  header: SqlBackupHeader | null;
  counts: Record<string, number>;
  complete: boolean;
}

function tally(): ScriptTally & { add(written: string, rows: number): void } {
  const counts: Record<string, number> = {};
  return {
    header: null,
    counts,
    complete: false,
    add(written, rows) {
      const { schema, name } = qualifiedName(written);
      if (schema === null || schema === 'public') counts[name] = (counts[name] ?? 0) + rows;
    },
  };
}

function readHeader(file: string, text: string): SqlBackupHeader {
  let header: SqlBackupHeader;
  try {
    header = JSON.parse(text.slice(HEADER_PREFIX.length)) as SqlBackupHeader;
  } catch {
    throw new ToolError(`${file} is damaged: its ${HEADER_PREFIX} line is not readable.`);
  }
  if (header.format !== SQL_BACKUP_FORMAT) throw new ToolError(`${file} is not a shop backup.`);
  if (header.version > SQL_BACKUP_VERSION) {
    throw new ToolError(
      `${file} is a version ${header.version} backup; this shop reads version ${SQL_BACKUP_VERSION}.`,
    );
  }
  return header;
}

/** Reads a plain-SQL backup through without running it: its rows per table, header and end. */
export async function readSqlBackup(file: string): Promise<ScriptTally> {
  const result = tally();
  let copying = '';
  for await (const event of readScript(linesOf(file))) {
    if (event.kind === 'comment') {
      if (event.text.startsWith(HEADER_PREFIX) && !result.header) result.header = readHeader(file, event.text);
      if (event.text === DUMP_COMPLETE) result.complete = true;
    } else if (event.kind === 'statement') {
      const table = insertTarget(event.sql);
      if (table) result.add(table, 1);
    } else if (event.kind === 'copy') {
      copying = event.table;
      result.add(copying, 0);
    } else if (event.kind === 'row') {
      result.add(copying, 1);
    }
  }
  return { header: result.header, counts: result.counts, complete: result.complete };
}

/** A pg_dump binary on this machine. */
export interface PgDumpBinary {
  path: string;
  version: string;
  major: number;
}

/** Every pg_dump on PATH and in the usual places of Debian/Ubuntu and RHEL packages, with its version. */
export async function pgDumpBinaries(): Promise<PgDumpBinary[]> {
  const candidates = new Set<string>();
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'pg_dump'))) candidates.add(path.join(dir, 'pg_dump'));
  }
  const versioned = (root: string, match: (name: string) => boolean, bin: (name: string) => string) => {
    if (!existsSync(root)) return;
    for (const name of readdirSync(root).filter(match).sort()) {
      if (existsSync(bin(name))) candidates.add(bin(name));
    }
  };
  versioned(
    '/usr/lib/postgresql',
    () => true,
    (name) => path.join('/usr/lib/postgresql', name, 'bin/pg_dump'),
  );
  versioned(
    '/usr',
    (name) => name.startsWith('pgsql-'),
    (name) => path.join('/usr', name, 'bin/pg_dump'),
  );
  const found: PgDumpBinary[] = [];
  for (const candidate of candidates) {
    try {
      const { stdout } = await promisify(execFile)(candidate, ['--version'], { timeout: 10_000 });
      const version = /\(PostgreSQL\)\s+(\d+(?:\.\d+)*)/.exec(stdout)?.[1];
      if (version) found.push({ path: candidate, version, major: Number.parseInt(version, 10) });
    } catch {
      // Not runnable here: not a candidate.
    }
  }
  return found;
}

/** The pg_dump of the server's major version, or the nearest newer one (pg_dump refuses an older server's newer version). */
export async function choosePgDump(serverMajor: number): Promise<PgDumpBinary> {
  const found = await pgDumpBinaries();
  const usable = found.filter((binary) => binary.major >= serverMajor).sort((a, b) => a.major - b.major);
  const chosen = usable[0];
  if (chosen) return chosen;
  const seen = found.length
    ? `found only ${found.map((binary) => `${binary.version} (${binary.path})`).join(', ')}`
    : 'found none';
  throw new ToolError(
    [
      `A plain-SQL backup of PostgreSQL ${serverMajor} needs pg_dump ${serverMajor} or newer on this machine; ${seen}.`,
      `Install PostgreSQL's client tools of that version (Debian/Ubuntu: apt-get install postgresql-client-${serverMajor};`,
      `other systems: the PostgreSQL ${serverMajor} client package), then run the backup again.`,
      'Or back up in the shop’s own portable format, which needs no pg_dump: npm run db:backup -- --format=portable',
    ].join('\n'),
  );
}

/** The file's name for the backup, written atomically: a hidden `.partial` file (0600), flushed, then renamed. */
async function writeBackupFile(options: {
  dir: string;
  at: Date;
  gzip: boolean;
  header: SqlBackupHeader;
  body: Readable;
  /** Runs once the body is written and before the rename (pg_dump's exit code). */
  beforeRename?: () => Promise<void>;
}): Promise<string> {
  const file = await newBackupFile(options.dir, options.at, options.gzip ? '.sql.gz' : '.sql');
  const temporary = path.join(options.dir, `.${path.basename(file)}.partial`);
  try {
    const output = createWriteStream(temporary, { mode: 0o600 });
    const withHeader = dumpWithHeader(headerText(options.header));
    if (options.gzip) await pipeline(options.body, withHeader, createGzip(), output);
    else await pipeline(options.body, withHeader, output);
    await options.beforeRename?.();
    const handle = await open(temporary, 'r+');
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
    return file;
  } catch (error) {
    options.body.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The snapshot's migration level and checks, read in the transaction the caller opened. */
async function levelAndChecks(connection: ToolConnection) {
  const migration = await migrationLevelOf(connection);
  const tables = await tablesOf(connection);
  if (tables.length === 0) throw new ToolError(`${connection.label} holds no shop tables: nothing to back up.`);
  return { migration, tables, checks: await checksOf(connection, tables) };
}

/**
 * PGlite → plain SQL through pg_dump built to WASM (@electric-sql/pglite-tools), which talks to
 * this PGlite instance directly. The tool has the folder to itself (no shop runs on it), so the
 * counts read just before are those of the dump. The dump is made in memory, then written.
 */
async function dumpPglite(source: ToolConnection, options: { out: string; gzip: boolean }) {
  if (!source.pglite) throw new Error('dumpPglite needs a PGlite connection');
  await source.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const read = await levelAndChecks(source).finally(() => source.query('COMMIT'));
  const dumped = await pgDump({ pg: source.pglite, args: PG_DUMP_OPTIONS });
  const bytes = Buffer.from(await dumped.arrayBuffer());
  const version = /^-- Dumped by pg_dump version (\S+)/m.exec(bytes.subarray(0, 4096).toString('utf8'))?.[1] ?? '?';
  const header: SqlBackupHeader = {
    format: SQL_BACKUP_FORMAT,
    version: SQL_BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    engine: 'pglite',
    dumpedBy: `pg_dump ${version} (WASM, @electric-sql/pglite-tools)`,
    migration: read.migration,
    checks: read.checks,
  };
  const file = await writeBackupFile({
    dir: options.out,
    at: new Date(header.createdAt),
    gzip: options.gzip,
    header,
    body: Readable.from([bytes]),
  });
  return { file, header };
}

/**
 * PostgreSQL → plain SQL through the machine's pg_dump (the server's major version or newer).
 * The counts are read in a REPEATABLE READ transaction whose snapshot pg_dump takes over
 * (`--snapshot`), so they are those of the dump even while the shop keeps selling. The password
 * goes to pg_dump in its environment, never on its command line.
 */
async function dumpPostgres(
  source: ToolConnection,
  options: { url: string; out: string; gzip: boolean; jobMs?: number },
) {
  const [server] = await source.query<{ server_version_num: string }>('SHOW server_version_num');
  const binary = await choosePgDump(Math.floor(Number(server?.server_version_num) / 10_000));
  await source.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const [exported] = await source.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const read = await levelAndChecks(source);
    const header: SqlBackupHeader = {
      format: SQL_BACKUP_FORMAT,
      version: SQL_BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      engine: 'postgres',
      dumpedBy: `pg_dump ${binary.version}`,
      migration: read.migration,
      checks: read.checks,
    };
    const url = new URL(options.url);
    const password = decodeURIComponent(url.password);
    url.password = '';
    const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
    const args = [...PG_DUMP_OPTIONS, `--snapshot=${exported?.id}`, '--dbname', url.toString()];
    if (options.jobMs) args.push(`--lock-wait-timeout=${options.jobMs}`);
    const child = spawn(binary.path, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < 4000) stderr += text;
    });
    const exited = new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code));
    });
    exited.catch(() => {}); // awaited below; a spawn error also ends stdout
    const file = await writeBackupFile({
      dir: options.out,
      at: new Date(header.createdAt),
      gzip: options.gzip,
      header,
      body: child.stdout,
      async beforeRename() {
        const code = await exited;
        if (code !== 0) {
          const said = stderr.trim().replaceAll(options.url, safeUrl(options.url)) || '(nothing on stderr)';
          throw new ToolError(`pg_dump ${binary.version} (${binary.path}) failed with exit code ${code}: ${said}`);
        }
      },
    }).catch((error) => {
      child.kill();
      throw error;
    });
    return { file, header };
  } finally {
    await source.query('COMMIT').catch(() => {});
  }
}

/**
 * `db:backup` in plain SQL: dumps, then reads the file back and counts its rows (INSERTs and
 * COPY lines per table) against the database's counts, which the file also carries.
 */
export async function backupSql(
  source: ToolConnection,
  options: { url?: string; out: string; gzip: boolean; jobMs?: number },
): Promise<{ file: string; header: SqlBackupHeader; lines: CheckLine[] }> {
  const { file, header } = options.url
    ? await dumpPostgres(source, { url: options.url, out: options.out, gzip: options.gzip, jobMs: options.jobMs })
    : await dumpPglite(source, { out: options.out, gzip: options.gzip });
  const written = await readSqlBackup(file);
  if (!written.complete || !written.header) {
    throw new ToolError(`${file} was not written whole (no end of dump): do not use it; run the backup again.`);
  }
  const counts = Object.fromEntries(Object.keys(header.checks.counts).map((name) => [name, written.counts[name] ?? 0]));
  const lines = compareChecks(header.checks, { counts, sums: header.checks.sums });
  return { file, header, lines };
}

/** A plain-SQL backup creates its tables: the target must hold none (and no row anywhere). */
async function assertEmptyForScript(target: ToolConnection) {
  const full = await nonEmptyTables(target);
  if (full.length > 0) {
    throw new ToolError(
      `${target.label} is not empty (rows in ${full.join(', ')}): restore only into an empty database, so nothing is mixed or lost.`,
    );
  }
  const relations = await target.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1 LIMIT 6`,
  );
  if (relations.length > 0) {
    throw new ToolError(
      `${target.label} is not empty: it has tables already (${relations.map((row) => row.name).join(', ')}). A plain-SQL backup creates the shop's tables itself: restore it into a new empty database (createdb, or a new DATA_DIR folder), not one a shop has started on.`,
    );
  }
}

const ROWS_PER_INSERT = 500;
const STATEMENTS_PER_TRIP = 200;
const CHARS_PER_TRIP = 1 << 20;

/** What a statement is, safe to print: its words up to the table, never its values. */
function describe(sql: string): string {
  const words = sql.split(/\s+VALUES\b|\(|\bAS\s+\$/i)[0] ?? '';
  return words.replace(/\s+/g, ' ').trim().slice(0, 80);
}

/**
 * `db:restore` of a plain-SQL backup: runs it statement by statement in one transaction into an
 * empty database, on either engine, as psql would (a COPY's rows go in as INSERTs of their text
 * values cast to each column's type, which is what COPY does), then compares the restored
 * database's counts and sums with those the file carries. A file that is cut short, or a
 * statement that fails, rolls everything back.
 */
export async function restoreSql(
  file: string,
  target: ToolConnection,
): Promise<{ header: SqlBackupHeader | null; lines: CheckLine[]; migration: string }> {
  await assertEmptyForScript(target);
  const seen = tally();
  let begun = false;
  let current = 'its start';
  let copy: { insert: string; width: number; table: string; batch: (string | null)[][] } | null = null;
  const flush = async () => {
    if (!copy || copy.batch.length === 0) return;
    await target.query(copy.insert, [JSON.stringify(copy.batch)]);
    copy.batch = [];
  };
  // Statements go in groups (one round trip each, as a multi-statement simple query): a dump
  // of single-row INSERTs would otherwise wait on the server once per row.
  let pending: string[] = [];
  let pendingChars = 0;
  const runPending = async () => {
    if (pending.length === 0) return;
    const first = describe(pending[0] as string);
    const last = describe(pending[pending.length - 1] as string);
    current = pending.length === 1 || first === last ? first : `the statements from ${first} to ${last}`;
    await target.exec(pending.map((sql) => `${sql};`).join('\n'));
    pending = [];
    pendingChars = 0;
  };
  try {
    for await (const event of readScript(linesOf(file))) {
      if (event.kind === 'comment') {
        if (event.text.startsWith(HEADER_PREFIX) && !begun && !seen.header) seen.header = readHeader(file, event.text);
        if (event.text === DUMP_COMPLETE) seen.complete = true;
        continue;
      }
      if (event.kind === 'meta') {
        // pg_dump's \restrict … \unrestrict only guard psql against meta-commands in the data.
        if (/^\\(?:un)?restrict\b/.test(event.line)) continue;
        throw new ToolError(
          `${file} holds a psql command db:restore does not run (${event.line.split(/\s/)[0]}): restore it with psql.`,
        );
      }
      if (!begun) {
        if (seen.header) assertKnownMigration(seen.header.migration);
        await target.query('BEGIN');
        begun = true;
      }
      if (event.kind === 'statement') {
        pending.push(event.sql);
        pendingChars += event.sql.length;
        if (pending.length >= STATEMENTS_PER_TRIP || pendingChars >= CHARS_PER_TRIP) await runPending();
        const table = insertTarget(event.sql);
        if (table) seen.add(table, 1);
      } else if (event.kind === 'copy') {
        await runPending();
        current = describe(event.sql);
        const types = await target.query<{ name: string; type: string }>(
          `SELECT a.attname AS name, pg_catalog.format_type(a.atttypid, a.atttypmod) AS type
             FROM pg_catalog.pg_attribute a
            WHERE a.attrelid = pg_catalog.to_regclass($1::text) AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY a.attnum`,
          [event.table],
        );
        const columns = event.columns ?? types.map((column) => column.name);
        const typeOf = new Map(types.map((column) => [column.name, column.type]));
        const values = columns.map((column, index) => {
          const type = typeOf.get(column);
          if (!type)
            throw new ToolError(`${file} copies into ${event.table}.${column}, which the restore did not create.`);
          return `(r->>${index})::${type}`;
        });
        copy = {
          table: event.table,
          width: columns.length,
          batch: [],
          insert: `INSERT INTO ${event.table} (${columns.map(quote).join(', ')}) OVERRIDING SYSTEM VALUE
            SELECT ${values.join(', ')} FROM pg_catalog.json_array_elements($1::json) AS r`,
        };
        seen.add(event.table, 0);
      } else if (event.kind === 'row') {
        if (!copy) throw new ToolError(`${file} is damaged: data outside a COPY.`);
        const row = decodeCopyLine(event.line);
        if (row.length !== copy.width) throw new ToolError(`${file} is damaged: a row of ${copy.table}.`);
        copy.batch.push(row);
        seen.add(copy.table, 1);
        if (copy.batch.length === ROWS_PER_INSERT) await flush();
      } else {
        await flush();
        copy = null;
      }
    }
    if (!seen.complete) {
      throw new ToolError(`${file} is cut short (it lacks pg_dump's "${DUMP_COMPLETE}"): nothing was restored.`);
    }
    await runPending();
    if (!begun) throw new ToolError(`${file} holds no SQL statement: nothing to restore.`);
    await target.query('COMMIT');
  } catch (error) {
    if (begun) await target.query('ROLLBACK').catch(() => {});
    await target.resetSession().catch(() => {});
    if (error instanceof ToolError) throw error;
    throw new ToolError(
      `The restore of ${file} failed at ${current}: ${(error as Error).message}. Nothing was restored: the database is as empty as it was.`,
    );
  }
  await target.resetSession();
  await target.query('ANALYZE');

  const tables = await tablesOf(target);
  const actual = await checksOf(target, tables);
  const header = seen.header;
  // A file db:backup did not make (a pg_dump of the operator's own) has no sums: its rows alone are compared.
  const expected: Checks = header?.checks ?? {
    counts: Object.fromEntries(tables.map((table) => [table.name, seen.counts[table.name] ?? 0])),
    sums: {},
  };
  const lines = compareChecks(expected, header ? actual : { counts: actual.counts, sums: {} });
  let migration: string;
  try {
    migration = (await migrationLevelOf(target)).tag ?? 'none';
  } catch (error) {
    lines.push({ name: 'migration of this version', expected: 'known', actual: 'unknown', ok: false });
    migration = (error as Error).message;
  }
  return { header, lines, migration };
}

/** A backup of a later version of the shop goes back with that version (its schema would be unknown to this code). */
function assertKnownMigration(level: MigrationLevel) {
  const known = journal()[level.level - 1];
  if (level.level > 0 && known?.tag !== level.tag) {
    throw new ToolError(
      `The backup is at migration ${level.tag}, which this version of the shop does not have: restore it with the version that made it.`,
    );
  }
}
