// What catalogue.ts and profile.ts share: the benchmark database, the servers they start and one
// autocannon measurement with the CPU time the server spent on it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { databaseUrl, NEVER_PAYING_PRODUCTION_ENV, scratchPostgres, UNLIMITED_ORDERS_ENV } from '@shop/testing';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client';
import { seedLargeCatalogue } from '../apps/server/src/db/seed/seed-large';

export const root = path.resolve(import.meta.dirname, '..');

/** The PostgreSQL server the benchmarks make their databases on. */
export const BENCH_SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of database `name` on that server. */
export function benchDatabaseUrl(name: string): string {
  return databaseUrl(BENCH_SERVER_URL, name);
}

/** The benchmark database's name for the checkout at `checkout`: its size and its migrations' digest. */
export function benchDatabaseName(products: number, checkout = root): string {
  const journal = readFileSync(path.join(checkout, 'apps/server/src/db/migrations/meta/_journal.json'));
  return `shop_bench_${products}_${createHash('sha1').update(journal).digest('hex').slice(0, 8)}`;
}

/**
 * A PostgreSQL database holding `products` products (created and seeded once, kept for later runs).
 * Its name carries a digest of the migrations, so a branch with other migrations (or a new one)
 * gets a database of its own instead of one its migrator would skip or trip over.
 */
export async function ensureDatabase(products: number): Promise<string> {
  const name = benchDatabaseName(products);
  const { url } = await scratchPostgres({ serverUrl: BENCH_SERVER_URL, name, ifExists: 'reuse' });
  const database = await openDatabase({ url, dataDir: '' });
  const seeded = await seedLargeCatalogue(database, products);
  console.log(`catalogue: ${seeded.after} products in ${name}`);
  await database.close();
  return url;
}

/**
 * Starts `script` (bench-server.ts: the shop as `npm start` runs it, production mode, logging off;
 * plain-server.ts: bare Fastify) and resolves once it listens.
 */
export async function startServer(
  script: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  /** Another checkout of the shop to run instead of this one (compare.ts). */
  checkout = root,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      ...NEVER_PAYING_PRODUCTION_ENV,
      ...UNLIMITED_ORDERS_ENV,
      SEED_DEMO_CATALOGUE: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU time (user + system) a process has used so far, in milliseconds (Linux /proc). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU time per answered request, in microseconds: what the load of the machine changes least. */
  cpuUsPerRequest: number;
}

export async function measure(
  server: ChildProcess,
  url: string,
  options: { connections: number; duration: number; headers?: Record<string, string> },
): Promise<Measurement> {
  const pid = server.pid ?? 0;
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
  });
  const cpuMs = cpuMsOf(pid) - cpuBefore;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUsPerRequest: result.requests.total ? (cpuMs * 1000) / result.requests.total : 0,
  };
}
