// `npm run bench:admin`: the admin's order list and sales dashboard on a big shop. A fresh
// PostgreSQL database gets the large catalogue and 100,000 orders (seed:large --orders), the
// shop starts as `npm start` runs it, an admin logs in, then autocannon with 10 connections
// (10 admins at once) on: the order list (page 1, a deep page, each status, a search by order
// number, a search by customer email, a date range) and the dashboard. Prints p50/p99 and
// requests/s, flags any p99 at or above 150 ms, and appends the figures to bench/RESULTS.md.
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lagosDate } from '@shop/shared';
import { freePort, scratchPostgres } from '@shop/testing';
import { openDatabase } from '../apps/server/src/db/client';
import { seedLargeCatalogue } from '../apps/server/src/db/seed/seed-large';
import { seedLargeOrders } from '../apps/server/src/db/seed/seed-large-orders';
import { ORDER_STATUSES } from '../packages/shared/src/constants';
import { BENCH_SERVER_URL, type Measurement, measure, startServer, stopServer } from './servers';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    products: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const orderCount = Number(args.orders);
const productCount = Number(args.products);
const duration = Number(args.duration);
const connections = Number(args.connections);
const TARGET_P99_MS = 150;
const PAGE_SIZE = 24;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench@12345' };

/** A fresh database each run, seeded with the catalogue and the orders. */
async function freshDatabase() {
  const name = 'shop_bench_admin';
  const { url } = await scratchPostgres({ serverUrl: BENCH_SERVER_URL, name, ifExists: 'replace' });
  const database = await openDatabase({ url, dataDir: '' });
  await seedLargeCatalogue(database, productCount);
  const seeded = await seedLargeOrders(database, orderCount);
  console.log(`orders: ${seeded.after} in ${name} (seeded in ${(seeded.ms / 1000).toFixed(1)} s)`);
  // What the searches look for: a real order number's prefix and a customer's email.
  const [sample] = await database.query<{ order_number: string; customer_email: string }>(
    'SELECT order_number, customer_email FROM orders ORDER BY created_at DESC LIMIT 1 OFFSET 5000',
  );
  await database.close();
  if (!sample) throw new Error('no orders seeded');
  return { url, sample, seedMs: seeded.ms, total: seeded.after };
}

async function adminToken(port: number): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

const { url: databaseUrl, sample, seedMs, total } = await freshDatabase();
const load = os.loadavg()[0]?.toFixed(1);
const port = await freePort();
const server = await startServer('bench/bench-server.ts', port, {
  DATABASE_URL: databaseUrl,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
const deepPage = Math.max(1, Math.ceil(total / PAGE_SIZE) - 1);
const targets: [string, string][] = [
  ['orders, no filter, page 1', `/api/orders/admin?page=1&pageSize=${PAGE_SIZE}`],
  [`orders, no filter, page ${deepPage} (deep)`, `/api/orders/admin?page=${deepPage}&pageSize=${PAGE_SIZE}`],
  ...ORDER_STATUSES.map((status): [string, string] => [
    `orders, status ${status}`,
    `/api/orders/admin?status=${status}`,
  ]),
  [
    `orders, search by number prefix (${sample.order_number.slice(0, 7)})`,
    `/api/orders/admin?search=${sample.order_number.slice(0, 7).toLowerCase()}`,
  ],
  [
    `orders, search by customer email (${sample.customer_email})`,
    `/api/orders/admin?search=${encodeURIComponent(sample.customer_email)}`,
  ],
  [`orders, date range (last 30 days)`, `/api/orders/admin?from=${lagosDate(Date.now(), -29)}&to=${lagosDate()}`],
  ['dashboard', '/api/admin/dashboard'],
];
const rows: (Measurement & { name: string; path: string })[] = [];
try {
  const token = await adminToken(port);
  const headers = { authorization: `Bearer ${token}` };
  const base = `http://127.0.0.1:${port}`;
  // Warm-up, not measured: JIT, the pool's connections and the database's caches.
  for (const [, target] of targets) await measure(server, `${base}${target}`, { connections, duration: 1, headers });
  for (const [name, target] of targets) {
    const row = {
      name,
      path: target,
      ...(await measure(server, `${base}${target}`, { connections, duration, headers })),
    };
    rows.push(row);
    const flag = row.p99 >= TARGET_P99_MS ? `  ← p99 ≥ ${TARGET_P99_MS} ms` : '';
    console.log(
      `  ${name.padEnd(58)} ${row.rps.toFixed(0).padStart(5)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}${flag}`,
    );
  }
} finally {
  await stopServer(server);
}

const missed = rows.filter((row) => row.p99 >= TARGET_P99_MS || row.errors > 0);
const report = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — admin orders and dashboard, PostgreSQL`,
  '',
  `Command: \`npm run bench:admin -- --orders ${orderCount} --products ${productCount} --duration ${duration} --connections ${connections}\``,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; autocannon beside the server on loopback; load average ${load} at start (the machine is shared). ${total.toLocaleString('en')} orders seeded in ${(seedMs / 1000).toFixed(1)} s; ${connections} connections (admins) for ${duration} s per line after a 1 s warm-up each; pages of ${PAGE_SIZE}.`,
  '',
  '| GET (admin) | req/s | p50 ms | p99 ms | errors | server CPU µs/req |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99}${row.p99 >= TARGET_P99_MS ? ' ⚠' : ''} | ${row.errors} | ${row.cpuUsPerRequest.toFixed(0)} |`,
  ),
  '',
  `Target: p99 < ${TARGET_P99_MS} ms for every line. ${missed.length === 0 ? 'All met.' : `Missed: ${missed.map((row) => row.name).join('; ')}.`}`,
  '',
].join('\n');
appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${report}\n`);
console.log(`\n${report}`);
if (missed.length > 0) process.exitCode = 1;
