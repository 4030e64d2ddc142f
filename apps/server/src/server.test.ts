import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForHealth } from '@shop/testing';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point in a child process, as `npm start` runs it (through tsx, from source).
const serverDir = path.resolve(import.meta.dirname, '..');
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>, options: { nodeArgs?: string[]; unset?: string[] } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-server-'));
  dataDirs.push(dataDir);
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    ...env,
  };
  for (const name of options.unset ?? []) delete childEnv[name];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('refuses to start on a wrong setting, naming it', async () => {
    const server = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: must be a port number');
    expect(server.output()).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('finishes the requests in flight on SIGTERM, then exits cleanly', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), CATALOG_CACHE: 'false' });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, server.child, { timeoutMs: 40_000, intervalMs: 100 });

    // Every request goes over a keep-alive socket the server has already accepted (a warm-up
    // request each), so "in flight" means received, not waiting in the kernel's backlog. Uncached
    // searches queue up on the one PGlite connection: most are still being answered at SIGTERM.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
    const get = (urlPath: string) =>
      new Promise<{ status: number; body: string; at: number }>((resolve, reject) => {
        http
          .get(`${base}${urlPath}`, { agent }, (response) => {
            let body = '';
            response.on('data', (chunk) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body, at: Date.now() }));
          })
          .on('error', reject);
      });
    await Promise.all(Array.from({ length: 40 }, () => get('/api/health')));

    const words = ['gold', 'white', 'silver', 'red'];
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      get(`/api/products/search?query=lace%20${words[i % 4]}&page=${(i % 3) + 1}`),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    server.child.kill('SIGTERM');
    const killedAt = Date.now();
    const answers = await Promise.all(inFlight);
    agent.destroy();
    expect(answers.filter((answer) => answer.at > killedAt).length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).products).toBeInstanceOf(Array);
    }
    expect(await server.exited).toBe(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    // A fresh PGlite and its seed take ~17 s alone, and up to the health wait's 40 s on a loaded
    // machine: more than the suite's 30 s default.
  }, 90_000);

  it('is a development shop with the default admin when NODE_ENV is unset and it starts as npm start does', async () => {
    const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
    expect(manifest.scripts.start).toContain('--env-file=local-defaults.env');
    const port = await freePort();
    // HOST unset too: a newcomer's first start.
    const server = startServer(
      { PORT: String(port), SEED_DEMO_CATALOGUE: 'false', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
      { nodeArgs: ['--env-file=local-defaults.env'], unset: ['NODE_ENV', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'HOST'] },
    );
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(`${base}/api/health`, server.child, { timeoutMs: 40_000, intervalMs: 100 });
      const login = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'Admin@12345' }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { user: { role: string } }).user.role).toBe('ADMIN');
      // Only this machine reaches it (127.0.0.1), so there is nothing to warn a newcomer about.
      const elsewhere = Object.values(networkInterfaces())
        .flat()
        .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
      if (elsewhere) {
        await expect(
          fetch(`http://${elsewhere}:${port}/api/health`, { signal: AbortSignal.timeout(5_000) }),
        ).rejects.toThrow();
      }
      expect(server.output()).not.toContain('NOT SAFE ON A NETWORK');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    // A fresh PGlite takes most of the suite's 30 s default on a loaded machine.
  }, 90_000);
});
