// `npm run bench:catalogue`: catalogue reads on a 20,000-product catalogue in PostgreSQL, each
// against a bare Fastify route in the same server, with the catalogue cache on and then off.
// Prints requests/s, p50 and p99 and appends them to bench/RESULTS.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { seedLargeCatalogue } from '../apps/server/src/db/seed/seed-large';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const products = Number(args.products);
const duration = Number(args.duration);
const connections = Number(args.connections);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');
const port = 3900;

async function ensureDatabase() {
  const name = `shop_bench_${products}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  const seeded = await seedLargeCatalogue(database, products);
  console.log(`catalogue: ${seeded.after} products in ${name}`);
  await database.close();
  return url.toString();
}

async function startServer(databaseUrl: string, cache: boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bench-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      // Production needs payment settings; the benchmarks never pay, so no request reaches Paystack.
      PAYSTACK_SECRET_KEY: 'sk_test_bench',
      PAYSTACK_PUBLIC_KEY: 'pk_test_bench',
      BANK_ACCOUNT_NAME: 'Stitch & Trim Bench',
      BANK_NAME: 'Bench Bank',
      BANK_ACCOUNT_NUMBER: '0000000000',
      CATALOG_CACHE: String(cache),
      SEED_DEMO_CATALOGUE: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return child;
}

interface Row {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, urlPath: string): Promise<Row> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}${urlPath}`, connections, duration });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    path: urlPath,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

async function run(databaseUrl: string, cache: boolean) {
  const server = await startServer(databaseUrl, cache);
  try {
    const sample = (await (await fetch(`http://127.0.0.1:${port}/api/products?pageSize=1&page=777`)).json()) as {
      products: { slug: string }[];
    };
    const slug = sample.products[0]?.slug;
    const targets: [string, string][] = [
      ['bare Fastify route (ceiling)', '/bench/bare'],
      ['products, page 1', '/api/products'],
      ['products, page 400', '/api/products?page=400'],
      ['category listing', '/api/products/category/laces'],
      ['product by slug', `/api/products/${slug}`],
      ['search "lace"', '/api/products/search?query=lace'],
      ['search "gold button"', '/api/products/search?query=gold%20button'],
      ['search "rhinstone" (typo)', '/api/products/search?query=rhinstone'],
    ];
    const rows: Row[] = [];
    for (const [name, urlPath] of targets) {
      await measure(name, urlPath).then((row) => {
        rows.push(row);
        console.log(
          `  ${name.padEnd(30)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms`,
        );
      });
    }
    return rows;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

function table(title: string, rows: Row[]) {
  const ceiling = rows[0]?.rps ?? 1;
  const lines = [
    `#### ${title}`,
    '',
    '| read | requests/s | p50 ms | p99 ms | of ceiling | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${((row.rps / ceiling) * 100).toFixed(1)} % | ${row.errors} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

const databaseUrl = await ensureDatabase();
console.log('cache on:');
const cached = await run(databaseUrl, true);
console.log('cache off:');
const uncached = await run(databaseUrl, false);

const report = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${products.toLocaleString('en')} products, PostgreSQL`,
  '',
  `Command: \`npm run bench:catalogue -- --products ${products} --duration ${duration} --connections ${connections}\``,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; autocannon beside the server on loopback.`,
  '',
  table('Catalogue cache on', cached),
  table('Catalogue cache off (CATALOG_CACHE=false)', uncached),
].join('\n');
appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${report}\n`);
console.log(`\n${report}`);
