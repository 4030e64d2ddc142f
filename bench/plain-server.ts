// A plain Fastify server with the same bare JSON route as bench-server.ts and nothing else: no
// plugins, no hooks, logging off. Started by catalogue.ts beside the shop, so one run measures
// both ceilings on the same machine at the same moment.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bench/bare', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log('ready');
