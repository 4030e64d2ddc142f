import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CATEGORY_MESSAGES,
  IMAGE_MESSAGES,
  LOW_STOCK_THRESHOLD,
  MESSAGES,
  PRODUCT_MESSAGES,
  type Product,
  productSchema,
  QUANTITY_MESSAGES,
  SALE_TERMS_MESSAGES,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../test/accounts';
import { createTestApp, testEngine } from '../../../test/helper';

const shopDatabaseIsServer = () => testEngine === 'postgres';

import { imageFile, multipart, uniquePicture } from '../../../test/multipart';
import { placeOrder } from '../../../test/orders';

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-catalog-admin-'));
let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let admin: Session;
let category: { id: string; slug: string };
let subcategory: { id: string; slug: string };
let otherSubcategory: { id: string };

const files = () => readdirSync(uploadsDir).sort();

async function postJson(url: string, payload: object, method: 'POST' | 'PUT' = 'POST') {
  return app.inject({ method, url, payload, headers: bearer(admin) });
}

function productForm(overrides: Record<string, string | string[]> = {}) {
  return {
    name: 'Gold lace trim',
    description: 'A soft gold lace, 5 cm wide.',
    price: '1499.50',
    stock: '12',
    subcategoryId: subcategory.id,
    specifications: JSON.stringify([{ name: 'Width', value: '5 cm' }]),
    isHotBuy: 'false',
    isNewlyAdded: 'true',
    ...overrides,
  };
}

async function send(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string | string[]>,
  images: Buffer[] = [],
) {
  const body = multipart(
    fields,
    images.map((bytes, index) => imageFile(bytes, `photo-${index}.jpg`)),
  );
  return app.inject({ method, url, payload: body.payload, headers: { ...bearer(admin), ...body.headers } });
}

async function createProduct(overrides: Record<string, string | string[]> = {}, images?: Buffer[]) {
  const response = await send('POST', '/api/products', productForm(overrides), images ?? [await uniquePicture()]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as Product;
}

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false, storage: { kind: 'disk', dir: uploadsDir } });
  app = shop.app;
  admin = await login(app, ADMIN.email, ADMIN.password);
  category = (await postJson('/api/categories', { name: 'Laces & Trims' })).json().category;
  subcategory = (await postJson('/api/subcategories', { name: 'Gold lace', categoryId: category.id })).json()
    .subcategory;
  otherSubcategory = (await postJson('/api/subcategories', { name: 'Silver lace', categoryId: category.id })).json()
    .subcategory;
});
afterAll(async () => shop?.close());

