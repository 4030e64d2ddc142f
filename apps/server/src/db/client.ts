import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../lib/package-root';
import { QUERY_BOUNDS_DEFAULT, type QueryBounds } from './query-bounds';
import * as schema from './schema';

export type { QueryBounds } from './query-bounds';
export { QUERY_BOUNDS_DEFAULT } from './query-bounds';

export type Schema = typeof schema;
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;
/** The `tx` of `database.db.transaction(async (tx) => ...)`: repositories take it to join a service's transaction. */
export type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];
/** What a repository call runs on: the database itself, or a transaction in progress. */
export type Executor = AppDatabase | Transaction;

/** A unique index said no (PostgreSQL 23505): e.g. two registrations racing for one email. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: AppDatabase;
  /** Plain SQL with $1 parameters, for the few queries that are clearer without the builder. */
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs `onMessage` for every NOTIFY on `channel`; returns a function that stops listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Inside a transaction of a long admin job (the demo catalogue, a CSV import): its statements
   * get the job's bound (DATABASE_JOB_TIMEOUT_MS) instead of a request's, until it ends.
   */
  boundAsJob(tx: Executor): Promise<void>;
  close(): Promise<void>;
  /** The connections this process holds (metrics): node-pg's pool, or PGlite's one. */
  poolStats(): PoolStats;
}

/** `idle` and `waiting` (queries queued for a connection) are known for a pool only. */
export interface PoolStats {
  total: number;
  idle?: number;
  waiting?: number;
}

/** The project's migrations (also read by the database tools, db/tools). */
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

/** PGlite's own folder inside DATA_DIR. */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/** A PGlite database at `folder` (or `memory://`) with the extensions the migrations need. */
export const createPglite = (folder: string, snapshot?: Blob) =>
  PGlite.create(folder, { extensions: { pg_trgm, unaccent }, loadDataDir: snapshot });

/**
 * The advisory lock (pg_advisory_lock(hashtext(...))) that start-up work on a shared database
 * holds: migrating, and filling an empty catalogue (seed-demo.ts).
 */
export const STARTUP_LOCK = 'tailor-supply-shop:start-up';

const LISTEN_RETRY_MIN_MS = 250;
// At most a few seconds: the cache of every process refreshes soon after a database restart.
const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * LISTEN for every channel of this process on one connection of its own, which comes back after
 * PostgreSQL restarts or drops it: a process holds one listening connection, not one a channel.
 * Notifications sent while it was away are lost, so a reconnection is reported to every listener
 * as a message: for the caches, "something may have changed" is the safe answer.
 */
function sharedListener(url: string, connectTimeoutMs: number) {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let active: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryMs = LISTEN_RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  // LISTEN and UNLISTEN one at a time: node-pg wants one query at a time on a client.
  let commands: Promise<unknown> = Promise.resolve();
  const command = (client: pg.Client, verb: 'LISTEN' | 'UNLISTEN', channel: string) => {
    const run = commands.then(() => client.query(`${verb} ${pg.escapeIdentifier(channel)}`));
    commands = run.catch(() => {});
    return run;
  };

  const tellEveryone = () => {
    for (const handlers of listeners.values()) for (const handler of handlers) handler('');
  };

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true });
    client.on('error', () => {}); // followed by 'end', which reconnects
    client.on('notification', (message) => {
      for (const handler of listeners.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('end', () => {
      if (client !== active) return;
      active = undefined;
      if (listeners.size > 0) reconnectLater();
    });
    try {
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    active = client;
    return client;
  };

  /** The listening connection, opened once however many channels ask for it at the same time. */
  const connection = () => {
    if (active) return Promise.resolve(active);
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const reconnectLater = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        await connection();
        retryMs = LISTEN_RETRY_MIN_MS;
        tellEveryone();
      } catch {
        retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
        if (listeners.size > 0) reconnectLater();
      }
    }, retryMs);
    timer.unref();
  };

  return async function listen(channel: string, onMessage: (payload: string) => void) {
    const handlers = listeners.get(channel);
    if (handlers) {
      handlers.add(onMessage);
    } else {
      listeners.set(channel, new Set([onMessage]));
      try {
        const client = await connection();
        // A client opened before this channel was added has not listened to it yet.
        await command(client, 'LISTEN', channel);
      } catch (error) {
        listeners.delete(channel);
        throw error;
      }
    }
    return async () => {
      const current = listeners.get(channel);
      if (!current?.delete(onMessage) || current.size > 0) return;
      listeners.delete(channel);
      const client = active;
      if (listeners.size === 0) {
        clearTimeout(timer);
        active = undefined;
        await client?.end().catch(() => {});
      } else {
        if (client) await command(client, 'UNLISTEN', channel).catch(() => {});
      }
    };
  };
}

export interface DatabaseOptions {
  url?: string;
  /** PGlite's folder; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** PGlite: start from this data-folder snapshot (a test run's template) instead of a new one. */
  snapshot?: Blob;
  poolSize?: number;
  /** The longest wait for a PostgreSQL connection (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** PostgreSQL's statement_timeout, lock_timeout, and both for long jobs, in ms (QueryBounds). */
  bounds?: Partial<QueryBounds>;
}

/** A request never waits longer than this for a connection to a server that is not there. */
export const DATABASE_CONNECT_TIMEOUT_MS_DEFAULT = 5_000;

