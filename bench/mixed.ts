// `npm run bench:mixed`: visitors browsing cached catalogue answers while customers order, on
// PostgreSQL (decision 019). Each round measures the browsing alone, then the same browsing with
// orders placed at a steady rate beside it, then the orders alone; the orders take stock of the
// very products the browsed answers show (the newest, on the first list page, the category page
// and the product pages), so every order touches what is being read. Reports list requests/s in
// both, their ratio (target: ≥ 80 %) and orders/s; and, since requests/s on a shared machine move
// with the neighbours, the server's CPU per list request in both, the orders' own CPU (from the
// orders-alone phase) taken out. Checks that nothing was oversold, appends to bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@shop/testing';
import autocannon from 'autocannon';
import pg from 'pg';
import { customerTokens, dropDatabase, freshDatabase, orderRequest, stockCheck } from './orders-load';
import { cpuMsOf, root, startServer, stopServer } from './servers';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'order-rate': { type: 'string', default: '100' },
    'order-connections': { type: 'string', default: '10' },
    'ordered-products': { type: 'string', default: '1000' },
  },
});
const productCount = Number(args.products);
const duration = Number(args.duration);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const orderRate = Number(args['order-rate']);
const orderConnections = Number(args['order-connections']);
const orderedCount = Number(args['ordered-products']);
const TARGET = 0.8;
const DATABASE = 'shop_bench_mixed';
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

