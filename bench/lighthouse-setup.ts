// What the Lighthouse benchmarks share: the built shop as `npm start` serves it, the system
// Chromium as Lighthouse drives it, and Lighthouse's mobile profile at a given CPU slowdown.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { NEVER_PAYING_PRODUCTION_ENV, startBuiltShop } from '@shop/testing';
import * as chromeLauncher from 'chrome-launcher';
import type lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

export const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');

/** `npm run build` when the web app or the server has not been built. */
export function ensureBuild() {
  const built = ['apps/web/dist/index.html', 'apps/server/dist/server.js'].every((file) =>
    existsSync(path.join(root, file)),
  );
  if (built) return;
  console.log('no build found: running `npm run build`');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
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
export function launchChromeForLighthouse() {
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

export type LighthouseFlags = NonNullable<Parameters<typeof lighthouse>[1]>;

/** Lighthouse's defaults are the mobile profile: Moto G Power screen, slow 4G and 4× CPU, simulated. */
export const lighthouseFlags = (port: number, cpuSlowdown: number): LighthouseFlags => ({
  port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'seo'],
  throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
});
