// `npm run bench:page-work -- --builds apps/web/dist-before,apps/web/dist --page / --visits 30`:
// the work a first visit gives the page's thread, for one or more builds of the web app, visited in
// turns. Counted, the same on every visit: the drawn page's elements and the fibers React hydrates.
// Timed, from a trace of each cold visit (navigation to 2 s after load): the page thread's CPU,
// style recalculation and layout. On a shared machine Lighthouse's figures move by more than a
// change is worth (bench:pages); counts and many visits in turns still tell two builds apart.
// A build is a copy of apps/web/dist (with its .ssr renderer) inside apps/web, so the renderer
// finds its packages. Appends to bench/RESULTS.md. Needs only the system Chromium.
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NEVER_PAYING_PRODUCTION_ENV, type RunningShop, startBuiltShop } from '@shop/testing';
import { type Browser, chromium } from 'playwright-core';
import { median } from './stats';
import { pageThread, type TraceEvent, topLevelTasks } from './trace';

const { values: args } = parseArgs({
  options: {
    builds: { type: 'string', default: 'apps/web/dist' },
    page: { type: 'string', default: '/' },
    visits: { type: 'string', default: '20' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const builds = (args.builds ?? '').split(',').map((build) => build.trim());
const visits = Number(args.visits);
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
for (const build of builds) {
  if (!existsSync(path.join(root, build, 'index.html')) || !existsSync(path.join(root, build, '.ssr'))) {
    console.error(
      `${build} is not a web build with its renderer (index.html and .ssr/): copy apps/web/dist after \`npm run build\``,
    );
    process.exit(1);
  }
}
if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) {
  console.error('no built server: run `npm run build` first');
  process.exit(1);
}
// The phone Lighthouse's mobile profile stands for (Moto G Power).
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel'];

interface Visit {
  cpu: number;
  style: number;
  layout: number;
}

// Both run in the page as text: tsx would wrap the functions of a callback in a helper the page lacks.
// React's devtools hook, installed before the page's scripts: React hands it each committed root.
const DEVTOOLS_HOOK = `window.hydratedRoots = [];
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  onCommitFiberRoot: (_id, fiberRoot) => window.hydratedRoots.push(fiberRoot),
  onCommitFiberUnmount: () => {},
  onPostCommitFiberRoot: () => {},
  checkDCE: () => {},
};`;
// The fibers of the first root, once hydrated; tag 5 is React's HostComponent, an element.
const COUNT_FIBERS = `(() => {
  let all = 0;
  let host = 0;
  const walk = (first) => {
    for (let fiber = first; fiber; fiber = fiber.sibling) {
      all++;
      if (fiber.tag === 5) host++;
      walk(fiber.child);
    }
  };
  walk(window.hydratedRoots[0]?.current.child ?? null);
  return { all, host };
})()`;

/** The drawn page's elements, and the fibers React holds once it has hydrated it (a devtools hook). */
async function census(browser: Browser, baseUrl: string) {
  const html = await (await fetch(`${baseUrl}${args.page}`)).text();
  const elements = (html.slice(html.indexOf('<body')).match(/<[a-zA-Z]/g) ?? []).length;
  const context = await browser.newContext(PHONE);
  await context.addInitScript(DEVTOOLS_HOOK);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${args.page}`, { waitUntil: 'load' });
  await page.waitForTimeout(2_000);
  const fibers = (await page.evaluate(COUNT_FIBERS)) as { all: number; host: number };
  await context.close();
  return { elements, fibers };
}

async function visit(browser: Browser, baseUrl: string): Promise<Visit> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: TRACE_CATEGORIES },
    transferMode: 'ReportEvents',
  });
  await page.goto(`${baseUrl}${args.page}`, { waitUntil: 'load' });
  await page.waitForTimeout(2_000);
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  const thread = pageThread(events);
  if (!thread) throw new Error('the trace has no first contentful paint');
  const sum = (name: string) =>
    events.filter((event) => event.name === name && thread.onIt(event)).reduce((ms, e) => ms + (e.tdur ?? 0) / 1000, 0);
  const cpu = topLevelTasks(events, thread.onIt).reduce((ms, task) => ms + (task.tdur ?? 0) / 1000, 0);
  return { cpu, style: sum('UpdateLayoutTree'), layout: sum('Layout') };
}

const loadAtStart = os.loadavg()[0] ?? 0;
const shops: { build: string; shop: RunningShop; dataDir: string }[] = [];
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const results = new Map<string, { counts: Awaited<ReturnType<typeof census>>; visits: Visit[] }>();
try {
  for (const build of builds) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-page-work-'));
    const shop = await startBuiltShop({
      ...NEVER_PAYING_PRODUCTION_ENV,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(root, build),
    });
    shops.push({ build, shop, dataDir });
    // One unrecorded visit first, so the server's caches are warm for every recorded one.
    await fetch(`${shop.baseUrl}${args.page}`);
    results.set(build, { counts: await census(browser, shop.baseUrl), visits: [] });
  }
  for (let round = 0; round < visits; round++) {
    // In turns, the order flipped each round, so the machine's moods fall on every build alike.
    for (const { build, shop } of round % 2 ? [...shops].reverse() : shops) {
      results.get(build)?.visits.push(await visit(browser, shop.baseUrl));
    }
    process.stdout.write(`\r  round ${round + 1} of ${visits}`);
  }
} finally {
  await browser.close();
  for (const { shop, dataDir } of shops) {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const figure = (values: number[]) =>
  `${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
const report = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — page work, \`${args.page}\`, builds in turns`,
  '',
  `Command: \`npm run bench:page-work -- --builds ${builds.join(',')} --page ${args.page} --visits ${visits}\``,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${chromePath} (Playwright, a ${PHONE.viewport.width} × ${PHONE.viewport.height} phone screen, no throttling), each build served by the built server on loopback. ${visits} cold visits a build in turns; medians (lowest–highest) of the page thread's CPU time from navigation to 2 s after load. Load average ${loadAtStart.toFixed(1)} at start.`,
  '',
  '| build | elements drawn | fibers hydrated (elements) | main-thread CPU | style | layout |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...builds.map((build) => {
    const result = results.get(build);
    if (!result) return `| \`${build}\` | | | | | |`;
    const { counts, visits: runs } = result;
    return `| \`${build}\` | ${counts.elements} | ${counts.fibers.all} (${counts.fibers.host}) | ${figure(runs.map((run) => run.cpu))} | ${figure(runs.map((run) => run.style))} | ${figure(runs.map((run) => run.layout))} |`;
  }),
  '',
].join('\n');
appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${report}`);
console.log(`\n\n${report}`);
