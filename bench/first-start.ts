// `npm run bench:first-start`: what a newcomer waits for. Clones this repository (its HEAD, or
// `--ref`) into a temporary folder, installs it (`npm ci --prefer-offline`), runs `npm start`
// there and times the first 200 of `/` from the moment `npm start` was typed; then waits until
// every demo picture exists, stops the shop, and starts it a second time (the data and pictures
// kept). The build's end and the server's listening are read from the output. Prints the figures
// and appends them to bench/RESULTS.md; the clone is deleted afterwards (`--keep` keeps it).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { freePort } from '@shop/testing';
import { demoCatalogue } from '../apps/server/src/db/seed/catalogue-data';
import { IMAGE_SIZES } from '../apps/server/src/db/seed/product-images';

const { values: args } = parseArgs({
  options: {
    /** The commit or branch to clone (default: this worktree's HEAD). */
    ref: { type: 'string', default: 'HEAD' },
    /** A name for the run in RESULTS.md, e.g. `before` or `after`. */
    label: { type: 'string', default: '' },
    /** Seconds to wait for the first page, then for every picture. */
    timeout: { type: 'string', default: '600' },
    keep: { type: 'boolean', default: false },
    /** `false` prints the figures without appending them to RESULTS.md. */
    record: { type: 'string', default: 'true' },
  },
});
const timeoutMs = Number(args.timeout) * 1000;
const repoRoot = path.resolve(import.meta.dirname, '..');
const pictureTotal =
  demoCatalogue.flatMap((category) => category.subcategories.flatMap((sub) => sub.products.flatMap((p) => p.images)))
    .length * Object.keys(IMAGE_SIZES).length;

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sh(command: string, commandArgs: string[], cwd: string) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed:\n${result.stderr}`);
  return result.stdout.trim();
}

const loadAtStart = os
  .loadavg()
  .map((load) => load.toFixed(2))
  .join(', ');
const commit = sh('git', ['rev-parse', '--short', args.ref], repoRoot);
const clone = mkdtempSync(path.join(os.tmpdir(), 'shop-first-start-'));
const picturesDir = path.join(clone, 'apps/server/public/generated/demo');

function picturesOnDisk(): number {
  if (!existsSync(picturesDir)) return 0;
  return readdirSync(picturesDir).filter((name) => name.endsWith('.webp')).length;
}

/**
 * CPU seconds spent so far by `npm start` and everything it ran (the build's processes, reaped,
 * are in their parents' cutime/cstime; the live ones in their own utime/stime): a figure the
 * machine's other load changes far less than the wall time. Linux only (/proc); else undefined.
 */
function cpuSecondsOfGroup(groupId: number): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The fields after the command's closing parenthesis: state is field 3, pgrp 5, utime 14…cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== groupId) continue;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  // USER_HZ is 100 on every Linux Node runs on.
  return ticks / 100;
}

interface Start {
  /** CPU seconds of npm start's processes at the first page. */
  cpuSeconds?: number;
  /** From `npm start` to the build's end (npm running the server's start script). */
  buildMs?: number;
  /** From `npm start` to the server's "open" line. */
  listenMs?: number;
  firstPageMs: number;
  /** From `npm start` until every picture exists. */
  allPicturesMs?: number;
  picturesAtFirstPage: number;
  /** Lines that say what was drawn, as the shop or the build logged them. */
  pictureLines: string[];
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // npm, the build and the server are one process group.
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/** A newcomer's environment: nothing of this machine's shop settings, only the port. */
function newcomerEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  for (const name of Object.keys(env)) {
    if (/^(NODE_ENV|DATABASE_URL|DATA_DIR|LOG_LEVEL|DEMO_|SEED_|npm_)/.test(name)) delete env[name];
  }
  return env;
}

async function timeStart(waitForPictures: boolean): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: newcomerEnv(port),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const result: Partial<Start> & { pictureLines: string[] } = { pictureLines: [] };
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      const at = performance.now() - started;
      if (result.buildMs === undefined && line.includes('dist/server.js')) result.buildMs = at;
      if (result.listenMs === undefined && line.includes('the shop is open')) result.listenMs = at;
      if (/demo (images|pictures)/i.test(line) || /^Done: \d+ written/.test(line)) {
        // The message alone, without the clone's temporary path.
        const message = line.replace(/^\{.*"msg":"([^"]*)".*$/, '$1').replace(/,? (in|→) \/\S+/g, '');
        result.pictureLines.push(`${seconds(at)} s: ${message}`);
      }
    });
  }
  let exitCode: number | null = null;
  child.once('exit', (code) => {
    exitCode = code ?? -1;
  });
  try {
    const url = `http://127.0.0.1:${port}/`;
    while (result.firstPageMs === undefined) {
      if (exitCode !== null) throw new Error(`npm start exited with ${exitCode}`);
      if (performance.now() - started > timeoutMs) throw new Error('no first page in time');
      const status = await fetch(url)
        .then((response) => response.status)
        .catch(() => 0);
      if (status === 200) {
        result.firstPageMs = performance.now() - started;
        result.cpuSeconds = child.pid ? cpuSecondsOfGroup(child.pid) : undefined;
        result.picturesAtFirstPage = picturesOnDisk();
      } else await sleep(100);
    }
    if (waitForPictures) {
      while (picturesOnDisk() < pictureTotal) {
        if (performance.now() - started > timeoutMs) throw new Error('not every picture in time');
        await sleep(250);
      }
      result.allPicturesMs = performance.now() - started;
      // The shop's own line saying it has finished, when it logs one.
      await sleep(1000);
    }
  } finally {
    await stop(child);
  }
  return result as Start;
}

