// What the server tests, the e2e suite and the benchmarks all need to run a real shop: a free
// loopback port, and the built shop started as `npm start` would and waited on until healthy.

import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** The repository's root folder. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Waits until `url` answers 2xx. Fails at once if `child` exits first, and after `timeoutMs`
 * if it never does.
 */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  { timeoutMs = 90_000, intervalMs = 250 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The shop did not become ready within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface RunningShop {
  server: ChildProcess;
  port: number;
  baseUrl: string;
  /** SIGTERM, then waits for the process to exit. */
  stop: () => Promise<void>;
}

export interface StartShopOptions {
  /** The port to listen on (a free one by default): for a shop whose address must be known before it starts. */
  port?: number;
  /** Each line the shop writes to stdout or stderr, instead of this process's own (its log, for a test to read). */
  onOutput?: (line: string) => void;
}

/**
 * Starts the built shop (`apps/server/dist/server.js`, serving `apps/web/dist`) on a free port of
 * 127.0.0.1 with `env` over this process's environment, and resolves once `/api/health` is ok.
 */
export async function startBuiltShop(
  env: Record<string, string>,
  options: StartShopOptions = {},
): Promise<RunningShop> {
  const port = options.port ?? (await freePort());
  const { onOutput } = options;
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', onOutput ? 'pipe' : 'inherit', onOutput ? 'pipe' : 'inherit'],
  });
  if (onOutput) {
    // Read to the end: a pipe nobody drains stops the shop once its buffer is full.
    for (const stream of [server.stdout, server.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', onOutput);
    }
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(`${baseUrl}/api/health`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, port, baseUrl, stop };
}

/**
 * The limits on orders and payment calls lifted, for a test suite or a benchmark that stands in
 * for many customers from one address (the shop's defaults are in its README, Configuration).
 */
export const UNLIMITED_ORDERS_ENV = {
  ORDER_LIMIT_UNPAID_ORDERS: '1000000000',
  ORDER_LIMIT_UNPAID_ORDERS_PER_ADDRESS: '1000000000',
  ORDER_LIMIT_UNPAID_VALUE_NAIRA: '1000000000',
  ORDER_LIMIT_PRODUCT_SHARE_PERCENT: '100',
  ORDER_LIMIT_LONG_HOLD_SHARE_PERCENT: '100',
  ORDER_LIMIT_ORDERS_PER_HOUR: '1000000000',
  ORDER_LIMIT_ORDERS_PER_HOUR_PER_ADDRESS: '1000000000',
  PAYMENT_CALLS_PER_CUSTOMER: '1000000000',
  PAYMENT_CALLS_PER_ORDER: '1000000000',
} as const;

/**
 * The settings production requires, for a production run that never pays (the benchmarks):
 * an https PUBLIC_URL (the pages' links say it; requests still go to the loopback port),
 * placeholder keys and bank details, so no request reaches Paystack.
 */
export const NEVER_PAYING_PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.com',
  PAYSTACK_SECRET_KEY: 'sk_test_bench',
  PAYSTACK_PUBLIC_KEY: 'pk_test_bench',
  BANK_ACCOUNT_NAME: 'Stitch & Trim Bench',
  BANK_NAME: 'Bench Bank',
  BANK_ACCOUNT_NUMBER: '0000000000',
} as const;

export { CUSTOMER_PASSWORD, LAGOS_ADDRESS, SUCCESS_CARD, shippingDetailsOf } from './builders';
export { type PostgresInstance, postgresInstanceUnavailable, startPostgresInstance } from './postgres-instance';
export { type RedisInstance, redisInstanceUnavailable, startRedisInstance } from './redis-instance';
export {
  databaseUrl,
  dropDatabaseNamed,
  dropLiveScratchDatabases,
  dropRunDatabases,
  pgliteSnapshot,
  pgliteSnapshotFolder,
  postgresAnswers,
  postgresTemplate,
  postgresTemplateName,
  type ScratchDatabase,
  type ScratchPostgres,
  savePgliteSnapshot,
  scratchDatabase,
  scratchPostgres,
  scratchRunId,
  scratchServerUrl,
} from './scratch-database';
