// `npm run bench:compare -- --before ../shop-before`: the same uncached reads against two versions
// of the shop, taken in turns on one machine: this checkout and another (a `git worktree` of an
// earlier commit, say), each on its own benchmark database. On a shared or throttled machine
// requests/s drift by a third within minutes (bench/RESULTS.md), so one catalogue run before and
// one after compare the machine's minutes more than the code; alternating the two, a read at a
// time, with the order flipped each round, puts them on the same minutes. Each side's database
// must be seeded already (`npm run bench:catalogue -- --sizes <products>` in that checkout).
// Prints; appends nothing.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@shop/testing';
import pg from 'pg';
import {
  BENCH_SERVER_URL,
  benchDatabaseName,
  benchDatabaseUrl,
  measure,
  root,
  startServer,
  stopServer,
} from './servers';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    products: { type: 'string', default: '200000' },
    /** Comma-separated paths; a search's words may be written plainly ("/api/products/search?query=gold button"). */
    paths: {
      type: 'string',
      default: [
        '/api/products?page=1&pageSize=24',
        '/api/products/search?query=lace',
        '/api/products/search?query=gold button',
        '/api/products/search?query=rhinstone',
        '/api/products/search?query=lion head',
      ].join(','),
    },
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
  },
});
if (!args.before) {
  console.error('--before takes the path of another checkout of the shop, for example a git worktree of main');
  process.exit(1);
}
const products = Number(args.products);
const commitOf = (checkout: string) => {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim();
  const changed = execFileSync(
    'git',
    ['status', '--porcelain', '--untracked-files=no', '--', 'apps/server', 'packages/shared'],
    {
      cwd: checkout,
      encoding: 'utf8',
    },
  );
  return `${commit}${changed ? ' with uncommitted changes' : ''} (${checkout})`;
};

const sides = [
  { name: 'before', checkout: path.resolve(args.before) },
  { name: 'after', checkout: root },
].map((side) => {
  const database = benchDatabaseName(products, side.checkout);
  return { ...side, database, databaseUrl: benchDatabaseUrl(database) };
});

const admin = new pg.Client({ connectionString: BENCH_SERVER_URL });
await admin.connect();
for (const side of sides) {
  const name = side.database;
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!found.rowCount) {
    console.error(
      `No database ${name} for ${side.checkout}: run npm run bench:catalogue -- --sizes ${products} there.`,
    );
    process.exit(1);
  }
}
await admin.end();

console.log(`before: ${commitOf(sides[0]?.checkout ?? '')}; after: ${commitOf(root)}; ${products} products, cache off`);
console.log('| round | side | read | requests/s | p50 ms | p99 ms | µs CPU/req | errors |');
console.log('| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |');
const rounds = Number(args.rounds);
const duration = Number(args.duration);
const connections = Number(args.connections);
for (let round = 1; round <= rounds; round += 1) {
  for (const read of args.paths.split(',')) {
    for (const side of round % 2 === 1 ? sides : [...sides].reverse()) {
      const port = await freePort();
      const server = await startServer(
        'bench/bench-server.ts',
        port,
        { DATABASE_URL: side.databaseUrl, CATALOG_CACHE: 'false' },
        [],
        side.checkout,
      );
      try {
        const url = `http://127.0.0.1:${port}${encodeURI(read)}`;
        // A fresh process: two seconds to compile its hot paths before the measured run.
        await measure(server, url, { connections, duration: 2 });
        const result = await measure(server, url, { connections, duration });
        console.log(
          `| ${round} | ${side.name} | ${read} | ${Math.round(result.rps)} | ${result.p50} | ${result.p99} | ${Math.round(result.cpuUsPerRequest)} | ${result.errors} |`,
        );
      } finally {
        await stopServer(server);
      }
    }
  }
}