describe('creating a product', () => {
  it('stores the form, makes the slug from the name and serves two WebP renditions of each image', async () => {
    const response = await send('POST', '/api/products', productForm({ name: 'Royal blue sequin ribbon' }), [
      await uniquePicture(),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { message, product } = response.json();
    expect(message).toBe('Product created');
    expect(product).toMatchObject({
      name: 'Royal blue sequin ribbon',
      slug: 'royal-blue-sequin-ribbon',
      price: 1499.5,
      stock: 12,
      isNewlyAdded: true,
      specifications: [{ name: 'Width', value: '5 cm' }],
      subcategory: { id: subcategory.id, category: { id: category.id } },
    });
    expect(product.images).toHaveLength(1);
    expect(product.images[0]).toMatch(/^\/images\/uploads\/[0-9a-f]{64}-full\.webp$/);

    for (const url of [
      product.images[0],
      product.images[0].replace('-full.webp', '-thumb.webp'),
      product.images[0].replace('-full.webp', '-large.webp'),
    ]) {
      const image = await app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    const read = await app.inject({ method: 'GET', url: `/api/products/${product.slug}` });
    expect(read.json().product.id).toBe(product.id);
  });

  it('makes a slug unique with -2, -3 and never one the API uses for its own routes', async () => {
    const first = await createProduct({ name: 'Pearl buttons' });
    const second = await createProduct({ name: 'Pearl Buttons!' });
    const third = await createProduct({ name: 'pearl buttons' });
    expect([first.slug, second.slug, third.slug]).toEqual(['pearl-buttons', 'pearl-buttons-2', 'pearl-buttons-3']);
    expect((await createProduct({ name: 'Featured' })).slug).toBe('featured-2');
  });

  it('takes the admin’s own slug, and refuses one another product has (409) or a reserved one (400)', async () => {
    const own = await createProduct({ name: 'Velvet', slug: 'velvet-ribbon-red' });
    expect(own.slug).toBe('velvet-ribbon-red');
    const before = files();
    const clash = await send('POST', '/api/products', productForm({ slug: 'velvet-ribbon-red' }), [
      await uniquePicture(),
    ]);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'SLUG_TAKEN', errors: { slug: CATEGORY_MESSAGES.slugTaken } });
    expect(files()).toEqual(before);
    const reserved = await send('POST', '/api/products', productForm({ slug: 'admin' }), [await uniquePicture()]);
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errors.slug).toBeDefined();
  });

  it('refuses a form without an image, with SPEC’s message under images, and creates nothing', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/products/admin', headers: bearer(admin) });
    const response = await send('POST', '/api/products', productForm({ name: 'No picture' }), []);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_INPUT',
      errors: { images: PRODUCT_MESSAGES.imageRequired },
    });
    const after = await app.inject({ method: 'GET', url: '/api/products/admin', headers: bearer(admin) });
    expect(after.json().total).toBe(before.json().total);
  });

  it('refuses bad fields with their messages and an unknown subcategory under subcategoryId', async () => {
    const before = files();
    const bad = await send('POST', '/api/products', productForm({ price: 'abc', name: '' }), [await uniquePicture()]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      price: PRODUCT_MESSAGES.priceInvalid,
      name: PRODUCT_MESSAGES.nameRequired,
    });
    const unknown = await send(
      'POST',
      '/api/products',
      productForm({ subcategoryId: '00000000-0000-4000-8000-000000000000' }),
      [await uniquePicture()],
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.subcategoryId).toBe(MESSAGES.subcategoryNotFound);
    expect(files()).toEqual(before);
  });

  it('refuses a JSON body on the multipart route with a 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: productForm(),
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('editing a product', () => {
  it('keeps the slug when the name changes, and changes it only when a new slug is sent', async () => {
    const product = await createProduct({ name: 'Cotton thread' });
    const renamed = await send('PUT', `/api/products/${product.id}`, {
      ...productForm({ name: 'Cotton thread, 500 m' }),
      existingImages: JSON.stringify(product.images),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ message: 'Product updated', product: { slug: 'cotton-thread' } });
    const reslugged = await send('PUT', `/api/products/${product.id}`, {
      ...productForm({ name: 'Cotton thread, 500 m', slug: 'cotton-thread-500m' }),
      existingImages: JSON.stringify(product.images),
    });
    expect(reslugged.json().product.slug).toBe('cotton-thread-500m');
  });

  it('keeps existingImages in their order, appends new files, and deletes the file of an image let go', async () => {
    const product = await createProduct({ name: 'Bridal lace' }, [await uniquePicture(), await uniquePicture()]);
    const [first, second] = product.images as [string, string];
    const secondFile = path.basename(second);
    expect(files()).toContain(secondFile);
    const response = await send(
      'PUT',
      `/api/products/${product.id}`,
      { ...productForm({ name: 'Bridal lace', price: '2000' }), existingImages: JSON.stringify([first]) },
      [await uniquePicture()],
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json().product as Product;
    expect(updated.images).toHaveLength(2);
    expect(updated.images[0]).toBe(first);
    expect(updated.images[1]).not.toBe(second);
    expect(updated.price).toBe(2000);
    expect(files()).not.toContain(secondFile);
    expect(files()).not.toContain(secondFile.replace('-full', '-thumb'));
    expect(files()).not.toContain(secondFile.replace('-full', '-large'));
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it('puts kept and new images in the order imageOrder gives', async () => {
    const product = await createProduct({ name: 'Beaded trim' }, [await uniquePicture(), await uniquePicture()]);
    const [a, b] = product.images as [string, string];
    const response = await send(
      'PUT',
      `/api/products/${product.id}`,
      { ...productForm({ name: 'Beaded trim' }), imageOrder: JSON.stringify([b, 'new:0', a]) },
      [await uniquePicture()],
    );
    expect(response.statusCode, response.body).toBe(200);
    const images = response.json().product.images as string[];
    expect(images).toHaveLength(3);
    expect(images[0]).toBe(b);
    expect(images[2]).toBe(a);
    expect(images[1]).not.toBe(a);
  });

  it('refuses an existing image of another product and an edit that leaves no image', async () => {
    const mine = await createProduct({ name: 'Mine' });
    const theirs = await createProduct({ name: 'Theirs' });
    const foreign = await send('PUT', `/api/products/${mine.id}`, {
      ...productForm({ name: 'Mine' }),
      existingImages: JSON.stringify(theirs.images),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.existingImages).toBe(IMAGE_MESSAGES.unknownExisting);
    const none = await send('PUT', `/api/products/${mine.id}`, {
      ...productForm({ name: 'Mine' }),
      existingImages: '[]',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.images).toBe(PRODUCT_MESSAGES.imageRequired);
    const unchanged = await app.inject({ method: 'GET', url: `/api/products/${mine.id}` });
    expect(unchanged.json().product.images).toEqual(mine.images);
  });

  it('answers 404 for a product that does not exist', async () => {
    const response = await send('PUT', '/api/products/00000000-0000-4000-8000-000000000000', {
      ...productForm(),
      existingImages: '[]',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.productNotFound);
  });
});

describe('deleting a product', () => {
  it('removes it and its image files', async () => {
    const product = await createProduct({ name: 'To delete' });
    const file = path.basename(product.images[0] as string);
    const response = await app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Product deleted' });
    expect((await app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect(files()).not.toContain(file);
    const again = await app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: bearer(admin) });
    expect(again.statusCode).toBe(404);
  });

  it('keeps an image two products share until the last one of them is gone', async () => {
    const picture = await uniquePicture();
    const one = await createProduct({ name: 'Twin one' }, [picture]);
    const two = await createProduct({ name: 'Twin two' }, [picture]);
    expect(two.images).toEqual(one.images);
    const file = path.basename(one.images[0] as string);
    await app.inject({ method: 'DELETE', url: `/api/products/${one.id}`, headers: bearer(admin) });
    expect(files()).toContain(file);
    await app.inject({ method: 'DELETE', url: `/api/products/${two.id}`, headers: bearer(admin) });
    expect(files()).not.toContain(file);
  });

  it('leaves an order made before the edit and the deletion as it was, its picture still served', async () => {
    const product = await createProduct({ name: 'Snapshot lace', price: '2500', stock: '5' });
    const buyer = (await customer(app)).session;
    const placed = await placeOrder(app, buyer, [{ productId: product.id, quantity: 2, price: 2500 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    const edited = await send(
      'PUT',
      `/api/products/${product.id}`,
      { ...productForm({ name: 'Renamed lace', price: '9999' }), existingImages: '[]' },
      [await uniquePicture()],
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: bearer(admin) });

    const order = (await app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(buyer) })).json()
      .order;
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ name: 'Snapshot lace', price: 2500, quantity: 2, image: product.images[0] });
    expect((await app.inject({ method: 'GET', url: product.images[0] as string })).statusCode).toBe(200);
  });
});

describe('how a product is sold (units of sale)', () => {
  it('creates a lace by the yard with its breaks and a pack of buttons, stored as hundredths and answered in the unit', async () => {
    const lace = await createProduct({
      name: 'Yard lace',
      price: '1200',
      stock: '37.5',
      unit: 'yard',
      step: '0.5',
      minQuantity: '1',
      priceBreaks: JSON.stringify([
        { minQuantity: 20, price: '1000.50' },
        { minQuantity: '10', price: 1050 },
      ]),
    });
    expect(productSchema.parse(lace)).toEqual(lace);
    expect(lace).toMatchObject({
      unit: 'yard',
      step: 0.5,
      minQuantity: 1,
      stock: 37.5,
      packSize: null,
      packItemName: null,
      priceBreaks: [
        { minQuantity: 10, price: 1050 },
        { minQuantity: 20, price: 1000.5 },
      ],
    });
    const [row] = await shop.database.query<Record<string, unknown>>(
      `SELECT stock_hundredths, unit, step_hundredths, min_quantity_hundredths, pack_size, price_breaks
         FROM products WHERE id = $1`,
      [lace.id],
    );
    expect(row).toMatchObject({
      stock_hundredths: 3750,
      unit: 'yard',
      step_hundredths: 50,
      min_quantity_hundredths: 100,
      pack_size: null,
      price_breaks: [
        { minHundredths: 1000, priceKobo: 105_000 },
        { minHundredths: 2000, priceKobo: 100_050 },
      ],
    });
    // The storefront's answer is the admin's.
    expect((await app.inject({ method: 'GET', url: `/api/products/${lace.slug}` })).json().product).toEqual(lace);

    const buttons = await createProduct({
      name: 'Pack buttons',
      stock: '40',
      unit: 'pack',
      packSize: '12',
      packItemName: 'buttons',
    });
    expect(buttons).toMatchObject({ unit: 'pack', step: 1, minQuantity: 1, packSize: 12, packItemName: 'buttons' });
  });

  it('refuses bad terms with a message under each field, and creates nothing', async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ unit: 'bolt' }, { unit: SALE_TERMS_MESSAGES.unitInvalid }],
      [{ unit: 'piece', step: '0.5' }, { step: SALE_TERMS_MESSAGES.stepWhole }],
      [{ unit: 'yard', step: '0.5', minQuantity: '0.75' }, { minQuantity: SALE_TERMS_MESSAGES.minOffStep }],
      [{ unit: 'pack' }, { packSize: SALE_TERMS_MESSAGES.packSizeRequired }],
      // Beyond what one line may ever take (and the integer columns): never a 500.
      [{ unit: 'yard', step: '999999999.5', minQuantity: '999999999.5' }, { step: SALE_TERMS_MESSAGES.stepInvalid }],
      [
        { unit: 'yard', minQuantity: '250' },
        { minQuantity: QUANTITY_MESSAGES.overLineMax({ unit: 'yard', packSize: null, packItemName: null }) },
      ],
      [
        { unit: 'yard', priceBreaks: JSON.stringify([{ minQuantity: 99999999, price: 1 }]) },
        { priceBreaks: QUANTITY_MESSAGES.overLineMax({ unit: 'yard', packSize: null, packItemName: null }) },
      ],
      [{ unit: 'pack', packSize: '1' }, { packSize: SALE_TERMS_MESSAGES.packSizeInvalid }],
      [{ stock: '2.5' }, { stock: SALE_TERMS_MESSAGES.stockOffUnit }],
      [{ stock: '2.555', unit: 'yard' }, { stock: PRODUCT_MESSAGES.stockInvalid }],
      [{ priceBreaks: 'not a list' }, { priceBreaks: SALE_TERMS_MESSAGES.breaksInvalid }],
      [
        { price: '1000', priceBreaks: JSON.stringify([{ minQuantity: 5, price: 1200 }]) },
        { priceBreaks: SALE_TERMS_MESSAGES.breakPriceInvalid },
      ],
      [
        { priceBreaks: JSON.stringify([{ minQuantity: 1, price: 100 }]) },
        { priceBreaks: SALE_TERMS_MESSAGES.breakQuantityInvalid },
      ],
    ];
    for (const [fields, errors] of cases) {
      const response = await send('POST', '/api/products', productForm({ name: 'Refused terms', ...fields }), [
        await uniquePicture(),
      ]);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json(), JSON.stringify(fields)).toMatchObject({ code: 'INVALID_INPUT', errors });
    }
    const [{ n } = { n: -1 }] = await shop.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products WHERE name = 'Refused terms'`,
    );
    expect(n).toBe(0);
  });

  it('changes a product from pieces to yards on an edit, breaks and all', async () => {
    const product = await createProduct({ name: 'Changing unit', stock: '4' });
    const edited = await send(
      'PUT',
      `/api/products/${product.id}`,
      {
        ...productForm({ name: 'Changing unit', stock: '12.25', unit: 'metre', step: '0.25', minQuantity: '0.5' }),
        existingImages: JSON.stringify(product.images),
      },
      [],
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().product).toMatchObject({ unit: 'metre', step: 0.25, minQuantity: 0.5, stock: 12.25 });
  });
});

describe('the admin’s product table', () => {
  it('counts a length with less than its minimum as out of stock, and low stock in whole units of sale', async () => {
    const short = await createProduct({ name: 'Short lace', stock: '0.5', unit: 'yard', minQuantity: '1' });
    const lowYards = await createProduct({ name: 'Low lace', stock: '4.5', unit: 'yard' });
    const plenty = await createProduct({ name: 'Plenty lace', stock: '5.5', unit: 'yard' });
    const list = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/products/admin?${query}`, headers: bearer(admin) })).json();
    const outs = (await list('stock=out&pageSize=100')).products.map((p: Product) => p.id);
    const lows = (await list('stock=low&pageSize=100')).products.map((p: Product) => p.id);
    expect(outs).toContain(short.id);
    expect(lows).not.toContain(short.id);
    expect(lows).toContain(lowYards.id);
    expect(lows).not.toContain(plenty.id);
    expect(outs).not.toContain(lowYards.id);
    const byStock = (await list('sort=stock&dir=asc&pageSize=100')).products.map((p: Product) => p.stock);
    expect(byStock).toEqual([...byStock].sort((a, b) => a - b));
    for (const product of [short, lowYards, plenty])
      await app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: bearer(admin) });
  });

  it('finds by name, slug or id, filters low and out of stock, sorts and pages, and shows writes at once', async () => {
    const low = await createProduct({ name: 'Zigzag elastic', stock: String(LOW_STOCK_THRESHOLD) });
    const out = await createProduct({ name: 'Zipper pulls', stock: '0' });
    const list = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/products/admin?${query}`, headers: bearer(admin) })).json();

    expect((await list('search=zigzag')).products.map((p: Product) => p.id)).toEqual([low.id]);
    expect((await list(`search=${out.id.slice(0, 13)}`)).products.map((p: Product) => p.id)).toEqual([out.id]);
    expect((await list('search=zipper-pulls')).total).toBe(1);
    const lows = await list('stock=low&pageSize=100');
    expect(lows.products.map((p: Product) => p.id)).toContain(low.id);
    expect(lows.products.every((p: Product) => p.stock >= 1 && p.stock <= LOW_STOCK_THRESHOLD)).toBe(true);
    const outs = await list('stock=out&pageSize=100');
    expect(outs.products.map((p: Product) => p.id)).toEqual([out.id]);

    const byPrice = await list('sort=price&dir=asc&pageSize=100');
    const prices = byPrice.products.map((p: Product) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const page2 = await list('sort=name&dir=asc&pageSize=2&page=2');
    expect(page2).toMatchObject({ page: 2, pageSize: 2 });
    expect(page2.products).toHaveLength(2);

    await app.inject({ method: 'DELETE', url: `/api/products/${out.id}`, headers: bearer(admin) });
    expect((await list('stock=out')).total).toBe(0);
    expect((await list(`subcategoryId=${otherSubcategory.id}`)).total).toBe(0);
  });
});

describe('categories and subcategories', () => {
  it('creates with a slug from the name, keeps it on rename, and changes it only when asked', async () => {
    const created = await postJson('/api/categories', { name: 'Buttons & Fasteners', description: 'All buttons' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: CATEGORY_MESSAGES.categoryCreated,
      category: { name: 'Buttons & Fasteners', slug: 'buttons-and-fasteners', subcategories: [] },
    });
    const id = created.json().category.id;
    const renamed = await postJson(`/api/categories/${id}`, { name: 'Buttons' }, 'PUT');
    expect(renamed.json()).toMatchObject({
      message: CATEGORY_MESSAGES.categoryUpdated,
      category: { name: 'Buttons', slug: 'buttons-and-fasteners' },
    });
    const reslugged = await postJson(`/api/categories/${id}`, { name: 'Buttons', slug: 'buttons' }, 'PUT');
    expect(reslugged.json().category.slug).toBe('buttons');
    const clash = await postJson('/api/categories', { name: 'Other', slug: 'buttons' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'SLUG_TAKEN', errors: { slug: CATEGORY_MESSAGES.slugTaken } });
    const empty = await postJson('/api/categories', { name: '' });
    expect(empty.json().errors.name).toBe(CATEGORY_MESSAGES.nameRequired);
  });

  it('refuses to delete a category with products or subcategories, a subcategory with products; empty ones go', async () => {
    await createProduct({ name: 'Keeps the category busy' });
    const withProducts = await app.inject({
      method: 'DELETE',
      url: `/api/categories/${category.id}`,
      headers: bearer(admin),
    });
    expect(withProducts.statusCode).toBe(409);
    expect(withProducts.json()).toEqual({
      code: 'CATEGORY_NOT_EMPTY',
      message: CATEGORY_MESSAGES.categoryHasProducts,
    });
    const busySub = await app.inject({
      method: 'DELETE',
      url: `/api/subcategories/${subcategory.id}`,
      headers: bearer(admin),
    });
    expect(busySub.statusCode).toBe(409);
    expect(busySub.json().message).toBe(CATEGORY_MESSAGES.subcategoryHasProducts);

    const parent = (await postJson('/api/categories', { name: 'Threads' })).json().category;
    const child = (await postJson('/api/subcategories', { name: 'Polyester', categoryId: parent.id })).json()
      .subcategory;
    const withSub = await app.inject({ method: 'DELETE', url: `/api/categories/${parent.id}`, headers: bearer(admin) });
    expect(withSub.statusCode).toBe(409);
    expect(withSub.json().message).toBe(CATEGORY_MESSAGES.categoryHasSubcategories);
    const subGone = await app.inject({
      method: 'DELETE',
      url: `/api/subcategories/${child.id}`,
      headers: bearer(admin),
    });
    expect(subGone.json()).toEqual({ message: CATEGORY_MESSAGES.subcategoryDeleted });
    const gone = await app.inject({ method: 'DELETE', url: `/api/categories/${parent.id}`, headers: bearer(admin) });
    expect(gone.json()).toEqual({ message: CATEGORY_MESSAGES.categoryDeleted });
    expect((await app.inject({ method: 'GET', url: `/api/categories/${parent.id}` })).statusCode).toBe(404);
  });

  it('lists categories and subcategories in the admin’s order on the storefront', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/categories' })).json().categories as { id: string }[];
    const reversed = before.map((c) => c.id).reverse();
    const saved = await postJson('/api/categories/order', { ids: reversed }, 'PUT');
    expect(saved.json()).toEqual({ message: CATEGORY_MESSAGES.reordered });
    const after = (await app.inject({ method: 'GET', url: '/api/categories' })).json().categories as {
      id: string;
      subcategories: { id: string }[];
    }[];
    expect(after.map((c) => c.id)).toEqual(reversed);

    const subs = after.find((c) => c.id === category.id)?.subcategories.map((s) => s.id) ?? [];
    expect(subs.length).toBeGreaterThanOrEqual(2);
    const subsReversed = [...subs].reverse();
    await postJson('/api/subcategories/order', { categoryId: category.id, ids: subsReversed }, 'PUT');
    const shown = (await app.inject({ method: 'GET', url: `/api/subcategories/category/${category.id}` })).json()
      .subcategories as { id: string }[];
    expect(shown.map((s) => s.id)).toEqual(subsReversed);

    const partial = await postJson('/api/categories/order', { ids: reversed.slice(1) }, 'PUT');
    expect(partial.statusCode).toBe(400);
  });

  it('moves a subcategory, with its products, to another category', async () => {
    const from = (await postJson('/api/categories', { name: 'Move from' })).json().category;
    const to = (await postJson('/api/categories', { name: 'Move to' })).json().category;
    const sub = (await postJson('/api/subcategories', { name: 'Travelling', categoryId: from.id })).json().subcategory;
    const product = await createProduct({ name: 'Travelling product', subcategoryId: sub.id });
    const moved = await postJson(`/api/subcategories/${sub.id}`, { name: 'Travelling', categoryId: to.id }, 'PUT');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      message: CATEGORY_MESSAGES.subcategoryUpdated,
      subcategory: { categoryId: to.id, slug: 'travelling' },
    });
    const read = (await app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json().product;
    expect(read.subcategory.category.id).toBe(to.id);
    const inTarget = (await app.inject({ method: 'GET', url: `/api/products/category/${to.id}` })).json();
    expect(inTarget.products.map((p: Product) => p.id)).toEqual([product.id]);
  });
});

describe('who may call the catalogue’s admin routes', () => {
  // Checked before the input: a guest learns nothing of the schemas (401), a customer is 403.
  const calls = [
    { method: 'GET', url: '/api/products/admin?page=not-a-number' },
    { method: 'GET', url: '/api/products/admin' },
    { method: 'GET', url: '/api/products/export.csv' },
    { method: 'POST', url: '/api/products/import?dryRun=maybe' },
    { method: 'PUT', url: `/api/products/${'x'.repeat(150)}` },
    { method: 'DELETE', url: `/api/products/${'x'.repeat(150)}` },
    { method: 'PUT', url: `/api/categories/${'x'.repeat(150)}` },
    { method: 'DELETE', url: `/api/subcategories/${'x'.repeat(150)}` },
  ] as const;

  it('answers 401 to a guest and 403 to a customer, whatever the input', async () => {
    const buyer = (await customer(app)).session;
    for (const call of calls) {
      const guest = await app.inject({ method: call.method, url: call.url });
      expect(guest.statusCode, `${call.method} ${call.url} ${guest.body}`).toBe(401);
      const forbidden = await app.inject({ method: call.method, url: call.url, headers: bearer(buyer) });
      expect(forbidden.statusCode, `${call.method} ${call.url} ${forbidden.body}`).toBe(403);
    }
  });
});

describe.skipIf(!shopDatabaseIsServer())('deleting a category while a subcategory is being added to it', () => {
  it('answers 409 CATEGORY_NOT_EMPTY, not a 500 from the foreign key', async () => {
    const target = (await postJson('/api/categories', { name: 'Race category' })).json().category;
    const other = new pg.Client({ connectionString: shop.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`INSERT INTO subcategories (name, slug, category_id) VALUES ('Racer', 'racer-sub', $1)`, [
        target.id,
      ]);
      const deleting = app.inject({ method: 'DELETE', url: `/api/categories/${target.id}`, headers: bearer(admin) });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      const response = await deleting;
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('CATEGORY_NOT_EMPTY');
    } finally {
      await other.end();
    }
  });
});

describe.skipIf(!shopDatabaseIsServer())('adding a product to a subcategory being deleted', () => {
  it('answers 400 on subcategoryId, not a 500 from the foreign key', async () => {
    const doomed = (await postJson('/api/subcategories', { name: 'Doomed lace', categoryId: category.id })).json()
      .subcategory;
    const other = new pg.Client({ connectionString: shop.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('DELETE FROM subcategories WHERE id = $1', [doomed.id]);
      const creating = send('POST', '/api/products', productForm({ subcategoryId: doomed.id, name: 'Orphan lace' }), [
        await uniquePicture(),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await other.query('COMMIT');
      const response = await creating;
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toHaveProperty('subcategoryId');
    } finally {
      await other.end();
    }
  });
});

describe.skipIf(!shopDatabaseIsServer())('adding a subcategory to a category being deleted', () => {
  it('answers 400 on categoryId, not a 500 from the foreign key', async () => {
    const doomed = (await postJson('/api/categories', { name: 'Doomed category' })).json().category;
    const other = new pg.Client({ connectionString: shop.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('DELETE FROM categories WHERE id = $1', [doomed.id]);
      const creating = postJson('/api/subcategories', { name: 'Orphan subcategory', categoryId: doomed.id });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      const response = await creating;
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toHaveProperty('categoryId');
    } finally {
      await other.end();
    }
  });
});

/** Holds a picture's file lock in another connection, as a second admin's write or removal would. */
async function holdImageLock(client: pg.Client, url: string) {
  const hash = /([0-9a-f]{64})-full\.webp$/.exec(url)?.[1];
  if (!hash) throw new Error(`not an uploaded image: ${url}`);
  await client.query('BEGIN');
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('product-image:' || $1, 0))`, [hash]);
  return hash;
}

