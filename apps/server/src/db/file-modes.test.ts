import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForHealth } from '@shop/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { keepPrivate } from './file-modes';
import { run } from './tools/cli';
import { restoreDatabase } from './tools/commands';

// Files only the shop can read: DATA_DIR, PGlite's folder, the private files and the backups are
// 0700 (folders) and 0600 (files) after a start, and after the database tools.

const serverDir = path.resolve(import.meta.dirname, '../..');
const made: string[] = [];
const temporary = (label: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `shop-modes-${label}-`));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Every folder and file under `root` (itself included) whose mode is not 0700/0600, symbolic links aside. */
function notPrivate(root: string): string[] {
  const wrong: string[] = [];
  const visit = (target: string) => {
    const info = lstatSync(target);
    if (info.isSymbolicLink()) return;
    const mode = info.mode & 0o777;
    if (info.isDirectory()) {
      if (mode !== 0o700) wrong.push(`${target} ${mode.toString(8)}`);
      for (const name of readdirSync(target)) visit(path.join(target, name));
    } else if (mode !== 0o600) {
      wrong.push(`${target} ${mode.toString(8)}`);
    }
  };
  visit(root);
  return wrong;
}

/** Makes every folder 0777 and every file 0666 under `root`: anyone on the machine may read and write. */
function openToEveryone(root: string): number {
  let count = 0;
  const visit = (target: string) => {
    const info = lstatSync(target);
    if (info.isSymbolicLink()) return;
    chmodSync(target, info.isDirectory() ? 0o777 : 0o666);
    count += 1;
    if (info.isDirectory()) for (const name of readdirSync(target)) visit(path.join(target, name));
  };
  visit(root);
  return count;
}

/** The real entry point, as `npm start` runs it, with the umask of an ordinary login (022). */
async function startShop(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO_CATALOGUE: 'false',
      CATALOG_CACHE: 'false',
      OUTBOX_WORKER: 'false',
      ORDER_EXPIRY_WORKER: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, { timeoutMs: 60_000, intervalMs: 200 });
  return {
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const correctedCount = (output: string) => {
  const match = /"corrected":(\d+)/.exec(output);
  return match ? Number(match[1]) : 0;
};

describe('files only the shop can read', () => {
  const dataDir = path.join(temporary('start'), 'data');

  it('a fresh start makes DATA_DIR and PGlite’s folder 0700, their files 0600, and says how many it corrected', async () => {
    const shop = await startShop(dataDir);
    try {
      // PGlite unpacks its new database 0666: corrected once it is open, and said in one line.
      expect(notPrivate(dataDir)).toEqual([]);
      expect(correctedCount(shop.output())).toBeGreaterThan(100);
      expect(shop.output()).toContain(
        'file and folder modes under DATA_DIR and the private files corrected to 0600/0700',
      );
    } finally {
      expect(await shop.stop()).toBe(0);
    }
    // What PGlite rewrote while it ran (its relation cache, 0644) is corrected at the stop.
    expect(notPrivate(dataDir)).toEqual([]);
  }, 120_000);

  it('a start over a DATA_DIR of 0666 files and 0777 folders corrects every one, proofs and backups included', async () => {
    mkdirSync(path.join(dataDir, 'private'), { recursive: true });
    writeFileSync(path.join(dataDir, 'private', 'proof-0123.pdf'), '%PDF-1.4');
    mkdirSync(path.join(dataDir, 'backups'), { recursive: true });
    writeFileSync(path.join(dataDir, 'backups', 'shop-backup-old.jsonl.gz'), 'old');
    const opened = openToEveryone(dataDir);
    const shop = await startShop(dataDir);
    try {
      expect(notPrivate(dataDir)).toEqual([]);
      // Every one, and the few PGlite rewrote 0644 as it opened (corrected after it did).
      expect(correctedCount(shop.output())).toBeGreaterThanOrEqual(opened);
      expect(correctedCount(shop.output())).toBeLessThan(opened + 10);
    } finally {
      expect(await shop.stop()).toBe(0);
    }
  }, 120_000);

  it('a backup is written 0600 in a 0700 folder, and the tool corrects what it finds open', async () => {
    openToEveryone(path.join(dataDir, 'pglite'));
    rmSync(path.join(dataDir, 'backups'), { recursive: true, force: true });
    const result = await run('backup', [], { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(result.ok, result.report).toBe(true);
    expect(result.report).toMatch(/\d+ file and folder modes under DATA_DIR and the private files corrected/);
    expect(notPrivate(dataDir)).toEqual([]);
    expect(readdirSync(path.join(dataDir, 'backups'))).toHaveLength(1);
  }, 120_000);

  it('a restore into a new PGlite folder leaves it 0700 with files 0600', async () => {
    const [backup] = readdirSync(path.join(dataDir, 'backups'));
    const restored = path.join(temporary('restored'), 'data');
    const result = await restoreDatabase({ from: path.join(dataDir, 'backups', backup as string), to: restored });
    expect(result.ok, result.report).toBe(true);
    expect(readdirSync(path.join(restored, 'pglite')).length).toBeGreaterThan(0);
    expect(notPrivate(restored)).toEqual([]);
  }, 120_000);

  it('leaves a symbolic link’s target alone, and a place that does not exist', async () => {
    const root = temporary('links');
    const outside = path.join(temporary('outside'), 'someone-elses.txt');
    writeFileSync(outside, 'not the shop’s');
    chmodSync(outside, 0o644);
    mkdirSync(path.join(root, 'private'));
    symlinkSync(outside, path.join(root, 'private', 'link'));
    writeFileSync(path.join(root, 'private', 'proof.png'), 'x');
    chmodSync(path.join(root, 'private', 'proof.png'), 0o644);
    const corrected = await keepPrivate([
      { path: path.join(root, 'private'), withContents: true },
      { path: path.join(root, 'missing'), withContents: true },
    ]);
    expect(corrected).toBe(2); // the folder (0755) and the proof
    expect(lstatSync(outside).mode & 0o777).toBe(0o644);
    expect(lstatSync(path.join(root, 'private', 'proof.png')).mode & 0o777).toBe(0o600);
  });
});
