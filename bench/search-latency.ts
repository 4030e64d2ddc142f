// `npm run bench:search -- --sizes 2000,20000,200000`: what one search costs at each catalogue size,
// one request at a time, so the machine's other work (and autocannon's) weighs least. Calls the
// catalogue service straight on the PostgreSQL databases `bench:catalogue` seeds (the same
// `ensureDatabase`), with no cache, and prints the p50 and p99 wall time of each search and of a
// list page beside them, then the growth from the middle size to the largest. Appends to RESULTS.md.
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client';
import { CatalogRepository } from '../apps/server/src/modules/catalog/catalog.repository';
import { CatalogService } from '../apps/server/src/modules/catalog/catalog.service';
import { ListingMemo } from '../apps/server/src/modules/catalog/listing-memo';
import { ensureDatabase } from './servers';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '2000,20000,200000' },
    /** Requests per read and size, after as many again to warm up. */
    requests: { type: 'string', default: '300' },
  },
});
const sizes = args.sizes.split(',').map((size) => Number(size.trim()));
const requests = Number(args.requests);

const reads: [string, (service: CatalogService, index: number) => Promise<unknown>][] = [
  ['products, page 1', (service) => service.listProducts({ page: 1, pageSize: 24, sort: 'newest' })],
  ['search "lace"', (service) => service.search('lace', { page: 1, pageSize: 24 })],
  ['search "lace", page 3', (service) => service.search('lace', { page: 3, pageSize: 24 })],
  ['search "gold button"', (service) => service.search('gold button', { page: 1, pageSize: 24 })],
  ['search "rhinstone" (typo)', (service) => service.search('rhinstone', { page: 1, pageSize: 24 })],
  ['search "lion head" (narrow)', (service) => service.search('lion head', { page: 1, pageSize: 24 })],
  // Search-as-you-type: the first 2, 3, … letters of eight words, in turn.
  [
    'search as you type (2–7 letters of 8 words)',
    (service, index) => {
      const words = ['lace', 'gold', 'button', 'ribbon', 'sequin', 'velvet', 'bridal', 'crystal'];
      const word = words[index % words.length] ?? 'lace';
      return service.search(word.slice(0, 2 + (Math.floor(index / words.length) % (word.length - 1))), {
        page: 1,
        pageSize: 24,
      });
    },
  ],
];

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

const results: { size: number; rows: { name: string; p50: number; p99: number }[] }[] = [];
const loadBefore = os.loadavg().map((load) => load.toFixed(2));
for (const size of sizes) {
  const url = await ensureDatabase(size);
  const database = await openDatabase({ url, dataDir: '', poolSize: 2 });
  const memo = new ListingMemo();
  const service = new CatalogService(new CatalogRepository(database, memo));
  const rows: { name: string; p50: number; p99: number }[] = [];
  for (const [name, read] of reads) {
    for (let index = 0; index < requests; index += 1) await read(service, index);
    const times: number[] = [];
    for (let index = 0; index < requests; index += 1) {
      const started = performance.now();
      await read(service, index + requests);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({ name, p50: percentile(times, 0.5), p99: percentile(times, 0.99) });
    console.log(
      `${size} ${name.padEnd(32)} p50 ${percentile(times, 0.5).toFixed(2)} ms  p99 ${percentile(times, 0.99).toFixed(2)} ms`,
    );
  }
  await database.close();
  results.push({ size, rows });
}

const count = (size: number) => size.toLocaleString('en');
const [from, to] = results.length >= 2 ? results.slice(-2) : [results[0], results[0]];
const lines = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — one search at a time, ${sizes.map(count).join(', ')} products, PostgreSQL`,
  '',
  `Command: \`npm run bench:search -- --sizes ${sizes.join(',')} --requests ${requests}\``,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}. Load average (1, 5, 15 min) ${loadBefore.join(', ')} at start, ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')} at the end.`,
  '',
  `| read | ${results.map((result) => `p50 / p99 ms at ${count(result.size)}`).join(' | ')} | p99 ${count(to?.size ?? 0)} / ${count(from?.size ?? 0)} |`,
  `| --- | ${results.map(() => '---:').join(' | ')} | ---: |`,
  ...reads.map(([name]) => {
    const cells = results.map((result) => {
      const row = result.rows.find((entry) => entry.name === name);
      return row ? `${row.p50.toFixed(2)} / ${row.p99.toFixed(2)}` : '–';
    });
    const fromP99 = from?.rows.find((entry) => entry.name === name)?.p99 ?? 0;
    const toP99 = to?.rows.find((entry) => entry.name === name)?.p99 ?? 0;
    return `| ${name} | ${cells.join(' | ')} | ${fromP99 ? `${(toP99 / fromP99).toFixed(2)} ×` : '–'} |`;
  }),
  '',
];
appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${lines.join('\n')}\n`);
console.log(`\n${lines.join('\n')}`);
