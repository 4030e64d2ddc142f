#!/usr/bin/env node
// `npm test`: every test of the shop. Without DATABASE_URL: unit and integration tests on PGlite,
// then the built shop end to end in Chromium. With DATABASE_URL (CI): the integration tests on
// that PostgreSQL server, the database layer (below) again on PGlite, and the built shop end to
// end on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedRuns = 0;

const phases = [];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  phases.push(`${title}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failedRuns += 1;
  return result.status === 0;
}

function vitest(title, reportName, args, env = {}) {
  const report = path.join(reports, `${reportName}.json`);
  run(
    title,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    env,
  );
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
  }
}

function findChromium() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
    console.log("Chromium is missing: installing Debian's chromium with apt-get…");
    const install = spawnSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'],
      {
        stdio: 'inherit',
      },
    );
    if (install.status === 0 && existsSync(candidate)) return candidate;
  }
  console.error(
    `Chromium was not found at ${candidate}. Install it with:\n  sudo apt-get install -y chromium\nor set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

/**
 * The server's database layer: every test under apps/server/src/db, and every other server test
 * that names an engine (it checks what PGlite and PostgreSQL do differently). With a PostgreSQL
 * server these run on PGlite too; the rest of the server's tests run once, on the server.
 */
function databaseLayerTests() {
  const folder = path.join(root, 'apps/server/src');
  return readdirSync(folder, { recursive: true })
    .map((file) => path.join('apps/server/src', String(file)))
    .filter((file) => file.endsWith('.test.ts'))
    .filter(
      (file) => file.includes(`${path.sep}db${path.sep}`) || /testEngine|pglite/i.test(readFileSync(file, 'utf8')),
    )
    .sort();
}

const chromium = findChromium();

if (process.env.DATABASE_URL) {
  vitest('unit tests, and the database layer on PGlite', 'pglite', [
    '--project',
    'shared',
    '--project',
    'web',
    '--project',
    'server',
    ...databaseLayerTests(),
    'packages/shared',
    'apps/web',
  ]);
  vitest('integration tests (PostgreSQL)', 'postgres', ['--project', 'server'], {
    TEST_DATABASE_URL: process.env.DATABASE_URL,
  });
} else {
  vitest('unit and integration tests (PGlite)', 'pglite', []);
}
if (run('build', 'npm', ['run', 'build'])) {
  vitest('end-to-end tests (Chromium)', 'e2e', ['--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium });
} else {
  totals.failed += 1;
}

rmSync(reports, { recursive: true, force: true });
console.log(`\nWall time by run: ${phases.join('; ')}`);
console.log(`\nAll runs: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedRuns > 0 || totals.failed > 0 ? 1 : 0);