describe.skipIf(!shopDatabaseIsServer())('a picture let go while another product is being given it', () => {
  it('keeps the file when the other product commits first', async () => {
    const picture = await uniquePicture();
    const leaving = await createProduct({ name: 'Leaving lace' }, [picture]);
    const staying = await createProduct({ name: 'Staying lace' });
    const url = leaving.images[0] as string;
    const other = new pg.Client({ connectionString: shop.databaseUrl });
    await other.connect();
    try {
      await holdImageLock(other, url);
      await other.query(`UPDATE products SET images = images || $1::jsonb WHERE id = $2`, [
        JSON.stringify([url]),
        staying.id,
      ]);
      const deleting = app.inject({ method: 'DELETE', url: `/api/products/${leaving.id}`, headers: bearer(admin) });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      expect((await deleting).statusCode).toBe(200);
      expect(files()).toContain(path.basename(url));
    } finally {
      await other.end();
    }
  });

  it('puts the file back when it was removed between being written and the product being saved', async () => {
    const picture = await uniquePicture();
    const first = await createProduct({ name: 'First twin' }, [picture]);
    const url = first.images[0] as string;
    const other = new pg.Client({ connectionString: shop.databaseUrl });
    await other.connect();
    try {
      const hash = await holdImageLock(other, url);
      const creating = send('POST', '/api/products', productForm({ name: 'Second twin' }), [picture]);
      // The new product's files are written; its transaction now waits for the lock, while the
      // removal holding it deletes them.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const file of files().filter((name) => name.startsWith(hash))) rmSync(path.join(uploadsDir, file));
      await other.query('COMMIT');
      const response = await creating;
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().product.images).toEqual([url]);
      expect(files()).toEqual(
        expect.arrayContaining([`${hash}-full.webp`, `${hash}-thumb.webp`, `${hash}-large.webp`]),
      );
    } finally {
      await other.end();
    }
  });
});
