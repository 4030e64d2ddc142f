// `npm run bench:checkout`: orders created through POST /api/orders on PostgreSQL, 50
// connections for 10 s, once spread over 1,000 products and once all on one product with ample
// stock (row-lock contention). Prints orders/s, p50 and p99, checks afterwards that stock plus
// ordered quantities equal the starting stock (nothing oversold), and appends to bench/RESULTS.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, NEVER_PAYING_PRODUCTION_ENV, UNLIMITED_ORDERS_ENV } from '@shop/testing';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { seedLargeCatalogue } from '../apps/server/src/db/seed/seed-large';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const productCount = Number(args.products);
const duration = Number(args.duration);
const connections = Number(args.connections);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');
// A free port, so a run never collides with another shop on this machine.
const port = await freePort();
const STARTING_STOCK = 1_000_000;

/** A fresh database each run, so the stock check starts from a known state. */
async function freshDatabase() {
  const name = 'shop_bench_checkout';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  await seedLargeCatalogue(database, productCount);
  await database.query('UPDATE products SET stock = $1', [STARTING_STOCK]);
  await database.query('ANALYZE products');
  const products = await database.query<{ id: string; price_kobo: number }>(
    'SELECT id, price_kobo FROM products ORDER BY id LIMIT $1',
    [productCount],
  );
  await database.close();
  console.log(`catalogue: ${products.length} products with ${STARTING_STOCK.toLocaleString('en')} in stock each`);
  return { url: url.toString(), products };
}

async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bench-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      // Creating an order never calls Paystack.
      ...NEVER_PAYING_PRODUCTION_ENV,
      // A few customers stand in for thousands: the limits on unpaid orders are lifted.
      ...UNLIMITED_ORDERS_ENV,
      SEED_DEMO_CATALOGUE: 'false',
      ADMIN_EMAIL: 'bench-admin@example.com',
      ADMIN_PASSWORD: 'Bench@12345',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return child;
}

async function customerToken(): Promise<string> {
  const base = `http://127.0.0.1:${port}/api/users`;
  const account = {
    firstName: 'Bench',
    lastName: 'Buyer',
    email: `bench.${Date.now()}@example.com`,
    password: 'Bench@12345',
  };
  const registered = await fetch(`${base}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  return ((await login.json()) as { token: string }).token;
}

const shipping = {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'bench.buyer@example.com',
  phoneNumber: '08012345678',
  address: '12 Balogun Street',
  city: 'Lagos',
  state: 'Lagos',
  zipCode: '100001',
  country: 'Nigeria',
};

interface Row {
  name: string;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  created: number;
  refused: number;
}

async function measure(
  name: string,
  token: string,
  products: { id: string; price_kobo: number }[],
  seconds = duration,
): Promise<Row> {
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/orders',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        setupRequest: (request) => {
          const product = products[next++ % products.length];
          if (!product) throw new Error('no product');
          return {
            ...request,
            body: JSON.stringify({
              shippingDetails: shipping,
              paymentDetails: { method: 'card', transactionId: null },
              deliveryMethod: 'EXPRESS',
              items: [{ productId: product.id, quantity: 1, price: product.price_kobo / 100 }],
            }),
          };
        },
      },
    ],
  });
  const created = result['2xx'];
  return {
    name,
    ordersPerSecond: created / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    created,
    refused: result.non2xx + result.errors + result.timeouts,
  };
}

/** Every product's stock plus what orders took of it must be the starting stock. */
async function oversold(databaseUrl: string) {
  const database = await openDatabase({ url: databaseUrl, dataDir: '' });
  const [check] = await database.query<{ wrong: number; ordered: number; orders: number }>(
    `SELECT count(*) FILTER (WHERE p.stock + coalesce(i.quantity, 0) <> $1)::int AS wrong,
            coalesce(sum(i.quantity), 0)::int AS ordered,
            (SELECT count(*)::int FROM orders) AS orders
       FROM products p
       LEFT JOIN (SELECT product_id, sum(quantity) AS quantity FROM order_items GROUP BY product_id) i
              ON i.product_id = p.id`,
    [STARTING_STOCK],
  );
  await database.close();
  return check ?? { wrong: -1, ordered: 0, orders: 0 };
}

const { url: databaseUrl, products } = await freshDatabase();
const load = os.loadavg()[0]?.toFixed(1);
const server = await startServer(databaseUrl);
const rows: Row[] = [];
let warmedUp = 0;
try {
  const token = await customerToken();
  const hot = products[0];
  if (!hot) throw new Error('no products');
  // Warm-up, not measured: JIT, the pool's connections and their prepared plans.
  warmedUp = (await measure('warm-up', token, products.slice(-100), 3)).created;
  for (const [name, targets] of [
    [`spread over ${products.length.toLocaleString('en')} products`, products],
    ['all on one product', [hot]],
  ] as const) {
    const row = await measure(name, token, [...targets]);
    rows.push(row);
    console.log(
      `  ${name.padEnd(30)} ${row.ordersPerSecond.toFixed(0).padStart(6)} orders/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.created} created, ${row.refused} not)`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
const check = await oversold(databaseUrl);
const created = rows.reduce((sum, row) => sum + row.created, 0) + warmedUp;
console.log(
  `stock check: ${check.wrong === 0 ? 'stock + ordered = starting stock for every product (0 oversold)' : `${check.wrong} products disagree`}; ${check.orders} orders, ${created} answered 201`,
);

const report = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — checkout, PostgreSQL`,
  '',
  `Command: \`npm run bench:checkout -- --products ${productCount} --duration ${duration} --connections ${connections}\``,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; autocannon beside the server on loopback; load average ${load} at start (the machine is shared).`,
  '',
  '| POST /api/orders (1 line, card, EXPRESS; after a 3 s warm-up) | orders/s | p50 ms | p99 ms | created | not created |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${row.ordersPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.created} | ${row.refused} |`,
  ),
  '',
  `Stock check after the run: ${check.wrong === 0 ? 'stock + ordered quantities = starting stock for every product, 0 oversold' : `${check.wrong} products disagree`} (${check.orders} orders in the database; ${created} answered 201 within the run, the rest were in flight when it stopped).`,
  '',
].join('\n');
appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${report}\n`);
console.log(`\n${report}`);
// Orders still in flight when autocannon stops are created but not counted as answered, so the
// database may hold a few more orders than 201s: only the stock equation must hold exactly.
if (check.wrong !== 0 || check.orders < created) process.exitCode = 1;
