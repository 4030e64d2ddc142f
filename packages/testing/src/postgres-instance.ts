// A PostgreSQL server of a test's own, in a temporary folder on a free port, that the test may
// stop and start again (outage tests): never the machine's shared service.

import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './index';

const run = promisify(execFile);

/** Where initdb and pg_ctl are: POSTGRES_BIN_DIR, Debian's folder for 17…13, or the PATH. */
function findBinDir(): string | undefined {
  const candidates = [
    process.env.POSTGRES_BIN_DIR,
    ...[17, 16, 15, 14, 13].map((version) => `/usr/lib/postgresql/${version}/bin`),
    ...(process.env.PATH ?? '').split(path.delimiter),
  ];
  return candidates.find(
    (dir): dir is string => !!dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
}

/** The postgres system user's uid and gid, from /etc/passwd. */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , uid, gid] = line.split(':');
      if (name === 'postgres') return { uid: Number(uid), gid: Number(gid) };
    }
  } catch {
    // no passwd file: not a system this helper runs on
  }
  return undefined;
}

/**
 * Why a private PostgreSQL cannot be run here, or undefined when it can: the binaries are
 * missing, or this process is root (which PostgreSQL refuses) and there is no `postgres` user
 * to run it as. Tests skip with this reason.
 */
export function postgresInstanceUnavailable(): string | undefined {
  if (process.platform === 'win32') return 'a private PostgreSQL instance is only run on Linux and macOS';
  if (!findBinDir()) return 'initdb and pg_ctl were not found (install PostgreSQL or set POSTGRES_BIN_DIR)';
  if (process.getuid?.() === 0 && !postgresUser()) {
    return 'running as root, and there is no postgres user to run PostgreSQL as (it refuses root)';
  }
  return undefined;
}

export interface PostgresInstance {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, loopback only). */
  url: string;
  port: number;
  /** Starts the server again after stop(); resolves once it accepts connections. */
  start(): Promise<void>;
  /** `fast` disconnects clients and shuts down cleanly; `immediate` is a crash (recovery at the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/**
 * initdb in a temporary folder, then pg_ctl start on a free port of 127.0.0.1 (socket in the
 * same folder, fsync off: its data is thrown away). As root, both run as the postgres user.
 */
export async function startPostgresInstance(): Promise<PostgresInstance> {
  const reason = postgresInstanceUnavailable();
  if (reason) throw new Error(`Cannot run a private PostgreSQL: ${reason}`);
  const binDir = findBinDir() as string;
  const asUser = process.getuid?.() === 0 ? postgresUser() : undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pg-'));
  if (asUser) chownSync(dir, asUser.uid, asUser.gid);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const exec = (tool: string, args: string[], timeout = 60_000) =>
    run(path.join(binDir, tool), args, { cwd: dir, timeout, ...(asUser ?? {}), env: { ...process.env, LC_ALL: 'C' } });

  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ');
  let running = false;
  const start = async () => {
    await exec('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      serverOptions,
      '-w',
      '-t',
      '60',
      'start',
    ]);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (!running) return;
    await exec('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    running = false;
  };
  // pg_ctl runs the server apart from this process: a test run that ends without close() (a
  // hook that timed out, Ctrl-C) must not leave it running.
  const stopAtExit = () => {
    try {
      if (running) {
        execFileSync(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], {
          stdio: 'ignore',
          timeout: 10_000,
          ...(asUser ?? {}),
        });
      }
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  process.once('exit', stopAtExit);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async close() {
      process.removeListener('exit', stopAtExit);
      await stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
