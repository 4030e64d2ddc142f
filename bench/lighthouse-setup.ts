// What the Lighthouse benchmarks share: the built shop as `npm start` serves it, the system
// Chromium as Lighthouse drives it, and Lighthouse's mobile profile at a given CPU slowdown.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NEVER_PAYING_PRODUCTION_ENV, startBuiltShop } from '@shop/testing';
import * as chromeLauncher from 'chrome-launcher';
import type lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

export const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');

/**
 * `npm run build` when the web app or the server has not been built; then the demo pictures the
 * shop would otherwise draw in the background while it is measured (decision 042): none when
 * they are all there.
 */
export function ensureBuild() {
  const built = ['apps/web/dist/index.html', 'apps/server/dist/server.js'].every((file) =>
    existsSync(path.join(root, file)),
  );
  if (!built) {
    console.log('no build found: running `npm run build`');
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm run build failed');
  }
  const pictures = spawnSync(process.execPath, ['dist/generate-images.js'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
  });
  if (pictures.status !== 0) throw new Error('drawing the demo pictures failed');
}

/** The built server on a fresh embedded database with the demo catalogue, as e2e/global-setup.ts starts it. */
export function startShopForLighthouse(dataDir: string) {
  return startBuiltShop({
    ...NEVER_PAYING_PRODUCTION_ENV,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
  });
}

/** Headless Chromium with nothing of its own going on (no updates, sync or background fetches). */
function launchChrome() {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

const taskset = (args: string[]) => spawnSync('taskset', args, { encoding: 'utf8' });
const processArgs = (pid: string) => {
  try {
    // Split on spaces too: Chromium's child processes rewrite their command line as one string.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
  } catch {
    return []; // gone since /proc was listed
  }
};
const parentOf = (pid: string) => {
  try {
    // The command in parentheses may hold spaces: the fields after its closing one are fixed.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
  } catch {
    return undefined;
  }
};
const runningPids = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name));

/** The core a page's renderer gets to itself (the last one), or none: on one core or without taskset. */
function rendererCore(): number | undefined {
  const cores = os.availableParallelism();
  if (cores < 2 || process.platform !== 'linux' || taskset(['-V']).status !== 0) return undefined;
  return cores - 1;
}

/**
 * Headless Chromium for Lighthouse. Unless `sharedCores` (or on one core, or without taskset), the
 * processes that draw pages (renderers) run on the last core alone, and this process (Lighthouse),
 * the shop's server and the rest of the browser on the others; `core` says which, if any. Why
 * (bench/RESULTS.md, 2026-12-02): simulated throttling multiplies each main-thread task as
 * recorded, waits included, and on a 2-core machine the page's thread shares the cores with what
 * only the harness runs: Lighthouse, and the browser's tracing and screenshots for it. A phone runs
 * none of that beside the page. Renderers are forked by the browser's zygote, so pinning the zygote
 * pins every page opened after it; the ones already open are pinned too.
 */
export async function launchChromeForLighthouse({ sharedCores, shopPid }: { sharedCores: boolean; shopPid?: number }) {
  const core = sharedCores ? undefined : rendererCore();
  if (core === undefined) return { chrome: await launchChrome(), core, releaseCores: () => {} };
  const others = `0-${core - 1}`;
  for (const pid of [process.pid, shopPid]) if (pid !== undefined) taskset(['-a', '-p', '-c', others, String(pid)]);
  const chrome = await launchChrome();
  const children = (parent: string) => runningPids().filter((pid) => parentOf(pid) === parent);
  // The launched command may be a wrapper script that starts the browser as its child.
  const descendants = (parent: string): string[] => children(parent).flatMap((child) => [child, ...descendants(child)]);
  const zygotes = descendants(String(chrome.pid)).filter((pid) => {
    const args = processArgs(pid);
    return args.includes('--type=zygote') && !args.includes('--no-zygote-sandbox');
  });
  if (zygotes.length === 0) {
    chrome.kill();
    throw new Error("no zygote among the browser's processes: run with --shared-cores");
  }
  const renderers = () =>
    zygotes.flatMap((zygote) => children(zygote).filter((pid) => processArgs(pid).includes('--type=renderer')));
  for (const pid of [...zygotes, ...renderers()]) taskset(['-a', '-p', '-c', String(core), pid]);
  return {
    chrome,
    core,
    /**
     * Once Lighthouse is done: fails if a renderer's main thread left the core (the figures would
     * not be what the report says), then puts this process and the shop back on every core.
     */
    releaseCores: () => {
      const strays = renderers().filter((pid) => {
        const affinity = taskset(['-c', '-p', pid]).stdout.split(':').pop()?.trim();
        return affinity !== undefined && affinity !== '' && affinity !== String(core);
      });
      if (strays.length > 0)
        throw new Error(`renderers ${strays.join(', ')} left core ${core}: run with --shared-cores`);
      for (const pid of [process.pid, shopPid])
        if (pid !== undefined) taskset(['-a', '-p', '-c', `0-${core}`, String(pid)]);
    },
  };
}

export type LighthouseFlags = NonNullable<Parameters<typeof lighthouse>[1]>;

/** Lighthouse's defaults are the mobile profile: Moto G Power screen, slow 4G and 4× CPU, simulated. */
export const lighthouseFlags = (port: number, cpuSlowdown: number): LighthouseFlags => ({
  port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'seo'],
  throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
});
