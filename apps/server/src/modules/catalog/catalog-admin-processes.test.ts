import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, type Session } from '../../../test/accounts';
import { createTestApp, testConfig, testEngine } from '../../../test/helper';
import { imageFile, multipart, uniquePicture } from '../../../test/multipart';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';

// Two server processes on one database, both caching the catalogue: an admin's write on one is
// what the other answers next. On PostgreSQL the second app has its own pool and its own LISTEN
// connection, as another process would; on PGlite (one process only) it shares the database.

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-two-processes-'));
let shop: Awaited<ReturnType<typeof createTestApp>>;
let one: FastifyInstance;
let two: FastifyInstance;
let otherDatabase: Database | undefined;
let admin: Session;

const config = { seedDemoCatalogue: false, catalogCache: true, storage: { kind: 'disk', dir: uploadsDir } } as const;

beforeAll(async () => {
  shop = await createTestApp(config);
  one = shop.app;
  otherDatabase = shop.databaseUrl ? await openDatabase({ url: shop.databaseUrl, dataDir: '' }) : undefined;
  two = await buildApp(testConfig(config), { database: otherDatabase ?? shop.database });
  admin = await login(one, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await two?.close();
  await otherDatabase?.close();
  await shop?.close();
});

/** The other process's answer once it differs from `stale`; the NOTIFY arrives with the commit. */
async function nextAnswer(app: FastifyInstance, url: string, stale: string) {
  let body = '';
  for (let i = 0; i < 100; i += 1) {
    body = (await app.inject({ method: 'GET', url })).body;
    if (body !== stale) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return JSON.parse(body);
}

describe(`an admin's write seen by a second server process (${testEngine})`, () => {
  it('shows a new category, an edited product and a deleted one on the other process', async () => {
    const headers = bearer(admin);
    const cachedCategories = (await two.inject({ method: 'GET', url: '/api/categories' })).body;
    expect(two.catalog.cache.size).toBeGreaterThan(0); // the other process does keep answers
    const created = await one.inject({ method: 'POST', url: '/api/categories', payload: { name: 'Ribbons' }, headers });
    expect(created.statusCode).toBe(201);
    const category = created.json().category;
    const categories = await nextAnswer(two, '/api/categories', cachedCategories);
    expect(categories.categories.map((c: { name: string }) => c.name)).toContain('Ribbons');

    const sub = (
      await one.inject({
        method: 'POST',
        url: '/api/subcategories',
        payload: { name: 'Satin', categoryId: category.id },
        headers,
      })
    ).json().subcategory;
    const form = (price: string, images: Buffer[]) =>
      multipart(
        {
          name: 'Satin ribbon',
          description: 'Satin',
          price,
          stock: '3',
          subcategoryId: sub.id,
          existingImages: '[]',
        },
        images.map((bytes) => imageFile(bytes)),
      );
    const body = form('1000', [await uniquePicture()]);
    const product = (
      await one.inject({
        method: 'POST',
        url: '/api/products',
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      })
    ).json().product;
    const url = `/api/products/${product.slug}`;
    const cachedProduct = (await two.inject({ method: 'GET', url })).body;
    expect(JSON.parse(cachedProduct).product.price).toBe(1000);

    const edit = form('1250.75', [await uniquePicture()]);
    const updated = await one.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: edit.payload,
      headers: { ...headers, ...edit.headers },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const seen = await nextAnswer(two, url, cachedProduct);
    expect(seen.product.price).toBe(1250.75);
    expect(seen.product.images).toEqual(updated.json().product.images);
    // The image itself is in the shared storage: the other process serves it too.
    expect((await two.inject({ method: 'GET', url: seen.product.images[0] })).statusCode).toBe(200);

    const cachedAgain = (await two.inject({ method: 'GET', url })).body;
    await one.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers });
    const afterDelete = await nextAnswer(two, url, cachedAgain);
    expect(afterDelete.code).toBe('NOT_FOUND');
  });
});
