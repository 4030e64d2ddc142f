import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { postgresAnswers } from '@shop/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login } from '../../../test/accounts';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helper';
import { createProductWithPicture, multipart, picture } from '../../../test/multipart';
import { createProduct, payWithCard, placeOrder, waitFor } from '../../../test/orders';
import { buildApp } from '../../app';
import type { Checks } from './checks';
import { checksOf } from './checks';
import { run as runTool } from './cli';
import { backupDatabase, restoreDatabase } from './commands';
import { connectPostgres, journal, openPgliteFolder, safeUrl, type ToolConnection } from './connection';
import { tablesOf } from './schema-info';
import { choosePgDump, pgDumpBinaries, readSqlBackup } from './sql-backup';

// Plain-SQL backups (docs/decisions/040-plain-sql-backups.md) on a real shop: built on PGlite
// through the app itself, backed up by pg_dump built to WASM, restored by the psql binary into a
// new PostgreSQL database, which the shop then starts on; that PostgreSQL shop backed up by the
// server's pg_dump and restored by psql and by db:restore on both engines. PostgreSQL is
// TEST_DATABASE_URL's server (or the machine's own); the test skips, saying why, only when no
// server answers or psql is missing.

const run = promisify(execFile);
const serverUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function hasCommand(name: string) {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const skipReason = !(await postgresAnswers(serverUrl))
  ? `no PostgreSQL answers at ${safeUrl(serverUrl)}`
  : !hasCommand('psql')
    ? 'no psql on PATH (Debian: apt-get install postgresql-client)'
    : null;
const hasPgDump = skipReason === null && (await pgDumpBinaries()).length > 0;

const made: TestDatabase[] = [];

/**
 * A new empty PostgreSQL database from the tests' own helper, on either run of the suite: it
 * makes one on PostgreSQL when TEST_DATABASE_URL names the server, so a PGlite run names it here.
 */
async function freshPostgres(): Promise<string> {
  const before = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = serverUrl;
  try {
    const database = await createTestDatabase();
    made.push(database);
    if (!database.url) throw new Error('createTestDatabase() made no PostgreSQL database');
    return database.url;
  } finally {
    if (before === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = before;
  }
}

const temporary = (label: string) => mkdtempSync(path.join(tmpdir(), `shop-sqlbackup-${label}-`));

const dataDir = temporary('data');
const uploadsDir = path.join(dataDir, 'uploads');
const privateDir = path.join(dataDir, 'private');
const backupsDir = temporary('backups');

function shopOn(where: { dataDir?: string; url?: string }) {
  return buildApp(
    testConfig({
      seedDemoCatalogue: false,
      database: { dataDir: where.dataDir ?? dataDir, url: where.url, poolSize: 3 },
      storage: { kind: 'disk', dir: uploadsDir },
      privateStorage: { kind: 'disk', dir: privateDir },
    }),
  );
}

interface Built {
  shopper: { email: string; password: string };
  paidOrderId: string;
  imageUrl: string;
}

/** What the shop answers: its customers, its admin and the anonymous visitor see the same after every copy. */
async function answersOf(app: FastifyInstance, built: Built) {
  const admin = await login(app, ADMIN.email, ADMIN.password);
  // The customer's password hash travelled with the rows: logging in proves it.
  const buyer = await login(app, built.shopper.email, built.shopper.password);
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  return {
    products: await get('/api/products'),
    // The search trigger's words and the product search table came along (search uses them).
    search: await get('/api/products?search=lace'),
    order: await get(`/api/orders/${built.paidOrderId}`, bearer(buyer)),
    dashboard: await get('/api/admin/dashboard', bearer(admin)),
    adminOrders: await get('/api/orders/admin?page=1&pageSize=20', bearer(admin)),
    image: (await app.inject({ method: 'GET', url: built.imageUrl })).statusCode,
  };
}

/** A small shop with what a real one has (as db-tools.test.ts builds): products, a paid card order, a bank transfer with its proof, a cancelled order, a subscriber. */
async function buildShop(app: FastifyInstance): Promise<Built> {
  const admin = await login(app, ADMIN.email, ADMIN.password);
  const lace = await createProductWithPicture(app, bearer(admin), {
    category: 'Laces',
    subcategory: 'French lace',
    product: {
      name: 'Ivory French lace',
      description: "Five yards; soft -- it's 'real'\nline two",
      price: '45000',
      stock: '12',
    },
  });
  const thread = await createProduct(app.database, { priceKobo: 250_050, stock: 40, name: 'Gütermann thread' });
  const shopper = await customer(app);
  const session = shopper.session;
  const card = (
    await placeOrder(app, session, [
      { productId: lace.id, quantity: 2, price: 45_000 },
      { productId: thread.id, quantity: 3, price: 2_500.5 },
    ])
  ).json().order;
  const started = await app.inject({ method: 'POST', url: `/api/orders/${card.id}/payment`, headers: bearer(session) });
  expect(started.statusCode, started.body).toBe(200);
  expect((await payWithCard(app, started.json().accessCode)).status).toBe('success');
  await waitFor(async () => {
    await app.payments.settle();
    const read = await app.inject({ method: 'GET', url: `/api/orders/${card.id}`, headers: bearer(session) });
    return read.json().order.paymentStatus === 'PAID';
  });
  const transfer = (
    await placeOrder(app, session, [{ productId: thread.id, quantity: 1, price: 2_500.5 }], {
      paymentDetails: { method: 'bankTransfer', transactionId: null },
    })
  ).json().order;
  const proof = multipart({}, [
    { field: 'file', filename: 'proof.png', contentType: 'image/png', bytes: await picture('png') },
  ]);
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/orders/${transfer.id}/transfer-proof`,
    payload: proof.payload,
    headers: { ...bearer(session), ...proof.headers },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const doomed = (await placeOrder(app, session, [{ productId: lace.id, quantity: 1, price: 45_000 }])).json().order;
  const cancelled = await app.inject({
    method: 'POST',
    url: `/api/orders/${doomed.id}/cancel`,
    headers: bearer(session),
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const subscribed = await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'seamstress@example.com' },
  });
  expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
  return {
    shopper: { email: shopper.email, password: shopper.password },
    paidOrderId: card.id,
    imageUrl: lace.images[0],
  };
}

/** What a database holds beside its rows: the shop's triggers, extensions, migrations and a sequence. */
async function shapeOf(connection: ToolConnection) {
  const [row] = await connection.query<{ triggers: string; extensions: string; migrations: string }>(
    `SELECT (SELECT count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE NOT t.tgisinternal AND n.nspname = 'public')::text AS triggers,
            (SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension WHERE extname <> 'plpgsql') AS extensions,
            (SELECT count(*) FROM drizzle.__drizzle_migrations)::text AS migrations`,
  );
  const [sequence] = await connection.query<{ last: string }>(
    'SELECT last_value::text AS last FROM public.test_gateway_transactions_id_seq',
  );
  return { ...row, sequence: sequence?.last };
}

async function readBoth(
  connection: ToolConnection,
): Promise<{ checks: Checks; shape: Awaited<ReturnType<typeof shapeOf>> }> {
  try {
    return { checks: await checksOf(connection, await tablesOf(connection)), shape: await shapeOf(connection) };
  } finally {
    await connection.close();
  }
}

const PSQL = ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction'];

let built: Built;
let expected: Awaited<ReturnType<typeof answersOf>>;
let source: Awaited<ReturnType<typeof readBoth>>;
let sqlFile: string;
let psqlRestoredUrl: string;

describe.skipIf(skipReason !== null)(
  `plain-SQL backups that psql restores${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      const app = await shopOn({ dataDir });
      try {
        built = await buildShop(app);
        expected = await answersOf(app, built);
        // PGlite is one process: the backup refuses a folder a running shop has open.
        await expect(backupDatabase({ dataDir, out: backupsDir })).rejects.toThrow(/in use.*Stop the shop first/);
      } finally {
        await app.close();
      }
      expect(expected.order.order).toMatchObject({ paymentStatus: 'PAID', status: 'PROCESSING' });
      expect(JSON.stringify(expected.search)).toContain('Ivory French lace');
      source = await readBoth(await openPgliteFolder(dataDir, { mustExist: true }));
      expect(source.shape.extensions).toBe('pg_trgm,unaccent');
      expect(Number(source.shape.triggers)).toBeGreaterThan(5);
    }, 180_000);

    afterAll(async () => {
      for (const database of made) await database.drop().catch(() => {});
    });

    it('backs up the PGlite shop in plain SQL, privately, and psql restores it into a new PostgreSQL the shop starts on', async () => {
      const result = await backupDatabase({ dataDir, out: backupsDir });
      expect(result.ok, result.report).toBe(true);
      expect(result.report).toContain('All counts and sums agree.');
      expect(result.report).toMatch(/pg_dump 1\d\.\d+ \(WASM/);
      sqlFile = result.file as string;
      expect(path.basename(sqlFile)).toMatch(/^shop-backup-\d{4}-\d{2}-\d{2}T\d{4}Z\.sql$/);
      expect(statSync(sqlFile).mode & 0o777).toBe(0o600);
      expect(readdirSync(backupsDir).filter((name) => name.endsWith('.partial'))).toEqual([]);
      const text = readFileSync(sqlFile, 'utf8');
      // Restorable by anyone into any database: no owners, grants or settings an older server lacks.
      expect(text).not.toMatch(/OWNER TO|^GRANT |^REVOKE |^SET transaction_timeout/m);
      expect(text).toContain('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      expect(text).toContain('INSERT INTO drizzle.__drizzle_migrations');

      psqlRestoredUrl = await freshPostgres();
      const restored = await run('psql', [...PSQL, '-d', psqlRestoredUrl, '-f', sqlFile]);
      expect(restored.stderr).not.toMatch(/ERROR|WARNING/);
      const copy = await readBoth(await connectPostgres(psqlRestoredUrl));
      expect(copy).toEqual(source);
      expect(Number(copy.shape.migrations)).toBe(journal().length);

      const app = await shopOn({ url: psqlRestoredUrl });
      try {
        // The shop's start found no migration to run: the restored level is this version's.
        const [after] = await app.database.query<{ count: string }>(
          'SELECT count(*)::text AS count FROM drizzle.__drizzle_migrations',
        );
        expect(after?.count).toBe(copy.shape.migrations);
        expect(await answersOf(app, built)).toEqual(expected);
      } finally {
        await app.close();
      }
    }, 180_000);

    it('a gzip backup goes through gunzip into psql, and through db:restore', async () => {
      const result = await backupDatabase({ dataDir, out: backupsDir, gzip: true });
      expect(result.ok, result.report).toBe(true);
      const gzFile = result.file as string;
      expect(gzFile).toMatch(/\.sql\.gz$/);
      expect(result.report).toContain(`gunzip -c ${gzFile} | psql`);
      const url = await freshPostgres();
      await run('bash', ['-o', 'pipefail', '-c', `gunzip -c "$0" | psql ${PSQL.join(' ')} -d "$1"`, gzFile, url]);
      expect((await readBoth(await connectPostgres(url))).checks).toEqual(source.checks);

      // db:restore reads it gzip'd too (into PGlite: below, and file-modes.test.ts).
      const byTool = await freshPostgres();
      const intoPostgres = await restoreDatabase({ from: gzFile, to: byTool });
      expect(intoPostgres.ok, intoPostgres.report).toBe(true);
      expect(intoPostgres.report).toContain('All counts and sums agree.');
      expect(await readBoth(await connectPostgres(byTool))).toEqual(source);
    }, 180_000);

    it.skipIf(!hasPgDump)(
      'backs up the PostgreSQL shop through the server’s pg_dump; psql and db:restore (PostgreSQL and PGlite) restore it',
      async () => {
        const result = await backupDatabase({ url: psqlRestoredUrl, dataDir, out: backupsDir });
        expect(result.ok, result.report).toBe(true);
        const file = result.file as string;
        const text = readFileSync(file, 'utf8');
        expect(text).toContain('COPY public.orders');
        expect(text).not.toMatch(/OWNER TO|^GRANT /m);
        const onServer = await readBoth(await connectPostgres(psqlRestoredUrl));
        expect((await readSqlBackup(file)).header?.checks).toEqual(onServer.checks);

        const byPsql = await freshPostgres();
        const restored = await run('psql', [...PSQL, '-d', byPsql, '-f', file]);
        expect(restored.stderr).not.toMatch(/ERROR|WARNING/);
        expect(await readBoth(await connectPostgres(byPsql))).toEqual(onServer);

        // db:restore's own runner: COPY's rows decoded and inserted, on each engine.
        const byTool = await freshPostgres();
        const intoPostgres = await restoreDatabase({ from: file, to: byTool });
        expect(intoPostgres.ok, intoPostgres.report).toBe(true);
        expect(await readBoth(await connectPostgres(byTool))).toEqual(onServer);
        const pgliteDir = temporary('from-postgres');
        const intoPglite = await restoreDatabase({ from: file, to: pgliteDir });
        expect(intoPglite.ok, intoPglite.report).toBe(true);
        expect(await readBoth(await openPgliteFolder(pgliteDir, { mustExist: true }))).toEqual(onServer);
        const app = await shopOn({ dataDir: pgliteDir });
        try {
          const answers = await answersOf(app, built);
          expect(answers.products).toEqual(expected.products);
          expect(answers.order).toEqual(expected.order);
        } finally {
          await app.close();
        }
      },
      180_000,
    );

    it('refuses a database with rows, and one a shop has migrated: a plain-SQL backup makes its own tables', async () => {
      await expect(restoreDatabase({ from: sqlFile, to: psqlRestoredUrl })).rejects.toThrow(
        /not empty \(rows in .*orders/,
      );
      const migrated = await freshPostgres();
      const connection = await connectPostgres(migrated);
      await connection.migrate();
      await connection.close();
      await expect(restoreDatabase({ from: sqlFile, to: migrated })).rejects.toThrow(/has tables already/);
    }, 120_000);

    it('reports a tampered backup as a MISMATCH, and restores nothing of one cut short', async () => {
      const lines = readFileSync(sqlFile, 'utf8').split('\n');
      const item = lines.findIndex((line) => line.startsWith('INSERT INTO public.order_items '));
      expect(item).toBeGreaterThan(0);
      const tampered = path.join(temporary('tampered'), 'tampered.sql');
      writeFileSync(tampered, lines.filter((_, index) => index !== item).join('\n'));
      const result = await restoreDatabase({ from: tampered, to: await freshPostgres() });
      expect(result.ok).toBe(false);
      expect(result.report).toMatch(/order_items: rows .*MISMATCH/);
      expect(result.report).toMatch(/order items: quantity \(hundredths\) .*MISMATCH/);

      const cut = path.join(temporary('cut'), 'cut.sql');
      writeFileSync(cut, lines.slice(0, item + 1).join('\n'));
      const target = await freshPostgres();
      await expect(restoreDatabase({ from: cut, to: target })).rejects.toThrow(/cut short.*nothing was restored/);
      // Rolled back whole: the same database takes the full backup afterwards.
      const again = await restoreDatabase({ from: sqlFile, to: target });
      expect(again.ok, again.report).toBe(true);
    }, 120_000);

    it('keeps the portable format behind --format=portable, and db:restore still reads a .jsonl.gz', async () => {
      const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir };
      const out = temporary('portable');
      await expect(runTool('backup', ['--format=xml'], env)).rejects.toThrow(/sql or portable/);
      const portable = await runTool('backup', ['--format=portable', '--out', out], env);
      expect(portable.ok, portable.report).toBe(true);
      const [file] = readdirSync(out);
      expect(file).toMatch(/^shop-backup-.*\.jsonl\.gz$/);
      const restored = await runTool(
        'restore',
        ['--from', path.join(out, file as string), '--to', await freshPostgres()],
        env,
      );
      expect(restored.ok, restored.report).toBe(true);
      expect(restored.report).toContain('All counts and sums agree.');
    }, 120_000);

    it('without a pg_dump of the server’s version, refuses and names what to install', async () => {
      await expect(choosePgDump(99)).rejects.toThrow(
        /pg_dump 99 or newer.*\n.*postgresql-client-99[\s\S]*--format=portable/,
      );
    });
  },
);
