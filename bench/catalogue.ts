// `npm run bench:catalogue`: catalogue reads on a 20,000-product catalogue in PostgreSQL, with the
// catalogue cache on and then off. `--sizes 2000,20000,200000` runs the same at each size, each in a
// database of its own, and ends with how each read's p99 grows with the catalogue. Beside the shop the same run starts a plain Fastify server
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
    /** Catalogue sizes to measure one after the other, e.g. `2000,20000,200000` (instead of --products). */
    sizes: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    /** `false` skips the pass with the catalogue cache off. */
    uncached: { type: 'string', default: 'true' },
  },
});
const sizes = (args.sizes ?? args.products).split(',').map((size) => Number(size.trim().replace(/_/g, '')));
if (sizes.some((size) => !Number.isInteger(size) || size < 1)) {
  console.error('--sizes takes whole numbers, for example --sizes 2000,20000,200000');
  process.exit(1);
}
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

/** Page 400, or 80 % of the way through a catalogue too small for it. */
const deepPage = (products: number) => Math.max(1, Math.min(400, Math.floor((products * 0.8) / 24)));

async function run(databaseUrl: string, products: number, cache: boolean) {
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
      [
        deepPage(products) === 400 ? 'products, page 400' : 'products, deep page',
        `/api/products?page=${deepPage(products)}`,
      ],
      ['category listing', '/api/products/category/laces'],
      ['product by slug', `/api/products/${slug}`],
      ['search "lace"', '/api/products/search?query=lace'],
      ['search "gold button"', '/api/products/search?query=gold%20button'],
      ['search "rhinstone" (typo)', '/api/products/search?query=rhinstone'],
      ['search "lion head" (narrow)', '/api/products/search?query=lion%20head'],
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

interface SizeResult {
  products: number;
  loadBefore: string;
  loadAfter: string;
  cached: Awaited<ReturnType<typeof run>>;
  uncached?: Awaited<ReturnType<typeof run>>;
}

async function measureSize(products: number): Promise<SizeResult> {
  const databaseUrl = await ensureDatabase(products);
  const loadBefore = loadAverage();
  console.log(`${products.toLocaleString('en')} products, load average ${loadBefore}`);
  console.log('cache on:');
  const cached = await run(databaseUrl, products, true);
  let uncached: Awaited<ReturnType<typeof run>> | undefined;
  if (withUncached) {
    console.log('cache off:');
    uncached = await run(databaseUrl, products, false);
  }
  return { products, loadBefore, loadAfter: loadAverage(), cached, uncached };
}

/** The name of a read without what differs between sizes (the deep page's number). */
const readKey = (name: string) => (name === 'products, page 400' ? 'products, deep page' : name);
const count = (products: number) => products.toLocaleString('en');

/** p99 of every read at every size, and how much it grew from the middle size to the largest. */
function growthTable(
  title: string,
  results: SizeResult[],
  pick: (result: SizeResult) => { ceilings: Ceilings; rows: Row[] } | undefined,
) {
  const measured = results.map((result) => ({ products: result.products, run: pick(result) }));
  if (measured.some((entry) => !entry.run)) return '';
  const [from, to] = measured.length >= 2 ? measured.slice(-2) : [measured[0], measured[0]];
  const keys = measured[0]?.run?.rows.map((row) => readKey(row.name)) ?? [];
  const find = (entry: (typeof measured)[number], key: string) =>
    entry.run?.rows.find((row) => readKey(row.name) === key);
  const lines = [
    `#### ${title}`,
    '',
    `| read | ${measured.map((entry) => `p99 ms at ${count(entry.products)}`).join(' | ')} | p99 ${count(to?.products ?? 0)} / ${count(from?.products ?? 0)} | ${measured.map((entry) => `of ceiling at ${count(entry.products)}`).join(' | ')} |`,
    `| --- | ${measured.map(() => '---:').join(' | ')} | ---: | ${measured.map(() => '---:').join(' | ')} |`,
  ];
  for (const key of keys) {
    const p99s = measured.map((entry) => find(entry, key)?.p99 ?? 0);
    const shares = measured.map((entry) => {
      const row = find(entry, key);
      return row && entry.run ? `${((row.rps / (entry.run.ceilings.shop.rps || 1)) * 100).toFixed(1)} %` : '–';
    });
    const fromP99 = from ? (find(from, key)?.p99 ?? 0) : 0;
    const toP99 = to ? (find(to, key)?.p99 ?? 0) : 0;
    lines.push(
      `| ${key} | ${p99s.map((p99) => p99.toFixed(0)).join(' | ')} | ${fromP99 ? `${(toP99 / fromP99).toFixed(2)} ×` : '–'} | ${shares.join(' | ')} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

const results: SizeResult[] = [];
for (const products of sizes) results.push(await measureSize(products));
const git = (...gitArgs: string[]) => spawnSync('git', gitArgs, { encoding: 'utf8' }).stdout.trim();
const commit = git('rev-parse', '--short', 'HEAD');
const changed = git('status', '--porcelain', '--', '../apps/server', '../packages/shared') !== '';
const options = `--duration ${duration} --connections ${connections} --rounds ${rounds}${withUncached ? '' : ' --uncached false'}`;
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; autocannon beside the servers on loopback`;
const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');

const sizeReport = (result: SizeResult, heading: string) =>
  [
    heading,
    '',
    `Load average (1, 5, 15 min) ${result.loadBefore} at start, ${result.loadAfter} at the end.`,
    '',
    table('Catalogue cache on', result.cached),
    ...(result.uncached ? [table('Catalogue cache off (CATALOG_CACHE=false)', result.uncached)] : []),
  ].join('\n');

let report: string;
if (!args.sizes) {
  const [only] = results as [SizeResult];
  report = [
    `### ${stamp} UTC — ${count(only.products)} products, PostgreSQL`,
    '',
    `Command: \`npm run bench:catalogue -- --products ${only.products} ${options}\``,
    `Code: ${commit || 'unknown'}${changed ? ', with uncommitted changes to apps/server or packages/shared' : ''}.`,
    `Machine: ${machine}. Load average (1, 5, 15 min) ${only.loadBefore} at start, ${only.loadAfter} at the end.`,
    '',
    table('Catalogue cache on', only.cached),
    ...(only.uncached ? [table('Catalogue cache off (CATALOG_CACHE=false)', only.uncached)] : []),
  ].join('\n');
} else {
  report = [
    `### ${stamp} UTC — ${sizes.map(count).join(', ')} products, PostgreSQL`,
    '',
    `Command: \`npm run bench:catalogue -- --sizes ${sizes.join(',')} ${options}\``,
    `Code: ${commit || 'unknown'}${changed ? ', with uncommitted changes to apps/server or packages/shared' : ''}.`,
    `Machine: ${machine}. Each size in a database of its own, seeded by \`seed:large\`; the deep page is page 400, or 80 % through a smaller catalogue.`,
    '',
    growthTable('p99 by catalogue size, cache off (CATALOG_CACHE=false)', results, (result) => result.uncached),
    growthTable('p99 by catalogue size, cache on', results, (result) => result.cached),
    ...results.map((result) =>
      sizeReport(result, `#### ${count(result.products)} products`).replace(/^#### (Catalogue cache)/gm, '##### $1'),
    ),
  ].join('\n');
}
appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${report}\n`);
console.log(`\n${report}`);