/** PostgreSQL when a URL is given, otherwise PGlite with its data under dataDir. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(
        options.url,
        options.poolSize ?? 10,
        options.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS_DEFAULT,
        { ...QUERY_BOUNDS_DEFAULT, ...options.bounds },
      )
    : openPglite(options.dataDir, options.snapshot);
}

const statementNames = new Map<string, string>();

/** A stable name per distinct SQL text; the texts are our own, so there are a few dozen. */
function statementName(sql: string) {
  let name = statementNames.get(sql);
  if (!name) {
    name = `q_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * A checked-out client whose connection died goes back to the pool (which discards it) by
 * itself. Drizzle's transaction() sends BEGIN before its try/finally that releases the client:
 * a BEGIN that fails on a dead connection would keep the client checked out for ever, and a
 * few such failures during a database restart would leave the pool with no slot to use.
 * The holder's own release after that is ignored (pg-pool itself throws on a second one).
 */
function releasedWhenDead(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const onEnd = () => {
    if (released) return;
    released = true;
    release(new Error('the connection ended while the client was checked out'));
  };
  client.release = (error?: Error | boolean) => {
    client.removeListener('end', onEnd);
    if (released) return;
    released = true;
    release(error);
  };
  client.once('end', onEnd);
  return client;
}

/**
 * pg.Pool (Drizzle checks `instanceof Pool`) that survives its server going away: no client
 * error is left uncaught, and a checked-out client whose connection dies is released (and so
 * discarded) by itself.
 */
export class ShopPool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    // A client checked out for a transaction has no listener between its statements: the
    // server going away then would be an uncaught 'error'. The transaction's next statement
    // fails instead (a 503), and the client is discarded when it comes back (releasedWhenDead).
    this.on('connect', (client) => client.on('error', () => {}));
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's two overloads; only the promise form (Drizzle's transactions) is guarded
  override connect(callback?: any): any {
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenDead);
  }
}

async function openPostgres(
  url: string,
  poolSize: number,
  connectTimeoutMs: number,
  bounds: QueryBounds,
): Promise<Database> {
  const pool = new ShopPool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    // A stopped or unreachable server fails a request in seconds (503, decision 028) instead of
    // leaving it waiting: for a new connection, and for a free one when all are busy.
    connectionTimeoutMillis: connectTimeoutMs,
    // A server that vanished without closing the socket (a network cut) is noticed too.
    keepAlive: true,
    // Our statements are short OLTP queries whose best plan does not depend on the values:
    // plan them once per connection instead of again for every call (planning a product query
    // took 2 ms, running it 0.3 ms).
    // A search reads the matches of a broad word in storage order and stops at the page's end
    // (decision 015): a scan must start at the table's first page every time, not wherever a
    // concurrent scan of the same table has got to, or the pages of one search would disagree.
    // Every statement of every connection is bounded (QueryBounds): a query past its time, or
    // waiting on a lock past its own, fails with 57014 or 55P03, answered 503 (decision 028).
    options: `-c plan_cache_mode=force_generic_plan -c synchronize_seqscans=off -c statement_timeout=${bounds.statementMs} -c lock_timeout=${bounds.lockMs}`,
  });
  // An idle client that loses its server must not crash the process: pg-pool drops it (as it
  // drops a client released after its connection died), and the next query opens a new one.
  pool.on('error', () => {});
  const listen = sharedListener(url, connectTimeoutMs);
  const db = drizzleNodePg(pool, { schema }) as unknown as AppDatabase;
  return {
    kind: 'postgres',
    db,
    async query<Row>(sql: string, params: unknown[] = []) {
      // NOTE: parameterized queries become named prepared statements (see plan_cache_mode).
      if (params.length === 0) return (await pool.query(sql)).rows as Row[];
      return (await pool.query({ name: statementName(sql), text: sql, values: params })).rows as Row[];
    },
    listen,
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async migrate() {
      // Processes started together on one database (a deploy of several, docs/deploy.md) take
      // turns: the first migrates, the others wait here and then find nothing left to do. A
      // session lock on one connection, freed by PostgreSQL if this process dies holding it.
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // Waiting for another process's migrations, and a migration itself (an index on a big
        // table), take a job's bound, not a request's; the connection gets its own back after.
        await client.query(`SET statement_timeout = ${bounds.jobMs}`);
        await client.query(`SET lock_timeout = ${bounds.jobMs}`);
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [STARTUP_LOCK]);
        try {
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK]);
        }
        await client.query('RESET statement_timeout');
        await client.query('RESET lock_timeout');
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        // A connection that failed mid-way may still hold the lock: closed, not pooled.
        client.release(broken);
      }
    },
    async boundAsJob(tx) {
      const ms = String(bounds.jobMs);
      await tx.execute(
        sql`SELECT set_config('statement_timeout', ${ms}, true), set_config('lock_timeout', ${ms}, true)`,
      );
    },
    async close() {
      await pool.end();
    },
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
  };
}

async function openPglite(dataDir: string, snapshot?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  return pgliteDatabase(await createPglite(inMemory ? dataDir : pgliteFolder(dataDir), snapshot));
}

/** The shop's Database over an open PGlite (a test run's template keeps the client to snapshot it). */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  await client.query('SET synchronize_seqscans = off'); // as for PostgreSQL (openPostgres)
  const db = drizzlePglite(client, { schema }) as unknown as AppDatabase;
  return {
    kind: 'pglite',
    db,
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await client.query<Row>(sql, params)).rows;
    },
    async listen(channel, onMessage) {
      return client.listen(channel, onMessage);
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    // NOTE: PGlite has one connection, so nothing waits on another's lock, and its WebAssembly
    // build has no timer to cancel a statement: statement_timeout would be set and never fire.
    async boundAsJob() {},
    async close() {
      await client.close();
    },
    poolStats() {
      return { total: 1 };
    },
  };
}
