import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort, repoRoot, type ScratchPostgres, scratchPostgres } from '@shop/testing';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login } from '../../../test/accounts';
import { testConfig } from '../../../test/helper';
import { createProductWithPicture, multipart, picture } from '../../../test/multipart';
import { createProduct, payWithCard, placeOrder, waitFor } from '../../../test/orders';
import { buildApp } from '../../app';
import { openDatabase } from '../client';
import { run } from './cli';
import { backupDatabase, moveDatabase, restoreDatabase } from './commands';
import { ToolError } from './connection';

// The move, backup and restore tools on a real shop: built on PGlite through the app itself,
// moved into PostgreSQL, backed up, restored into PGlite and into PostgreSQL again; each copy
// must serve the same answers. PostgreSQL is TEST_DATABASE_URL's (or DATABASE_URL's) server, or
// the machine's own; every database made here is dropped after.

const serverUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const made: ScratchPostgres[] = [];

/** A new empty database on the server, dropped in afterAll. */
async function freshDatabase(label: string): Promise<string> {
  const database = await scratchPostgres({ serverUrl, label: `dbtools_${label}` });
  made.push(database);
  return database.url;
}

const temporary = (label: string) => mkdtempSync(path.join(tmpdir(), `shop-dbtools-${label}-`));

const dataDir = temporary('data');
const uploadsDir = path.join(dataDir, 'uploads');
const privateDir = path.join(dataDir, 'private');
const backupsDir = temporary('backups');

