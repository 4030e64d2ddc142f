import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { freePort } from '@shop/testing';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login } from '../../test/accounts';
import { createTestApp, testConfig } from '../../test/helper';
import { createProductWithPicture, multipart, picture } from '../../test/multipart';
import { createProduct, placeOrder } from '../../test/orders';
import { buildApp } from '../app';
import type { StorageConfig } from '../config';
import { uploadKeys } from '../modules/catalog/image-pipeline';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

// The storage drivers against the real thing: a folder, and an S3-protocol server (s3rver)
// started here on a free loopback port with a temporary folder, spoken to by the AWS SDK.

const BUCKET = 'shop-images';
let s3: S3rver;
let s3Config: Extract<StorageConfig, { kind: 's3' }>;

beforeAll(async () => {
  const port = await freePort();
  s3 = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'shop-s3rver-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  s3Config = {
    kind: 's3',
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver's fixed development keys.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    prefix: 'product-images/',
  };
});
afterAll(async () => {
  await s3?.close();
});

const drivers: [string, () => Storage][] = [
  ['the disk', () => new DiskStorage(mkdtempSync(path.join(tmpdir(), 'shop-disk-storage-')))],
  ['an S3 bucket', () => new S3Storage(s3Config)],
];

describe.each(drivers)('storage on %s', (_name, make) => {
  it('puts, reads back, tells what exists, and deletes', async () => {
    const storage = make();
    try {
      const key = `${'a'.repeat(64)}-full.webp`;
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeUndefined();
      await storage.put(key, Buffer.from('first bytes'), 'image/webp');
      await storage.put(key, Buffer.from('the same key again'), 'image/webp');
      expect(await storage.exists(key)).toBe(true);
      const object = await storage.get(key);
      expect(object?.contentType).toBe('image/webp');
      expect(object?.size).toBe('the same key again'.length);
      expect(await text(object?.body as NodeJS.ReadableStream)).toBe('the same key again');
      await storage.delete(key);
      await storage.delete(key); // a missing object is not an error
      expect(await storage.exists(key)).toBe(false);
    } finally {
      await storage.close();
    }
  });

  it('refuses keys that are not plain file names of our own making', async () => {
    const storage = make();
    try {
      for (const key of ['../outside.webp', '.env', 'a/b.webp', '', 'x'.repeat(300)]) {
        await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow('invalid storage key');
      }
    } finally {
      await storage.close();
    }
  });
});

describe('a shop whose images are in an S3 bucket', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  let second: FastifyInstance;

  beforeAll(async () => {
    const privateStorage = { ...s3Config, prefix: 'private/transfer-proofs/', cacheControl: 'private, no-store' };
    shop = await createTestApp({ seedDemoCatalogue: false, storage: s3Config, privateStorage });
    // Another server (another machine) with the same bucket and database.
    second = await buildApp(testConfig({ seedDemoCatalogue: false, storage: s3Config, privateStorage }), {
      database: shop.database,
    });
  });
  afterAll(async () => {
    await second?.close();
    await shop?.close();
  });

  it('stores an uploaded product image in the bucket, which both servers serve, and removes it with the product', async () => {
    const app = shop.app;
    const admin = await login(app, ADMIN.email, ADMIN.password);
    const headers = bearer(admin);
    const product = await createProductWithPicture(app, headers, {
      category: 'Bucket',
      subcategory: 'Bucket sub',
      product: { name: 'Cloud lace', description: 'Stored in S3', price: '10', stock: '1' },
    });
    const url = product.images[0] as string;
    const hash = /([0-9a-f]{64})-full\.webp$/.exec(url)?.[1] as string;

    const bucket = new S3Storage(s3Config);
    try {
      expect(await bucket.exists(uploadKeys(hash).full)).toBe(true);
      expect(await bucket.exists(uploadKeys(hash).thumb)).toBe(true);
      expect(await bucket.exists(uploadKeys(hash).large)).toBe(true);
      for (const server of [app, second]) {
        const image = await server.inject({ method: 'GET', url });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
        expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
      const deleted = await second.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers });
      expect(deleted.statusCode).toBe(200);
      for (const key of Object.values(uploadKeys(hash))) expect(await bucket.exists(key)).toBe(false);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await bucket.close();
    }
  });

  it('keeps a transfer proof in the bucket under the private prefix, which the public image route never serves', async () => {
    const app = shop.app;
    const buyer = (await customer(app)).session;
    const product = await createProduct(shop.database, { priceKobo: 100_000, stock: 5 });
    const placed = await placeOrder(app, buyer, [{ productId: product.id, quantity: 1, price: 1000 }], {
      paymentDetails: { method: 'bankTransfer', transactionId: null },
    });
    const order = placed.json().order;
    const body = multipart({}, [
      { field: 'file', filename: 'proof.png', contentType: 'image/png', bytes: await picture('png') },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/transfer-proof`,
      payload: body.payload,
      headers: { ...bearer(buyer), ...body.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [row] = await shop.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM transfer_proofs WHERE order_id = $1',
      [order.id],
    );
    const key = row?.storage_key as string;
    const privateBucket = new S3Storage({ ...s3Config, prefix: 'private/transfer-proofs/' });
    const publicBucket = new S3Storage(s3Config);
    try {
      expect(await privateBucket.exists(key)).toBe(true);
      expect(await publicBucket.exists(key)).toBe(false);
      for (const server of [app, second]) {
        expect((await server.inject({ method: 'GET', url: `/images/uploads/${key}` })).statusCode).toBe(404);
        const read = await server.inject({
          method: 'GET',
          url: `/api/orders/${order.id}/transfer-proof`,
          headers: bearer(buyer),
        });
        expect(read.statusCode).toBe(200);
        expect(read.headers['content-type']).toBe('image/png');
      }
    } finally {
      await privateBucket.close();
      await publicBucket.close();
    }
  });
});