interface Browsing {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
interface Ordering {
  ordersPerSecond: number;
  p50: number;
  p99: number;
  created: number;
  refused: number;
}
interface Round {
  alone: Browsing;
  withOrders: Browsing;
  orders: Ordering;
  /** Server CPU µs per list request browsing alone, and with orders (their own CPU taken out). */
  cpuAlone: number;
  cpuWithOrders: number;
  /** Server CPU µs per order, ordering alone. */
  cpuPerOrder: number;
  /** Catalogue answers built (cache misses) while browsing alone, and with orders; null: not counted. */
  buildsAlone: number | null;
  buildsWithOrders: number | null;
}

const { url: databaseUrl, products } = await freshDatabase(DATABASE, productCount, 'newest');
const ordered = products.slice(0, orderedCount);
// The browsed answers: the first list page (the newest 24, all ordered), a category's first page,
// a search, and the pages of three ordered products.
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const [category] = (
  await client.query<{ slug: string }>(
    `SELECT c.slug FROM categories c JOIN products p ON p.category_id = c.id
      WHERE p.id = $1`,
    [ordered[0]?.id],
  )
).rows;
await client.end();
const browsed = [
  '/api/products?page=1',
  `/api/products/category/${category?.slug}?page=1`,
  '/api/products/search?query=lace',
  ...ordered.slice(0, 3).map((product) => `/api/products/${product.slug}`),
];

const load = os.loadavg().map((value) => value.toFixed(2));
const server = await startServer('bench/bench-server.ts', port, { DATABASE_URL: databaseUrl, CATALOG_CACHE: 'true' });
const pid = server.pid ?? 0;

const browse = (seconds: number) =>
  autocannon({ url: base, connections, duration: seconds, requests: browsed.map((path) => ({ path })) });

const order = (tokens: readonly string[], seconds: number) =>
  autocannon({
    url: base,
    connections: orderConnections,
    duration: seconds,
    // A steady flow, as customers send it, not as fast as the server can take them.
    ...(orderRate > 0 ? { overallRate: orderRate } : {}),
    requests: [orderRequest(tokens, ordered)],
  });

const ordering = (result: autocannon.Result): Ordering => ({
  ordersPerSecond: result['2xx'] / duration,
  p50: result.latency.p50,
  p99: result.latency.p99,
  created: result['2xx'],
  refused: result.non2xx + result.errors + result.timeouts,
});

/** Catalogue answers the server has built so far (bench-server.ts), or null from a shop that does not count. */
async function builds(): Promise<number | null> {
  const answer = (await (await fetch(`${base}/bench/catalog-cache`)).json()) as { builds: number | null };
  return answer.builds;
}
const difference = (after: number | null, before: number | null) =>
  after === null || before === null ? null : after - before;

const browsingOf = (result: autocannon.Result): Browsing => ({
  rps: result.requests.total / duration,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
});

const results: Round[] = [];
try {
  const tokens = await customerTokens(base);
  // Warm-up, not measured: JIT, the pool's connections, their prepared plans, the cache filled.
  await Promise.all([browse(3), order(tokens, 3)]);
  for (let round = 1; round <= rounds; round += 1) {
    let cpu = cpuMsOf(pid);
    const built = await builds();
    const alone = await browse(duration);
    const cpuAloneMs = cpuMsOf(pid) - cpu;
    const builtAlone = await builds();
    cpu = cpuMsOf(pid);
    const [withOrders, orders] = await Promise.all([browse(duration), order(tokens, duration)]);
    const cpuWithMs = cpuMsOf(pid) - cpu;
    const builtWithOrders = await builds();
    cpu = cpuMsOf(pid);
    const ordersAlone = await order(tokens, duration);
    const cpuPerOrder = ((cpuMsOf(pid) - cpu) * 1000) / Math.max(1, ordersAlone.requests.total);
    const row: Round = {
      alone: browsingOf(alone),
      withOrders: browsingOf(withOrders),
      orders: ordering(orders),
      cpuAlone: (cpuAloneMs * 1000) / Math.max(1, alone.requests.total),
      cpuWithOrders: (cpuWithMs * 1000 - cpuPerOrder * orders.requests.total) / Math.max(1, withOrders.requests.total),
      cpuPerOrder,
      buildsAlone: difference(builtAlone, built),
      buildsWithOrders: difference(builtWithOrders, builtAlone),
    };
    results.push(row);
    console.log(
      `  round ${round}: lists ${row.alone.rps.toFixed(0)} req/s alone, ${row.withOrders.rps.toFixed(0)} with ${row.orders.ordersPerSecond.toFixed(0)} orders/s (${((100 * row.withOrders.rps) / row.alone.rps).toFixed(1)} %); CPU per list ${row.cpuAlone.toFixed(0)} µs alone, ${row.cpuWithOrders.toFixed(0)} with orders; per order ${row.cpuPerOrder.toFixed(0)} µs; answers built ${row.buildsAlone ?? '?'} alone, ${row.buildsWithOrders ?? '?'} with orders`,
    );
  }
} finally {
  await stopServer(server);
}
const check = await stockCheck(databaseUrl);
await dropDatabase(DATABASE);

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const aloneMean = mean(results.map((row) => row.alone.rps));
const withMean = mean(results.map((row) => row.withOrders.rps));
const ordersMean = mean(results.map((row) => row.orders.ordersPerSecond));
const ratio = withMean / aloneMean;
const cpuAloneMean = mean(results.map((row) => row.cpuAlone));
const cpuWithMean = mean(results.map((row) => row.cpuWithOrders));
const percent = (value: number) => `${(100 * value).toFixed(1)} %`;
const git = (...gitArgs: string[]) => spawnSync('git', gitArgs, { cwd: root, encoding: 'utf8' }).stdout.trim();
const dirty = git('status', '--porcelain', '--', 'apps', 'packages', 'bench/mixed.ts') !== '';

const report = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — browsing while ordering, PostgreSQL`,
  '',
  `Command: \`npm run bench:mixed -- --products ${productCount} --duration ${duration} --rounds ${rounds} --connections ${connections} --order-rate ${orderRate} --order-connections ${orderConnections} --ordered-products ${orderedCount}\``,
  `Code: ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes' : ''}.`,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; autocannon (browsing and orders in one process) beside the server on loopback. Load average (1, 5, 15 min) ${load.join(', ')} at start (the machine is shared).`,
  '',
  `Browsing: ${connections} connections cycling through ${browsed.map((url) => `\`${url.replace(/\/[^/?]*-[^/?]*$/, '/:slug')}\``).join(', ')}, all cached. Orders: ${orderRate > 0 ? `${orderRate} a second` : 'as fast as they go'} from ${orderConnections} connections, one unit each, spread over the ${ordered.length.toLocaleString('en')} newest products (those the browsed answers show). Each round: browsing alone, browsing with orders, orders alone, ${duration} s each; ${rounds} rounds after a 3 s warm-up. CPU is the server process's (user + system) per answered request; with orders, what the orders-alone phase spent per order is taken out. Answers built: catalogue cache misses in the phase (\`/bench/catalog-cache\`).`,
  '',
  '| round | lists req/s, no orders | p99 ms | lists req/s, orders flowing | p99 ms | with / without | orders/s | order p99 ms | µs CPU/list, no orders | µs CPU/list, orders flowing | µs CPU/order | answers built, no orders | answers built, orders flowing |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.map(
    (row, index) =>
      `| ${index + 1} | ${row.alone.rps.toFixed(0)} | ${row.alone.p99} | ${row.withOrders.rps.toFixed(0)} | ${row.withOrders.p99} | ${percent(row.withOrders.rps / row.alone.rps)} | ${row.orders.ordersPerSecond.toFixed(0)} | ${row.orders.p99} | ${row.cpuAlone.toFixed(0)} | ${row.cpuWithOrders.toFixed(0)} | ${row.cpuPerOrder.toFixed(0)} | ${row.buildsAlone ?? 'not counted'} | ${row.buildsWithOrders ?? 'not counted'} |`,
  ),
  `| mean | ${aloneMean.toFixed(0)} | | ${withMean.toFixed(0)} | | ${percent(ratio)} | ${ordersMean.toFixed(0)} | | ${cpuAloneMean.toFixed(0)} | ${cpuWithMean.toFixed(0)} | | | |`,
  '',
  `Errors: ${results.reduce((sum, row) => sum + row.alone.errors + row.withOrders.errors, 0)} browsing, ${results.reduce((sum, row) => sum + row.orders.refused, 0)} orders not created. Stock check after the run: ${check.wrong === 0 ? 'stock + ordered quantities = starting stock for every product, 0 oversold' : `${check.wrong} products disagree`} (${check.orders} orders).`,
  '',
  `Target: lists with orders flowing ≥ ${percent(TARGET)} of without: ${ratio >= TARGET ? 'met' : 'missed'} (${percent(ratio)}).`,
  `Server CPU per list request with orders flowing, the orders' own taken out: ${cpuWithMean.toFixed(0)} µs against ${cpuAloneMean.toFixed(0)} µs without (${percent(cpuWithMean / cpuAloneMean)}).`,
  '',
].join('\n');
appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${report}\n`);
console.log(`\n${report}`);
if (check.wrong !== 0) process.exitCode = 1;
