// `npm run bench:checkout`: orders created through POST /api/orders on PostgreSQL, 50
// connections for 10 s, once spread over 1,000 products and once all on one product with ample
// stock (row-lock contention). Prints orders/s, p50 and p99, checks afterwards that stock plus
// ordered quantities equal the starting stock (nothing oversold), and appends to bench/RESULTS.md.
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@shop/testing';
import autocannon from 'autocannon';
import { customerTokens, freshDatabase, type OrderableProduct, orderRequest, stockCheck } from './orders-load';
import { startServer, stopServer } from './servers';

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
// A free port, so a run never collides with another shop on this machine.
const port = await freePort();

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
  tokens: readonly string[],
  products: OrderableProduct[],
  seconds = duration,
): Promise<Row> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [orderRequest(tokens, products)],
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

const { url: databaseUrl, products } = await freshDatabase('shop_bench_checkout', productCount);
const load = os.loadavg()[0]?.toFixed(1);
const server = await startServer('bench/bench-server.ts', port, {
  DATABASE_URL: databaseUrl,
  ADMIN_EMAIL: 'bench-admin@example.com',
  ADMIN_PASSWORD: 'Bench@12345',
});
const rows: Row[] = [];
let warmedUp = 0;
try {
  const tokens = await customerTokens(`http://127.0.0.1:${port}`);
  const hot = products[0];
  if (!hot) throw new Error('no products');
  // Warm-up, not measured: JIT, the pool's connections and their prepared plans.
  warmedUp = (await measure('warm-up', tokens, products.slice(-100), 3)).created;
  for (const [name, targets] of [
    [`spread over ${products.length.toLocaleString('en')} products`, products],
    ['all on one product', [hot]],
  ] as const) {
    const row = await measure(name, tokens, [...targets]);
    rows.push(row);
    console.log(
      `  ${name.padEnd(30)} ${row.ordersPerSecond.toFixed(0).padStart(6)} orders/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.created} created, ${row.refused} not)`,
    );
  }
} finally {
  await stopServer(server);
}
const check = await stockCheck(databaseUrl);
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
