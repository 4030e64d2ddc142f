// `npm run bench:catalogue`: catalogue reads on a 20,000-product catalogue in PostgreSQL, with the
// catalogue cache on and then off. Beside the shop the same run starts a plain Fastify server
// (plain-server.ts) with the same bare JSON route: the two ceilings are measured in alternation,
// `--rounds` times, so the ratio between them holds even on a busy machine. Every figure also
// carries the server's CPU time per request, which the machine's load changes least. Prints
// requests/s, p50 and p99 and appends them to bench/RESULTS.md.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@shop/testing';
import { ensureDatabase, type Measurement, measure, startServer, stopServer } from './servers';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    /** `false` skips the pass with the catalogue cache off. */
    uncached: { type: 'string', default: 'true' },
  },
});
const products = Number(args.products);
const duration = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);
const withUncached = args.uncached !== 'false';
const shopPort = await freePort();
const plainPort = await freePort();
const BARE = '/bench/bare';

interface Row extends Measurement {
  name: string;
  path: string;
}

interface Ceilings {
  /** One pair per round, measured one after the other (the order alternates between rounds). */
  pairs: { plain: Measurement; shop: Measurement }[];
  plain: Measurement;
  shop: Measurement;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

function mean(values: Measurement[]): Measurement {
  const average = (pick: (value: Measurement) => number) =>
    values.reduce((sum, value) => sum + pick(value), 0) / Math.max(1, values.length);
  return {
    rps: average((value) => value.rps),
    p50: average((value) => value.p50),
    p99: average((value) => value.p99),
    errors: values.reduce((sum, value) => sum + value.errors, 0),
    cpuUsPerRequest: average((value) => value.cpuUsPerRequest),
  };
}

const line = (name: string, row: Measurement) =>
  `  ${name.padEnd(34)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ${row.cpuUsPerRequest.toFixed(0)} µs CPU/req`;

async function measureCeilings(shop: ChildProcess, plain: ChildProcess): Promise<Ceilings> {
  const options = { connections, duration };
  // Warm both up (JIT, connection pools) before anything counts.
  await measure(plain, `http://127.0.0.1:${plainPort}${BARE}`, { connections, duration: 3 });
  await measure(shop, `http://127.0.0.1:${shopPort}${BARE}`, { connections, duration: 3 });
  const pairs: Ceilings['pairs'] = [];
  for (let round = 0; round < rounds; round += 1) {
    const plainFirst = round % 2 === 0;
    const first = await measure(
      plainFirst ? plain : shop,
      `http://127.0.0.1:${plainFirst ? plainPort : shopPort}${BARE}`,
      options,
    );
    const second = await measure(
      plainFirst ? shop : plain,
      `http://127.0.0.1:${plainFirst ? shopPort : plainPort}${BARE}`,
      options,
    );
    const pair = plainFirst ? { plain: first, shop: second } : { plain: second, shop: first };
    pairs.push(pair);
    console.log(line(`round ${round + 1}: plain Fastify`, pair.plain));
    console.log(
      `${line(`round ${round + 1}: bare route in the shop`, pair.shop)}  (${((pair.shop.rps / pair.plain.rps) * 100).toFixed(1)} %)`,
    );
  }
  return { pairs, plain: mean(pairs.map((pair) => pair.plain)), shop: mean(pairs.map((pair) => pair.shop)) };
}

async function run(databaseUrl: string, cache: boolean) {
  const [shop, plain] = await Promise.all([
    startServer('bench/bench-server.ts', shopPort, { DATABASE_URL: databaseUrl, CATALOG_CACHE: String(cache) }),
    startServer('bench/plain-server.ts', plainPort),
  ]);
  try {
    const sample = (await (await fetch(`http://127.0.0.1:${shopPort}/api/products?pageSize=1&page=777`)).json()) as {
      products: { slug: string }[];
    };
    const slug = sample.products[0]?.slug;
    const ceilings = await measureCeilings(shop, plain);
    await stopServer(plain);
    // What a browser sends: the list again as a phone gets it, compressed.
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const targets: [string, string, Record<string, string>?][] = [
      ['products, page 1', '/api/products'],
      ['products, page 1, brotli', '/api/products', browser],
      ['products, page 400', '/api/products?page=400'],
      ['category listing', '/api/products/category/laces'],
      ['product by slug', `/api/products/${slug}`],
      ['search "lace"', '/api/products/search?query=lace'],
      ['search "gold button"', '/api/products/search?query=gold%20button'],
      ['search "rhinstone" (typo)', '/api/products/search?query=rhinstone'],
    ];
    const rows: Row[] = [];
    for (const [name, urlPath, headers] of targets) {
      const row = {
        name,
        path: urlPath,
        ...(await measure(shop, `http://127.0.0.1:${shopPort}${urlPath}`, { connections, duration, headers })),
      };
      rows.push(row);
      console.log(line(name, row));
    }
    return { ceilings, rows };
  } finally {
    await Promise.all([stopServer(shop), stopServer(plain)]);
  }
}

function ceilingTable(ceilings: Ceilings) {
  const ratio = (pair: { plain: Measurement; shop: Measurement }) =>
    `${((pair.shop.rps / pair.plain.rps) * 100).toFixed(1)} %`;
  const cpuRatio = (pair: { plain: Measurement; shop: Measurement }) =>
    `${((pair.plain.cpuUsPerRequest / pair.shop.cpuUsPerRequest) * 100).toFixed(1)} %`;
  return [
    '| round | plain Fastify req/s | shop bare route req/s | shop / plain | plain µs CPU/req | shop µs CPU/req | plain / shop CPU |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...ceilings.pairs.map(
      (pair, index) =>
        `| ${index + 1} | ${pair.plain.rps.toFixed(0)} | ${pair.shop.rps.toFixed(0)} | ${ratio(pair)} | ${pair.plain.cpuUsPerRequest.toFixed(0)} | ${pair.shop.cpuUsPerRequest.toFixed(0)} | ${cpuRatio(pair)} |`,
    ),
    `| mean | ${ceilings.plain.rps.toFixed(0)} | ${ceilings.shop.rps.toFixed(0)} | ${ratio(ceilings)} | ${ceilings.plain.cpuUsPerRequest.toFixed(0)} | ${ceilings.shop.cpuUsPerRequest.toFixed(0)} | ${cpuRatio(ceilings)} |`,
    '',
  ].join('\n');
}

