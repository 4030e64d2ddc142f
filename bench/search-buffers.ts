// `npm run bench:search-buffers -- --products 200000`: what PostgreSQL reads for each search the
// shop sends, by its own count: the statements CatalogService sends for each search (a mistyped
// one sends two), prepared and run under the generic plan the server uses (client.ts), with
// `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF)`: the shared buffers each touches, which the machine's
// load does not change, and the best execution time of seven. For comparing code on a busy machine,
// where requests/s and CPU per request move with everyone else's work. Prints; appends nothing.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { CatalogRepository } from '../apps/server/src/modules/catalog/catalog.repository';
import { CatalogService } from '../apps/server/src/modules/catalog/catalog.service';
import { ListingMemo } from '../apps/server/src/modules/catalog/listing-memo';
import { ensureDatabase } from './servers';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '200000' },
    /** Comma-separated searches; "…@3" asks for page 3. */
    searches: { type: 'string', default: 'lace,lace@3,gold button,rhinstone,lion head,but' },
    /** `true` prints each statement's plan, with its buffers per node, after the table's row. */
    plans: { type: 'string', default: 'false' },
  },
});

const url = await ensureDatabase(Number(args.products));
const database = await openDatabase({ url, dataDir: '', poolSize: 1 });
const sent: { sql: string; params: unknown[] }[] = [];
const query = database.query.bind(database);
database.query = (async (sql: string, params: unknown[] = []) => {
  if (params.length > 0) sent.push({ sql, params });
  return query(sql, params);
}) as typeof database.query;
const service = new CatalogService(new CatalogRepository(database, new ListingMemo()));
const client = new pg.Client({
  connectionString: url,
  options: '-c plan_cache_mode=force_generic_plan -c synchronize_seqscans=off',
});
await client.connect();

const literal = (value: unknown): string => {
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(',')}]::text[]`;
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  return String(value);
};

console.log('| search | statements | shared buffers | best ms of 7 |');
console.log('| --- | ---: | ---: | ---: |');
let statement = 0;
const plans: string[] = [];
for (const search of args.searches.split(',')) {
  const [text = '', page = '1'] = search.split('@');
  // Once to fill the stems and statistics the service remembers, then the statements of a search.
  await service.search(text, { page: Number(page), pageSize: 24 });
  sent.length = 0;
  await service.search(text, { page: Number(page), pageSize: 24 });
  const buffers: number[] = [];
  const times: number[] = [];
  for (const { sql, params } of sent) {
    statement += 1;
    const name = `bench_${statement}`;
    await client.query(`PREPARE ${name} AS ${sql}`);
    let best = Number.POSITIVE_INFINITY;
    let read = 0;
    for (let run = 0; run < 7; run += 1) {
      const result = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) EXECUTE ${name}(${params.map(literal).join(',')})`,
      );
      const [explained] = result.rows[0]['QUERY PLAN'] as {
        Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
        'Execution Time': number;
      }[];
      if (!explained) continue;
      read = explained.Plan['Shared Hit Blocks'] + explained.Plan['Shared Read Blocks'];
      best = Math.min(best, explained['Execution Time']);
    }
    buffers.push(read);
    times.push(best);
    if (args.plans === 'true') {
      const plan = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) EXECUTE ${name}(${params.map(literal).join(',')})`,
      );
      plans.push(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
  }
  console.log(
    `| "${text}"${page === '1' ? '' : `, page ${page}`} | ${sent.length} | ${buffers.join(' + ')} | ${times.map((time) => time.toFixed(2)).join(' + ')} |`,
  );
}
for (const plan of plans) console.log(`\n${plan}`);
await client.end();
await database.close();
