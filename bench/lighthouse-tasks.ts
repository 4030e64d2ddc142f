// `npm run bench:lighthouse-tasks -- --page / --runs 3 --cpu-slowdown 10.7 [--block '*.webm,*.mp4'] [--min-ms 3]`:
// why a page's Lighthouse TBT is what it is. Lighthouse's simulation keeps only main-thread tasks
// of at least SIMULATED_TASK_MIN_MS as recorded (trace.ts) and scales each by the slowdown, so on a
// machine where tasks take longer than their CPU time a 2 ms task stretched to 12 ms blocks like a
// 12 ms one. For each run this prints the score and TBT, the tasks after first paint that the
// simulation keeps (wall and CPU time, and what ran inside), the main thread's wall/CPU after first
// paint, and the CPU time of every thread in the machine's browser around first paint: what shared
// the cores with the page. `--min-ms` lists shorter tasks too. `--block` leaves out requests (Lighthouse's blockedUrlPatterns) to see
// what one resource costs. Prints only; copy the figures worth keeping into bench/RESULTS.md.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { ensureBuild, launchChromeForLighthouse, lighthouseFlags, startShopForLighthouse } from './lighthouse-setup';
import { cpuByThread, mainThreadCpu, pageThread, SIMULATED_TASK_MIN_MS, type TraceEvent, topLevelTasks } from './trace';

const { values: args } = parseArgs({
  options: {
    page: { type: 'string', default: '/' },
    runs: { type: 'string', default: '3' },
    'cpu-slowdown': { type: 'string', default: '4' },
    block: { type: 'string' },
    /** List the tasks after first paint from this wall time (ms) on, not only those the simulation keeps. */
    'min-ms': { type: 'string', default: String(SIMULATED_TASK_MIN_MS) },
    /** Leave the page's renderer on the cores everything else uses (launchChromeForLighthouse). */
    'shared-cores': { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const cpuSlowdown = Number(args['cpu-slowdown']);
const listFromMs = Number(args['min-ms']);
if (
  !Number.isFinite(cpuSlowdown) ||
  cpuSlowdown < 1 ||
  !Number.isInteger(runs) ||
  runs < 1 ||
  !Number.isFinite(listFromMs) ||
  listFromMs < 0
) {
  console.error('--runs takes a whole number, --cpu-slowdown a number of at least 1, --min-ms a number of ms');
  process.exit(1);
}
const blocked = args.block ? args.block.split(',').map((pattern) => pattern.trim()) : [];
/** The window around first paint whose threads' CPU is summed, in µs of trace time. */
const WINDOW = { before: 300_000, after: 800_000 };

type TraceEventWithArgs = TraceEvent & { args?: { data?: { url?: string; type?: string } } };

/** What took the time inside a task: its longest kinds of nested event, in ms of wall time. */
function insideOf(task: TraceEvent, onThread: TraceEventWithArgs[]): string {
  const end = task.ts + (task.dur ?? 0);
  const byKind = new Map<string, number>();
  for (const event of onThread) {
    if (event === task || event.ph !== 'X' || event.ts < task.ts || event.ts > end || (event.dur ?? 0) < 300) continue;
    const detail =
      event.name === 'EvaluateScript' || event.name === 'FunctionCall'
        ? ` ${(event.args?.data?.url ?? '').split('/').pop()}`
        : event.name === 'EventDispatch' || event.name === 'TimerFire'
          ? ` ${event.args?.data?.type ?? ''}`
          : '';
    byKind.set(event.name + detail, (byKind.get(event.name + detail) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...byKind]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
    .join(', ');
}

ensureBuild();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-lighthouse-tasks-'));
const shop = await startShopForLighthouse(dataDir);
let chrome: Awaited<ReturnType<typeof launchChromeForLighthouse>>['chrome'] | undefined;
try {
  const launched = await launchChromeForLighthouse({ sharedCores: args['shared-cores'], shopPid: shop.server.pid });
  const { core, releaseCores } = launched;
  chrome = launched.chrome;
  const url = `${shop.baseUrl}${args.page}`;
  console.log(
    `${url} at ${cpuSlowdown}× CPU, ${runs} runs${blocked.length ? `, blocking ${blocked.join(', ')}` : ''}; ${core === undefined ? 'the page shares the cores' : `the page on core ${core} alone`}; load average ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
  );
  await fetch(url);
  for (let run = 1; run <= runs; run++) {
    const flags = { ...lighthouseFlags(chrome.port, cpuSlowdown), onlyCategories: ['performance'] };
    const result = await lighthouse(url, blocked.length ? { ...flags, blockedUrlPatterns: blocked } : flags);
    const lhr = result?.lhr;
    const events = (result?.artifacts.Trace?.traceEvents ?? []) as TraceEventWithArgs[];
    const thread = pageThread(events);
    if (!lhr || lhr.runtimeError || !thread) {
      console.log(`run ${run}: no result (${lhr?.runtimeError?.message ?? 'no first paint in the trace'})`);
      continue;
    }
    const onThread = events.filter(thread.onIt);
    const afterPaint = topLevelTasks(events, thread.onIt).filter((task) => task.ts >= thread.paint.ts);
    const { mainThreadCpu: cpu, wallPerCpu } = mainThreadCpu(events);
    const kept = afterPaint.filter((task) => (task.dur ?? 0) >= SIMULATED_TASK_MIN_MS * 1000);
    console.log(
      `run ${run}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, TBT ${(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN).toFixed(0)} ms; after first paint ${cpu.toFixed(0)} ms of CPU (wall/CPU ${wallPerCpu.toFixed(2)}), ${kept.length} tasks of ${SIMULATED_TASK_MIN_MS} ms or more (wall/CPU ms): ${kept.map((task) => `${((task.dur ?? 0) / 1000).toFixed(0)}/${((task.tdur ?? 0) / 1000).toFixed(0)}`).join(' ')}`,
    );
    for (const task of afterPaint.filter((each) => (each.dur ?? 0) >= listFromMs * 1000))
      console.log(
        `   +${((task.ts - thread.paint.ts) / 1000).toFixed(0).padStart(5)} ms  wall ${((task.dur ?? 0) / 1000).toFixed(1).padStart(5)}  CPU ${((task.tdur ?? 0) / 1000).toFixed(1).padStart(5)}  ${insideOf(task, onThread)}`,
      );
    const threads = cpuByThread(events, thread.paint.ts - WINDOW.before, thread.paint.ts + WINDOW.after)
      .sort((a, b) => b.cpu - a.cpu)
      .slice(0, 8);
    console.log(
      `   CPU by thread from ${WINDOW.before / 1000} ms before first paint to ${WINDOW.after / 1000} ms after: ${threads.map((entry) => `${entry.thread} ${entry.cpu.toFixed(0)} ms`).join('; ')}`,
    );
  }
  releaseCores();
} finally {
  chrome?.kill();
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
