// A Redis server of a test's own on a free port, that the test may stop and start again
// (outage tests): never the machine's shared one, never FLUSHALL on it.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './index';

/** Why a private Redis cannot be run here (no redis-server), or undefined when it can. */
export function redisInstanceUnavailable(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return probe.error || probe.status !== 0 ? 'redis-server was not found on the PATH' : undefined;
}

export interface RedisInstance {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Starts it again on the same port after stop(); resolves once it answers. */
  start(): Promise<void>;
  /** Stops it (SIGKILL: as abrupt as a crash) and waits for the process to end. */
  stop(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as a Redis that hangs. */
  pause(): void;
  /** Lets a paused one run again (SIGCONT). */
  resume(): void;
  close(): Promise<void>;
}

/** Resolves once something accepts connections on the port, or fails after `timeoutMs`. */
async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Redis did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** redis-server on a free port of 127.0.0.1, in memory only (`--save ''`, no append-only file). */
export async function startRedisInstance(): Promise<RedisInstance> {
  const reason = redisInstanceUnavailable();
  if (reason) throw new Error(`Cannot run a private Redis: ${reason}`);
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = async () => {
    if (server) return;
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
      { stdio: 'ignore' },
    );
    await waitForPort(port);
  };
  const stop = async () => {
    const running = server;
    if (!running) return;
    server = undefined;
    if (running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  // A test run that ends without close() must not leave its Redis running.
  const killAtExit = () => {
    server?.kill('SIGCONT');
    server?.kill('SIGKILL');
  };
  process.once('exit', killAtExit);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    pause: () => server?.kill('SIGSTOP'),
    resume: () => server?.kill('SIGCONT'),
    async close() {
      process.removeListener('exit', killAtExit);
      server?.kill('SIGCONT'); // a frozen one is thawed first, so it exits at once
      await stop();
    },
  };
}
