// `npm run bench:pages`: Lighthouse (mobile profile, simulated throttling) on the built shop as
// `npm start` serves it: home, /shop and a product page, several runs each. Prints the median
// performance and SEO scores and metrics, and for home the JavaScript a first visit downloads,
// beside the page's main-thread CPU time after first paint and Lighthouse's own audits run again on
// a trace whose tasks last their CPU time (steadier than TBT on a shared machine: onCpuTime
// below), then appends them to bench/RESULTS.md. Needs only the system
// Chromium; nothing leaves loopback.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import { saveArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import {
  chromePath,
  ensureBuild,
  type LighthouseFlags,
  launchChromeForLighthouse,
  lighthouseFlags,
  startShopForLighthouse,
} from './lighthouse-setup';
import { median } from './stats';
import { mainThreadCpu, pageThread, type TraceEvent, tasksAtSlowdown, topLevelTasks } from './trace';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    /**
     * Lighthouse's CPU slowdown (4 by default, its mobile profile). On a host faster than the
     * slowest one we run on (benchmark index 1,080), emulate that one: 4 × this host's index / 1,080.
     * `slow-host` works that out from a first, unrecorded Lighthouse run's index on this host.
     */
    'cpu-slowdown': { type: 'string', default: '4' },
    /** Leave the page's renderer on the cores everything else uses (launchChromeForLighthouse). */
    'shared-cores': { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
/** The benchmark index of the slowest host the shop must hold on (issue 26). */
const SLOW_HOST_INDEX = 1_080;
const emulateSlowHost = args['cpu-slowdown'] === 'slow-host';
let cpuSlowdown = emulateSlowHost ? 4 : Number(args['cpu-slowdown']);
if (!Number.isFinite(cpuSlowdown) || cpuSlowdown < 1) {
  console.error('--cpu-slowdown takes a number of at least 1 (for example --cpu-slowdown 11.5) or slow-host');
  process.exit(1);
}
/** This host's benchmark index when the slowdown was derived from it. */
let hostIndex: number | undefined;

// Issue 15: pages arrive with their data (decision 016). The JavaScript budget is e2e's
// (storefront-hero.spec.ts): a first visit downloads no more than before.
const TARGETS = { score: 97, seo: 100, lcpMs: 2000, homeScriptKb: 150, cls: 0.1, tbtMs: 100, longestTaskMs: 100 };

interface Run {
  score: number;
  seo: number;
  /** The SEO audits that did not pass, by id. */
  seoFailures: string[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  scriptBytes: number;
  benchmarkIndex: number;
  /** The element LCP measured, so an LCP figure can be traced to it. */
  lcpElement: string;
  /** The longest main-thread task Lighthouse saw, in ms (its long-tasks audit, throttled). */
  longestTask: number;
  /** What moved, so a CLS figure can be traced to its element. */
  shifts: string[];
  /** The page's main-thread work after first paint, in CPU time, unthrottled (mainThreadCpu). */
  mainThreadCpu: number;
  /** Lighthouse's score, TBT and longest task from the same run's trace with every task at its CPU time (onCpuTime). */
  cpuTimeScore: number;
  cpuTimeTbt: number;
  cpuTimeLongestTask: number;
  /** The CPU time of the page's first task, the browser's navigation commit (tasksAtSlowdown). */
  navigationCommitCpu: number;
  /** The longest task after the navigation commit, CPU time at the slowdown as Lighthouse scales it. */
  longestOwnTask: number;
  /** How much longer the tasks took than the CPU time they used: the machine's other work. */
  wallPerCpu: number;
}

interface ShiftItem {
  score?: number;
  node?: { selector?: string; snippet?: string };
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/** Lighthouse 12 puts the LCP element in the first row of the audit's first table. */
function lcpElementOf(details: unknown): string {
  const tables = (details as { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] })?.items;
  const node = tables?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? '?'} ${node.snippet ?? ''}`.slice(0, 160) : '?';
}

/**
 * Each of the page's main-thread tasks shrunk to the CPU time it used, what it holds moved with it.
 * Lighthouse's simulation multiplies every task's wall time by the slowdown, so on a small shared
 * machine a 1 ms task the OS held back for 10 ms (another process, Chromium's other threads) counts
 * as a 140 ms one at 14×: here tasks took 1.5-2.2× their CPU time, and TBT moved 10× between runs
 * of one build. At its CPU time a task is the page's own work.
 */
function atCpuTime(events: TraceEvent[]): void {
  const thread = pageThread(events);
  if (!thread) return;
  const onThread = events.filter(thread.onIt).sort((a, b) => a.ts - b.ts);
  let next = 0;
  for (const task of topLevelTasks(onThread, () => true)) {
    if (!task.dur) continue;
    const start = task.ts;
    const end = start + task.dur;
    const scale = Math.min(1, (task.tdur ?? 0) / task.dur);
    while (next < onThread.length && (onThread[next]?.ts ?? 0) < start) next++;
    for (let index = next; index < onThread.length; index++) {
      const event = onThread[index];
      if (!event || event.ts > end) break;
      if (event === task) continue;
      event.ts = start + (event.ts - start) * scale;
      if (event.dur) event.dur *= scale;
    }
    task.dur = task.tdur;
  }
}

/** Lighthouse's audits run again, on the run's own trace with every task at its CPU time (atCpuTime). */
async function onCpuTime(artifacts: Parameters<typeof saveArtifacts>[0], flags: LighthouseFlags) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-pages-trace-'));
  try {
    await saveArtifacts(artifacts, dir);
    const traceFile = readdirSync(dir).find((file) => file.endsWith('.trace.json'));
    if (!traceFile) throw new Error('Lighthouse saved no trace');
    const trace = JSON.parse(readFileSync(path.join(dir, traceFile), 'utf8')) as
      | { traceEvents: TraceEvent[] }
      | TraceEvent[];
    atCpuTime(Array.isArray(trace) ? trace : trace.traceEvents);
    writeFileSync(path.join(dir, traceFile), JSON.stringify(trace));
    const again = await lighthouse(undefined, { ...flags, auditMode: dir });
    const lhr = again?.lhr;
    if (!lhr || lhr.runtimeError)
      throw new Error(`Lighthouse on CPU time: ${lhr?.runtimeError?.message ?? 'no result'}`);
    return {
      cpuTimeScore: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      cpuTimeTbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cpuTimeLongestTask: longestTaskOf(lhr.audits['long-tasks']?.details),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The longest task in Lighthouse's long-tasks audit, in ms. */
function longestTaskOf(details: unknown): number {
  const items = (details as { items?: { duration?: number }[] } | undefined)?.items ?? [];
  return Math.max(0, ...items.map((task) => task.duration ?? 0));
}

const flagsFor = (port: number) => lighthouseFlags(port, cpuSlowdown);

async function auditOnce(url: string, port: number): Promise<Run> {
  const flags = flagsFor(port);
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr, artifacts } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const traceEvents = (artifacts.Trace?.traceEvents ?? []) as TraceEvent[];
  const tasks = tasksAtSlowdown(traceEvents, cpuSlowdown);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    seoFailures: (lhr.categories.seo?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndex: metric('speed-index'),
    scriptBytes: requests
      .filter((request) => request.resourceType === 'Script')
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    longestTask: longestTaskOf(lhr.audits['long-tasks']?.details),
    lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
    shifts: ((lhr.audits['layout-shifts']?.details as { items?: ShiftItem[] } | undefined)?.items ?? []).map(
      (item) => `${(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? '?'} ${item.node?.snippet ?? ''}`,
    ),
    ...mainThreadCpu(traceEvents),
    ...(await onCpuTime(artifacts, flags)),
    navigationCommitCpu: tasks?.commit.cpu ?? Number.NaN,
    longestOwnTask: tasks ? Math.max(0, ...tasks.after.map((task) => task.ms)) : Number.NaN,
  };
}

/**
 * The navigation commit's CPU time on a page with nothing in it but the shop's response headers
 * (its security headers change what the browser sets up): the floor every page starts from.
 */
async function blankPageCommitCpu(shopUrl: string, port: number): Promise<number[]> {
  const ignored = new Set(['content-length', 'content-encoding', 'content-type', 'date', 'connection', 'keep-alive']);
  const headers = Object.fromEntries([...(await fetch(shopUrl)).headers].filter(([name]) => !ignored.has(name)));
  const blank = createServer((_request, response) => {
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><head><title>Blank</title></head><body><p>Blank</p></body></html>');
  });
  await new Promise<void>((resolve) => blank.listen(0, '127.0.0.1', resolve));
  const address = blank.address();
  const blankUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  try {
    const cpu: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await lighthouse(blankUrl, flagsFor(port));
      const tasks = tasksAtSlowdown((result?.artifacts.Trace?.traceEvents ?? []) as TraceEvent[], cpuSlowdown);
      cpu.push(tasks?.commit.cpu ?? Number.NaN);
    }
    return cpu;
  } finally {
    blank.close();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try again. */
async function audit(url: string, port: number): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, port);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  retrying ${url}: ${(error as Error).message}`);
    }
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

ensureBuild();
// Simulated throttling scales the CPU time it observes, so a busy machine lowers the scores.
const loadAtStart = os.loadavg()[0] ?? 0;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-pages-'));
const shop = await startShopForLighthouse(dataDir);
const { baseUrl } = shop;
const { chrome, core, releaseCores } = await launchChromeForLighthouse({
  sharedCores: args['shared-cores'],
  shopPid: shop.server.pid,
}).catch(async (error) => {
  await shop.stop();
  throw error;
});

const rows: { name: string; path: string; runs: Run[] }[] = [];
/** The page's HTML against its API answer, served warm from the catalogue cache. */
const throughput: { what: string; path: string; rps: number; p99: number }[] = [];
/** The navigation commit's CPU time on a blank page, each run (blankPageCommitCpu). */
let blankCommitCpu: number[] = [];
try {
  const sample = (await (await fetch(`${baseUrl}/api/products?pageSize=1`)).json()) as { products: { slug: string }[] };
  const slug = sample.products[0]?.slug;
  if (!slug) throw new Error('the demo catalogue has no products');
  const pages: [string, string][] = [
    ['home', '/'],
    ['shop', '/shop'],
    ['product', `/products/${slug}`],
  ];
  if (emulateSlowHost) {
    // Lighthouse's own measure of this host, at its default slowdown; the index moves by ±20 %
    // from run to run, so every run of the bench derives its own.
    hostIndex = (await audit(`${baseUrl}/`, chrome.port)).benchmarkIndex;
    cpuSlowdown = Math.round((40 * hostIndex) / SLOW_HOST_INDEX) / 10;
    console.log(`  slow host: this host's benchmark index is ${hostIndex.toFixed(0)}, so ${cpuSlowdown}× CPU`);
  }
  for (const [name, urlPath] of pages) {
    const row = { name, path: urlPath, runs: [] as Run[] };
    // One unrecorded visit first, so the server's caches are warm for every recorded run.
    await fetch(`${baseUrl}${urlPath}`);
    for (let run = 1; run <= runs; run++) {
      const result = await audit(`${baseUrl}${urlPath}`, chrome.port);
      row.runs.push(result);
      console.log(
        `  ${name.padEnd(8)} run ${run}: score ${result.score}, SEO ${result.seo}${result.seoFailures.length ? ` (${result.seoFailures.join(', ')})` : ''}, LCP ${seconds(result.lcp)}, TBT ${result.tbt.toFixed(0)} ms, longest task ${result.longestTask.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}; main thread ${result.mainThreadCpu.toFixed(0)} ms CPU (wall/CPU ${result.wallPerCpu.toFixed(1)}); on CPU time: score ${result.cpuTimeScore}, TBT ${result.cpuTimeTbt.toFixed(0)} ms, longest task ${result.cpuTimeLongestTask.toFixed(0)} ms; navigation commit ${result.navigationCommitCpu.toFixed(1)} ms CPU, longest task after it ${result.longestOwnTask.toFixed(0)} ms`,
      );
      console.log(`           LCP element ${result.lcpElement}`);
      if (result.cls >= 0.01) for (const shift of result.shifts) console.log(`           shifted ${shift}`);
    }
    rows.push(row);
  }
  blankCommitCpu = await blankPageCommitCpu(`${baseUrl}/`, chrome.port);
  console.log(`  blank    navigation commit ${blankCommitCpu.map((ms) => ms.toFixed(1)).join(', ')} ms CPU`);
  releaseCores();
  // The HTML of a product page is built from the cache entries the API answers from: a warm
  // page should cost about what its API answer costs. Brotli, as a browser asks.
  const product = pages.find(([name]) => name === 'product')?.[1] ?? '/';
  for (const [what, urlPath] of [
    ['product page HTML', product],
    ['product API answer', `/api${product}`],
  ] as const) {
    const result = await autocannon({
      url: `${baseUrl}${urlPath}`,
      connections: 10,
      duration: 5,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    throughput.push({ what, path: urlPath, rps: result.requests.average, p99: result.latency.p99 });
  }
} finally {
  chrome.kill();
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const summary = rows.map((row) => {
  const pick = (key: Exclude<keyof Run, 'shifts' | 'seoFailures' | 'lcpElement'>) =>
    median(row.runs.map((run) => run[key]));
  return {
    name: row.name,
    path: row.path,
    score: pick('score'),
    seo: pick('seo'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    longestTask: pick('longestTask'),
    cls: pick('cls'),
    speedIndex: pick('speedIndex'),
    mainThreadCpu: pick('mainThreadCpu'),
    cpuTimeScore: pick('cpuTimeScore'),
    cpuTimeTbt: pick('cpuTimeTbt'),
    cpuTimeLongestTask: pick('cpuTimeLongestTask'),
    // A run whose trace showed no navigation commit has neither figure.
    navigationCommitCpu: median(row.runs.map((run) => run.navigationCommitCpu).filter(Number.isFinite)),
    longestOwnTask: median(row.runs.map((run) => run.longestOwnTask).filter(Number.isFinite)),
    wallPerCpu: pick('wallPerCpu'),
    scriptKb: pick('scriptBytes') / 1024,
  };
});
const benchmarkIndex = median(rows.flatMap((row) => row.runs.map((run) => run.benchmarkIndex)));
const home = summary.find((row) => row.name === 'home');
const missed = [
  ...summary.filter((row) => row.score < TARGETS.score).map((row) => `${row.name} score ${row.score}`),
  ...summary.filter((row) => row.seo < TARGETS.seo).map((row) => `${row.name} SEO ${row.seo}`),
  ...summary.filter((row) => row.lcp > TARGETS.lcpMs).map((row) => `${row.name} LCP ${seconds(row.lcp)}`),
  ...summary.filter((row) => row.tbt > TARGETS.tbtMs).map((row) => `${row.name} TBT ${row.tbt.toFixed(0)} ms`),
  ...summary
    .filter((row) => row.longestTask > TARGETS.longestTaskMs)
    .map((row) => `${row.name} longest task ${row.longestTask.toFixed(0)} ms`),
  ...summary.filter((row) => row.cls >= TARGETS.cls).map((row) => `${row.name} CLS ${row.cls.toFixed(3)}`),
  ...(home && home.scriptKb > TARGETS.homeScriptKb ? [`home JavaScript ${home.scriptKb.toFixed(1)} KB`] : []),
];

// The score, TBT and long tasks again, on the trace at CPU time (onCpuTime): the page's own work.
const missedOnCpuTime = [
  ...summary.filter((row) => row.cpuTimeScore < TARGETS.score).map((row) => `${row.name} score ${row.cpuTimeScore}`),
  ...summary
    .filter((row) => row.cpuTimeTbt > TARGETS.tbtMs)
    .map((row) => `${row.name} TBT ${row.cpuTimeTbt.toFixed(0)} ms`),
  ...summary
    .filter((row) => row.cpuTimeLongestTask > TARGETS.longestTaskMs)
    .map((row) => `${row.name} longest task ${row.cpuTimeLongestTask.toFixed(0)} ms`),
];
const blankCommit = median(blankCommitCpu.filter(Number.isFinite));
const commits = summary.map((row) => `${row.name} ${row.navigationCommitCpu.toFixed(1)} ms`).join(', ');
const ownOver = summary.filter((row) => row.longestOwnTask > TARGETS.longestTaskMs);

const report = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — pages, Lighthouse mobile`,
  '',
  `Command: \`npm run bench:pages -- --runs ${runs} --cpu-slowdown ${emulateSlowHost ? 'slow-host' : cpuSlowdown}\``,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; Lighthouse 12 (mobile, simulated slow 4G and ${cpuSlowdown}× CPU${hostIndex === undefined ? '' : `: 4 × this host's index ${hostIndex.toFixed(0)} / ${SLOW_HOST_INDEX}, the slowest host`}) with ${chromePath} on the built app served by the server on loopback; ${core === undefined ? 'the page sharing the cores with the rest' : `the page's renderer on core ${core} alone, Lighthouse, the server and the rest of the browser on the others`}. Medians of ${runs} runs. Lighthouse benchmark index ${benchmarkIndex.toFixed(0)}; load average ${loadAtStart.toFixed(1)} at start.`,
  '',
  '| page | score | SEO | FCP | LCP | TBT | longest task | CLS | Speed Index | JS transferred | main-thread CPU after FCP | wall/CPU | on CPU time: score | TBT | longest task | navigation commit, CPU | longest task after it |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...summary.map(
    (row) =>
      `| ${row.name} (\`${row.path.replace(/\/products\/.+/, '/products/:slug')}\`) | ${row.score} | ${row.seo} | ${seconds(row.fcp)} | ${seconds(row.lcp)} | ${row.tbt.toFixed(0)} ms | ${row.longestTask.toFixed(0)} ms | ${row.cls.toFixed(3)} | ${seconds(row.speedIndex)} | ${row.scriptKb.toFixed(1)} KB | ${row.mainThreadCpu.toFixed(0)} ms | ${row.wallPerCpu.toFixed(1)} | ${row.cpuTimeScore} | ${row.cpuTimeTbt.toFixed(0)} ms | ${row.cpuTimeLongestTask.toFixed(0)} ms | ${row.navigationCommitCpu.toFixed(1)} ms | ${row.longestOwnTask.toFixed(0)} ms |`,
  ),
  '',
  ...throughput.map(
    (row) =>
      `${row.what} (\`${row.path.replace(/\/products\/.+/, '/products/:slug')}\`): ${row.rps.toFixed(0)} requests/s, p99 ${row.p99} ms (autocannon, 10 connections, 5 s, brotli)`,
  ),
  '',
  `Targets: score ≥ ${TARGETS.score}, SEO ${TARGETS.seo} and LCP ≤ ${seconds(TARGETS.lcpMs)} on every page, TBT ≤ ${TARGETS.tbtMs} ms and no task over ${TARGETS.longestTaskMs} ms, CLS < ${TARGETS.cls}, home JavaScript ≤ ${TARGETS.homeScriptKb} KB compressed. ${missed.length ? `Missed: ${missed.join('; ')}.` : 'All met.'} On CPU time (score, TBT, longest task): ${missedOnCpuTime.length ? `missed ${missedOnCpuTime.join('; ')}.` : 'all met.'}`,
  '',
  `The navigation commit (the browser's first task for a page: its document and script context, the first bytes of HTML, the requests the head names) took ${commits} of CPU, and ${blankCommit.toFixed(1)} ms on a blank page with the shop's response headers (median of ${blankCommitCpu.length}): ${(blankCommit * cpuSlowdown).toFixed(0)} ms at ${cpuSlowdown}× before any of the page's own work. After it, on CPU time at ${cpuSlowdown}× as Lighthouse scales a task: ${ownOver.length ? `over ${TARGETS.longestTaskMs} ms: ${ownOver.map((row) => `${row.name} ${row.longestOwnTask.toFixed(0)} ms`).join(', ')}.` : `no task over ${TARGETS.longestTaskMs} ms.`}`,
  '',
].join('\n');
appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${report}`);
console.log(`\n${report}`);
