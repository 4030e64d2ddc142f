// `npm run bench:profile -- --path /bench/bare`: where the shop's server spends its CPU on one
// address. Starts bench-server.ts (production mode, logging off, catalogue cache on unless
// `--cache false`) under `node --cpu-prof`, loads the address with autocannon, stops the server and reads the profile:
// the share of the busy CPU spent under each step of the request pipeline (inclusive: a step's
// own functions and everything they call), then the functions with the most self time. Shares,
// not requests/s, are what to compare on a busy machine.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@shop/testing';
import pg from 'pg';
import { cpuMsOf, ensureDatabase, measure, startServer, stopServer } from './servers';

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', multiple: true, default: ['/bench/bare'] },
    products: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    top: { type: 'string', default: '25' },
    /** `plain` profiles plain-server.ts (bare Fastify) instead of the shop. */
    server: { type: 'string', default: 'shop' },
    /** `false` runs the shop with CATALOG_CACHE=false: every catalogue read asks PostgreSQL. */
    cache: { type: 'string', default: 'true' },
  },
});
const port = await freePort();

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The steps of the pipeline, each recognised by a frame on the stack. Fastify runs the rest of a
 * request inside the callback of the hook before it, so a sample is charged to the step of the
 * frame nearest the top of its stack: a step's share is the work of its own functions and of the
 * Node functions they call (helmet's setHeader calls count for helmet), never what runs after it.
 */
const STEPS: [string, (frame: CallFrame) => boolean][] = [
  ['security headers (@fastify/helmet)', (frame) => /node_modules\/(@fastify\/helmet|helmet)\//.test(frame.url)],
  ['security headers (security-headers.ts)', (frame) => frame.url.includes('plugins/security-headers')],
  [
    'compression (@fastify/compress)',
    (frame) => /node_modules\/(@fastify\/compress|@fastify\/accept-negotiator|mime-db)\//.test(frame.url),
  ],
  ['compression (compression.ts)', (frame) => frame.url.includes('plugins/compression')],
  ['cookies (@fastify/cookie)', (frame) => /node_modules\/(@fastify\/cookie|cookie)\//.test(frame.url)],
  ['origin check (origin-check.ts)', (frame) => frame.url.includes('plugins/origin-check')],
  ['request guard (request-guard.ts)', (frame) => frame.url.includes('plugins/request-guard')],
  ['authentication (auth.ts)', (frame) => frame.url.includes('plugins/auth')],
  ['rate limits (rate-limit*.ts)', (frame) => frame.url.includes('plugins/rate-limit')],
  ['error handling (error-handler.ts)', (frame) => frame.url.includes('plugins/error-handler')],
  ['request ids (genReqId)', (frame) => frame.functionName === 'genReqId'],
  ['zod serializer (fastify-type-provider-zod)', (frame) => frame.url.includes('fastify-type-provider-zod')],
  ['JSON serializer (fast-json-stringify)', (frame) => frame.url.includes('fast-json-stringify')],
  ['catalogue routes and cache', (frame) => frame.url.includes('modules/catalog/')],
  ['web app (web-app.ts)', (frame) => frame.url.includes('plugins/web-app')],
  ['the route handler (bench-server.ts, plain-server.ts)', (frame) => /bench\/(bench|plain)-server/.test(frame.url)],
  ['Fastify hook runners (lib/hooks.js)', (frame) => frame.url.includes('node_modules/fastify/lib/hooks')],
  ['Fastify router (find-my-way)', (frame) => frame.url.includes('node_modules/find-my-way/')],
  ['Fastify core (request, reply, routing, headers)', (frame) => frame.url.includes('node_modules/fastify/')],
  ['garbage collection', (frame) => frame.functionName === '(garbage collector)'],
  [
    'Node HTTP and sockets, not under Fastify (parse, write, timers)',
    (frame) => frame.url.startsWith('node:') || frame.url === '',
  ],
];
const OTHER = 'other (modules, microtasks)';

/** Samples of the last `seconds` of the profile: the load, without start-up and module loading. */
function analyse(profile: Profile & { endTime: number }, seconds: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const idle = new Set(['(idle)', '(program)']);
  const from = profile.endTime - seconds * 1_000_000;
  // Sample times from the deltas; the last one is the profile's end.
  const hits = new Map<number, number>();
  let time = profile.endTime - profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    if (time >= from) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  let busy = 0;
  const stepSamples = new Map<string, number>();
  const self = new Map<string, number>();
  const stepOf = (frame: CallFrame) => STEPS.find(([, matches]) => matches(frame))?.[0];
  for (const [id, count] of hits) {
    const node = byId.get(id);
    if (!node || idle.has(node.callFrame.functionName)) continue;
    busy += count;
    const frame = node.callFrame;
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench)\//, '$1/')}:${frame.lineNumber + 1}`
      : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`;
    self.set(name, (self.get(name) ?? 0) + count);
    // The nearest frame that names a step; Node's own frames name one only when nothing of the
    // shop's or Fastify's is below them on the stack.
    let step: string | undefined;
    let nodeStep: string | undefined;
    for (let at: number | undefined = id; at !== undefined && !step; at = parent.get(at)) {
      const stackFrame = byId.get(at)?.callFrame;
      if (!stackFrame) break;
      const found = stepOf(stackFrame);
      if (found?.startsWith('Node ')) nodeStep ??= found;
      else if (found) step = found;
    }
    step ??= nodeStep ?? OTHER;
    stepSamples.set(step, (stepSamples.get(step) ?? 0) + count);
  }
  return { busy, stepSamples, self };
}

function report(result: ReturnType<typeof analyse>, cpuUsPerRequest: number, top: number): string {
  const { busy, stepSamples, self } = result;
  const share = (count: number) => count / Math.max(1, busy);
  const lines = ['| step | share of busy CPU | µs CPU/req |', '| --- | ---: | ---: |'];
  for (const step of [...STEPS.map(([name]) => name), OTHER]) {
    const count = stepSamples.get(step) ?? 0;
    if (!count) continue;
    lines.push(`| ${step} | ${(share(count) * 100).toFixed(1)} % | ${(share(count) * cpuUsPerRequest).toFixed(1)} |`);
  }
  lines.push('', `Top ${top} functions by self time (share of busy CPU):`, '');
  const ranked = [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, count] of ranked) lines.push(`- ${(share(count) * 100).toFixed(1).padStart(5)} %  ${name}`);
  return lines.join('\n');
}

/**
 * The PostgreSQL processes serving the database (the server's pool; run once the load has
 * opened them), whose CPU over the load is PostgreSQL's share of each request. Local server only.
 */
async function databaseBackends(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

function cpuMsOfAll(pids: number[]) {
  let sum = 0;
  for (const pid of pids) {
    try {
      sum += cpuMsOf(pid);
    } catch {
      // Gone (an idle client closed): its CPU until then is lost from the sum.
    }
  }
  return sum;
}

const databaseUrl = await ensureDatabase(Number(args.products));
for (const urlPath of args.path) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-profile-'));
  const script = args.server === 'plain' ? 'bench/plain-server.ts' : 'bench/bench-server.ts';
  const server = await startServer(
    script,
    port,
    {
      DATABASE_URL: databaseUrl,
      CATALOG_CACHE: args.cache === 'false' ? 'false' : 'true',
    },
    ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=250'],
  );
  let result: Awaited<ReturnType<typeof measure>>;
  let pgUsPerRequest = 0;
  try {
    const url = `http://127.0.0.1:${port}${urlPath}`;
    await fetch(url); // fills the catalogue cache (or warms the statements when it is off)
    // With the cache off, a burst opens the pool's connections, so their processes are known.
    const burst = Array.from({ length: Number(args.connections) }, () => fetch(url).then((reply) => reply.text()));
    await Promise.all(burst);
    const backends = await databaseBackends(databaseUrl);
    const pgBefore = cpuMsOfAll(backends);
    result = await measure(server, url, { connections: Number(args.connections), duration: Number(args.duration) });
    const requests = result.rps * Number(args.duration);
    pgUsPerRequest = requests > 0 ? ((cpuMsOfAll(backends) - pgBefore) * 1000) / requests : 0;
  } finally {
    await stopServer(server);
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile & { endTime: number };
  // The load's own seconds, less a margin at each end for the warm-up request and the stop.
  const analysed = analyse(profile, Number(args.duration) - 1);
  const busy = analysed.busy;
  const text = report(analysed, result.cpuUsPerRequest, Number(args.top));
  console.log(
    `\n## ${args.server === 'plain' ? 'plain Fastify ' : ''}${urlPath}: ${result.rps.toFixed(0)} req/s (profiled), ${result.cpuUsPerRequest.toFixed(0)} µs CPU/req (PostgreSQL: ${pgUsPerRequest.toFixed(0)} µs), ${busy} busy samples; load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}\nprofile: ${path.join(dir, file)}\n`,
  );
  console.log(text);
}