/** The shop on a database: PGlite in a folder, or a PostgreSQL URL. */
function shopOn(where: { dataDir?: string; url?: string }, overrides = {}) {
  return buildApp(
    testConfig({
      seedDemoCatalogue: false,
      database: { dataDir: where.dataDir ?? dataDir, url: where.url, poolSize: 3 },
      storage: { kind: 'disk', dir: uploadsDir },
      privateStorage: { kind: 'disk', dir: privateDir },
      ...overrides,
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
    order: await get(`/api/orders/${built.paidOrderId}`, bearer(buyer)),
    dashboard: await get('/api/admin/dashboard', bearer(admin)),
    adminOrders: await get('/api/orders/admin?page=1&pageSize=20', bearer(admin)),
    image: (await app.inject({ method: 'GET', url: built.imageUrl })).statusCode,
  };
}

/** A small shop with what a real one has: products (one with an uploaded image), a paid card order, a bank transfer with its proof, a cancelled order, a subscriber. */
async function buildShop(app: FastifyInstance): Promise<Built> {
  const admin = await login(app, ADMIN.email, ADMIN.password);
  const headers = bearer(admin);
  const lace = await createProductWithPicture(app, headers, {
    category: 'Laces',
    subcategory: 'French lace',
    product: { name: 'Ivory French lace', description: 'Five yards, soft', price: '45000', stock: '12' },
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

let built: Built;
let expected: Awaited<ReturnType<typeof answersOf>>;
let movedUrl: string;
let backupFile: string;

beforeAll(async () => {
  const app = await shopOn({ dataDir });
  try {
    built = await buildShop(app);
    expected = await answersOf(app, built);
    // PGlite is one process: the tools refuse a database a running shop has open.
    await expect(moveDatabase({ dataDir, to: serverUrl })).rejects.toThrow(/in use.*Stop the shop first/);
  } finally {
    await app.close();
  }
  // The answers compared after each copy hold what was built.
  expect(expected.image).toBe(200);
  expect(expected.order.order).toMatchObject({ paymentStatus: 'PAID', status: 'PROCESSING' });
  const listed = JSON.stringify(expected.adminOrders);
  for (const state of ['PROCESSING', 'CANCELLED', 'bankTransfer']) expect(listed).toContain(state);
  expect(JSON.stringify(expected.products)).toContain('Ivory French lace');
}, 120_000);

afterAll(async () => {
  for (const database of made) await database.drop().catch(() => {});
});

describe('db:move, db:backup and db:restore on a shop with orders', () => {
  it('moves the PGlite shop into an empty PostgreSQL, which then serves the same answers and logins', async () => {
    movedUrl = await freshDatabase('moved');
    const result = await moveDatabase({ dataDir, to: movedUrl });
    expect(result.report).toContain('All counts and sums agree.');
    expect(result.report).toMatch(/orders PAID|orders PROCESSING/);
    expect(result.report).toContain('DATABASE_URL=');
    expect(result.report).toContain('storage:move');
    expect(result.ok).toBe(true);
    const app = await shopOn({ url: movedUrl });
    try {
      expect(await answersOf(app, built)).toEqual(expected);
      // Sequences came along: the test gateway's ids go on from where they were.
      const [row] = await app.database.query<{ next: string }>(
        "SELECT nextval('test_gateway_transactions_id_seq')::text AS next",
      );
      expect(Number(row?.next)).toBeGreaterThan(1);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses to move into a database that holds rows', async () => {
    await expect(moveDatabase({ dataDir, to: movedUrl })).rejects.toThrow(ToolError);
    await expect(moveDatabase({ dataDir, to: movedUrl })).rejects.toThrow(/not empty \(rows in .*orders/);
  });

  it('backs up the PostgreSQL shop to a private, dated file', async () => {
    const result = await backupDatabase({ url: movedUrl, dataDir, out: backupsDir, format: 'portable' });
    expect(result.ok, result.report).toBe(true);
    backupFile = result.file as string;
    expect(path.basename(backupFile)).toMatch(/^shop-backup-\d{4}-\d{2}-\d{2}T\d{4}Z\.jsonl\.gz$/);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(result.report).not.toContain('password_hash');
  }, 60_000);

  it('restores the backup into a fresh PGlite folder and into a fresh PostgreSQL, both serving the same answers', async () => {
    const pgliteDir = temporary('restored');
    const intoPglite = await restoreDatabase({ from: backupFile, to: pgliteDir });
    expect(intoPglite.ok, intoPglite.report).toBe(true);
    const restoredUrl = await freshDatabase('restored');
    const intoPostgres = await restoreDatabase({ from: backupFile, to: restoredUrl });
    expect(intoPostgres.ok, intoPostgres.report).toBe(true);
    for (const where of [{ dataDir: pgliteDir }, { url: restoredUrl }]) {
      const app = await shopOn(where);
      try {
        expect(await answersOf(app, built)).toEqual(expected);
      } finally {
        await app.close();
      }
    }
  }, 120_000);

  it('refuses to restore into a database that is not empty', async () => {
    await expect(restoreDatabase({ from: backupFile, to: movedUrl })).rejects.toThrow(/not empty/);
  });

  it('fails the check of a tampered backup (a row removed)', async () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').split('\n');
    // An order line: nothing references it, and it counts in the units sold.
    const itemsAt = lines.indexOf('{"table":"order_items"}');
    expect(itemsAt).toBeGreaterThan(0);
    lines.splice(itemsAt + 1, 1);
    const tampered = path.join(temporary('tampered'), 'tampered.jsonl.gz');
    writeFileSync(tampered, gzipSync(lines.join('\n')));
    const result = await restoreDatabase({ from: tampered, to: await freshDatabase('tampered') });
    expect(result.ok).toBe(false);
    expect(result.report).toMatch(/order_items: rows .*MISMATCH/);
    expect(result.report).toMatch(/order items: quantity \(hundredths\) .*MISMATCH/);
  }, 60_000);

  it('runs as npm scripts: exit code 0 with the report, and never prints the password', async () => {
    const withPassword = new URL(movedUrl);
    withPassword.username = withPassword.username || 'postgres';
    withPassword.password = 'not-printed-s3cret';
    const out = temporary('cli');
    const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'db:backup', '--', '--out', out], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: withPassword.toString(), DATA_DIR: dataDir, NODE_ENV: 'test' },
    });
    expect(stdout).toContain('All counts and sums agree.');
    expect(stdout).not.toContain('not-printed-s3cret');
    const refused = await promisify(execFile)('npm', ['run', '-s', 'db:move', '--', '--to', withPassword.toString()], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('is not empty');
    expect((refused as { stderr: string }).stderr).not.toContain('not-printed-s3cret');
  }, 120_000);
});

describe('storage:move', () => {
  const BUCKET = 'shop-moved';
  let s3: S3rver;
  let endpoint: string;

  beforeAll(async () => {
    const port = await freePort();
    s3 = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory: temporary('s3rver'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await s3?.close();
  });

  const env = () => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });

  it('refuses without S3_BUCKET', async () => {
    await expect(run('storage-move', [], { NODE_ENV: 'test', DATA_DIR: dataDir })).rejects.toThrow(/S3_BUCKET/);
  });

  it('copies the images and the private files to their prefixes with their types, then skips what is there', async () => {
    const first = await run('storage-move', [], env());
    // One uploaded picture: its thumb, full and large renditions.
    expect(first.report).toMatch(/uploads: .* 3 copied, 0 already there/);
    expect(first.report).toMatch(/private: .* 1 copied, 0 already there/);
    const again = await run('storage-move', [], env());
    expect(again.report).toMatch(/uploads: .* 0 copied, 3 already there/);
    expect(again.report).toMatch(/private: .* 0 copied, 1 already there/);

    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const imageKey = path.basename(built.imageUrl);
      const image = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `product-images/${imageKey}` }));
      expect(image.ContentType).toBe('image/webp');
      const largeKey = `product-images/${imageKey.replace('-full.webp', '-large.webp')}`;
      expect((await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: largeKey }))).ContentType).toBe(
        'image/webp',
      );
      expect(image.CacheControl).toBe('public, max-age=31536000, immutable');
      const [proofRow] = await (async () => {
        const database = await openDatabase({ url: movedUrl, dataDir: '' });
        try {
          return await database.query<{ storage_key: string }>('SELECT storage_key FROM transfer_proofs');
        } finally {
          await database.close();
        }
      })();
      const proof = await client.send(
        new HeadObjectCommand({ Bucket: BUCKET, Key: `private/transfer-proofs/${proofRow?.storage_key}` }),
      );
      expect(proof.ContentType).toBe('image/png');
      expect(proof.CacheControl).toBe('private, no-store');
    } finally {
      client.destroy();
    }

    // The moved shop serves its image from the bucket.
    const bucket = { kind: 's3' as const, bucket: BUCKET, endpoint, region: 'us-east-1' };
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const app = await shopOn(
      { url: movedUrl },
      {
        storage: { ...bucket, credentials, prefix: 'product-images/' },
        privateStorage: {
          ...bucket,
          credentials,
          prefix: 'private/transfer-proofs/',
          cacheControl: 'private, no-store',
        },
      },
    );
    try {
      const image = await app.inject({ method: 'GET', url: built.imageUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    } finally {
      await app.close();
    }
  }, 60_000);
});