let report: string;
try {
  console.log(`cloning ${commit} into ${clone}`);
  sh('git', ['clone', '-q', repoRoot, clone], repoRoot);
  sh('git', ['checkout', '-q', commit], clone);
  const installStarted = performance.now();
  sh('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], clone);
  const installMs = performance.now() - installStarted;
  console.log(`npm ci: ${seconds(installMs)} s`);

  const first = await timeStart(true);
  console.log('first start:', first);
  const second = await timeStart(false);
  console.log('second start:', second);

  const row = (name: string, start: Start) =>
    `| ${name} | ${start.buildMs === undefined ? '–' : seconds(start.buildMs)} | ${
      start.listenMs === undefined ? '–' : seconds(start.listenMs)
    } | **${seconds(start.firstPageMs)}** | ${start.cpuSeconds === undefined ? '–' : start.cpuSeconds.toFixed(1)} | ${
      start.picturesAtFirstPage
    } of ${pictureTotal} | ${start.allPicturesMs === undefined ? '–' : seconds(start.allPicturesMs)} |`;
  report = [
    `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — first start${args.label ? ` (${args.label})` : ''}, PGlite`,
    '',
    `Command: \`npm run bench:first-start -- --ref ${args.ref}${args.label ? ` --label ${args.label}` : ''}\` (commit ${commit})`,
    `Machine: ${os.availableParallelism()} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; load average at the start ${loadAtStart}, at the end ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}.`,
    `A fresh clone; \`npm ci --prefer-offline\` took ${seconds(installMs)} s (npm's cache warm). Seconds from \`npm start\`:`,
    '',
    '| start | build done | listening | first page (200 of `/`) | CPU s of `npm start` by then | pictures on disk then | every picture on disk |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('first (empty data, no pictures)', first),
    row('second (data and pictures kept)', second),
    '',
    ...(first.pictureLines.length + second.pictureLines.length > 0
      ? [
          'What the output said about the pictures (seconds from `npm start`):',
          '',
          ...first.pictureLines.map((line) => `- first start, ${line}`),
          ...second.pictureLines.map((line) => `- second start, ${line}`),
          '',
        ]
      : []),
  ].join('\n');
} finally {
  if (!args.keep) rmSync(clone, { recursive: true, force: true });
}
console.log(`\n${report}`);
if (args.record !== 'false') appendFileSync(path.join(repoRoot, 'bench/RESULTS.md'), `\n${report}`);
