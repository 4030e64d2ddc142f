// The shop as `npm start` runs it, plus one bare JSON route: the ceiling every catalogue read is
// measured against, in the same process, on the same port. Started by catalogue.ts.
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

const app = await buildApp(loadConfig());
app.get('/bench/bare', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log('ready');
