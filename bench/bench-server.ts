// The shop as `npm start` runs it, plus one bare JSON route: the ceiling every catalogue read is
// measured against, in the same process, on the same port; and the catalogue cache's count of
// answers built (mixed.ts). Started by catalogue.ts and the other benchmarks.
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

const app = await buildApp(loadConfig());
app.get('/bench/bare', async () => ({ hello: 'world' }));
// How many catalogue answers were built (cache misses); null from a shop that does not count them.
app.get('/bench/catalog-cache', async () => ({
  builds: (app.catalog.cache as { builds?: number }).builds ?? null,
  size: app.catalog.cache.size,
}));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log('ready');