function table(title: string, result: { ceilings: Ceilings; rows: Row[] }) {
  const ceiling = result.ceilings.shop.rps || 1;
  const rows: Row[] = [
    { name: 'plain Fastify, bare route', path: BARE, ...result.ceilings.plain },
    { name: 'bare route in the shop (ceiling)', path: BARE, ...result.ceilings.shop },
    ...result.rows,
  ];
  const lines = [
    `#### ${title}`,
    '',
    'Ceilings, measured in alternation:',
    '',
    ceilingTable(result.ceilings),
    '| read | requests/s | p50 ms | p99 ms | µs CPU/req | of ceiling | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} | ${row.cpuUsPerRequest.toFixed(0)} | ${((row.rps / ceiling) * 100).toFixed(1)} % | ${row.errors} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

const databaseUrl = await ensureDatabase(products);
const loadBefore = loadAverage();
console.log(`load average ${loadBefore}`);
console.log('cache on:');
const cached = await run(databaseUrl, true);
let uncached: Awaited<ReturnType<typeof run>> | undefined;
if (withUncached) {
  console.log('cache off:');
  uncached = await run(databaseUrl, false);
}
const loadAfter = loadAverage();
const git = (...gitArgs: string[]) => spawnSync('git', gitArgs, { encoding: 'utf8' }).stdout.trim();
const commit = git('rev-parse', '--short', 'HEAD');
const changed = git('status', '--porcelain', '--', '../apps/server', '../packages/shared') !== '';

const report = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${products.toLocaleString('en')} products, PostgreSQL`,
  '',
  `Command: \`npm run bench:catalogue -- --products ${products} --duration ${duration} --connections ${connections} --rounds ${rounds}${withUncached ? '' : ' --uncached false'}\``,
  `Code: ${commit || 'unknown'}${changed ? ', with uncommitted changes to apps/server or packages/shared' : ''}.`,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; autocannon beside the servers on loopback. Load average (1, 5, 15 min) ${loadBefore} at start, ${loadAfter} at the end.`,
  '',
  table('Catalogue cache on', cached),
  ...(uncached ? [table('Catalogue cache off (CATALOG_CACHE=false)', uncached)] : []),
].join('\n');
appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${report}\n`);
console.log(`\n${report}`);
