import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSV_MESSAGES, PRODUCT_CSV_COLUMNS, PRODUCT_MESSAGES, type Product } from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, type Session } from '../../../test/accounts';
import { createTestApp, testEngine } from '../../../test/helper';
import { type FilePart, imageFile, multipart, picture, uniquePicture } from '../../../test/multipart';
import { EXPORT_BATCH } from './catalog-csv';

// The catalogue CSV through HTTP on the demo catalogue: export, preview, import.

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-csv-'));
let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let admin: Session;
/** An image URL of the demo catalogue: one of this shop's own. */
let demoImage: string;

beforeAll(async () => {
  shop = await createTestApp({ storage: { kind: 'disk', dir: uploadsDir } });
  app = shop.app;
  admin = await login(app, ADMIN.email, ADMIN.password);
  const [row] = await shop.database.query<{ url: string }>('SELECT images->>0 AS url FROM products LIMIT 1');
  demoImage = row?.url as string;
});
afterAll(async () => shop?.close());

async function exportCsv() {
  const response = await app.inject({ method: 'GET', url: '/api/products/export.csv', headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  return response;
}

async function importCsv(csv: string | Buffer, { dryRun = false, files = [] as FilePart[] } = {}) {
  const body = multipart({}, [
    { field: 'file', filename: 'products.csv', contentType: 'text/csv', bytes: Buffer.from(csv) },
    ...files,
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/products/import${dryRun ? '?dryRun=true' : ''}`,
    payload: body.payload,
    headers: { ...bearer(admin), ...body.headers },
  });
}

async function productCount(): Promise<number> {
  const [row] = await shop.database.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  return row?.n ?? 0;
}

/** A CSV of the given rows under the full header. */
function csvOf(rows: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>[]) {
  return stringify([[...PRODUCT_CSV_COLUMNS], ...rows.map((row) => PRODUCT_CSV_COLUMNS.map((c) => row[c] ?? ''))]);
}

const newRow = (overrides: Record<string, string> = {}) => ({
  name: 'Imported lace',
  description: 'From a spreadsheet',
  price: '1200',
  stock: '4',
  category: 'trims',
  subcategory: 'Sequin Trims',
  images: demoImage,
  ...overrides,
});

describe('the catalogue export', () => {
  it('is a CSV download with the columns of the contract, one line per product', async () => {
    const response = await exportCsv();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parse(response.rawPayload, { bom: true }) as string[][];
    expect(records[0]).toEqual([...PRODUCT_CSV_COLUMNS]);
    expect(records.length - 1).toBe(await productCount());
  });

  it('exports a formula as inert text', async () => {
    const [sub] = await shop.database.query<{ id: string }>('SELECT id FROM subcategories LIMIT 1');
    const body = multipart(
      {
        name: '=HYPERLINK("x")',
        description: '+1 line, with "quotes"\nand a second line',
        price: '10',
        stock: '1',
        subcategoryId: sub?.id as string,
        specifications: JSON.stringify([{ name: '@Width', value: '-5 cm' }]),
      },
      [imageFile(await uniquePicture())],
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: body.payload,
      headers: { ...bearer(admin), ...body.headers },
    });
    expect(created.statusCode, created.body).toBe(201);
    const records = parse((await exportCsv()).rawPayload, { bom: true }) as string[][];
    const row = records.find((record) => record[0] === created.json().product.id) as string[];
    expect(row[1]).toBe(`'=HYPERLINK("x")`);
    expect(row[3]).toBe(`'+1 line, with "quotes"\nand a second line`);
    expect(row[PRODUCT_CSV_COLUMNS.indexOf('specifications')]).toBe(`'@Width: -5 cm`);
    for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('streams a catalogue bigger than a batch: every product once, oldest first, in the bytes of the one-piece file', async () => {
    // One INSERT: every one of them has the same created_at, so a batch ends among ties (kept by id).
    const [sub] = await shop.database.query<{ id: string; category_id: string }>(
      'SELECT id, category_id FROM subcategories LIMIT 1',
    );
    await shop.database.query(
      `INSERT INTO products (name, slug, description, price_kobo, stock_hundredths, images, specifications, subcategory_id, category_id)
       SELECT 'Bulk lace ' || n, 'bulk-lace-' || n, '=A bulk line, ' || n, 1000 * n, n * 100, $1::jsonb, '[]'::jsonb, $2, $3
         FROM generate_series(1, $4::int) AS n`,
      [JSON.stringify([demoImage]), sub?.id, sub?.category_id, EXPORT_BATCH + 7],
    );
    try {
      const body = (await exportCsv()).rawPayload;
      const records = parse(body, { bom: true }) as string[][];
      const oldestFirst = await shop.database.query<{ id: string }>('SELECT id FROM products ORDER BY created_at, id');
      expect(oldestFirst.length).toBeGreaterThan(EXPORT_BATCH);
      expect(records.slice(1).map((record) => record[0])).toEqual(oldestFirst.map((row) => row.id));
      expect(records.find((record) => record[2] === 'bulk-lace-1')?.[3]).toBe("'=A bulk line, 1");
      // What csv-stringify wrote when the file was made in one piece: a BOM, CRLF, the same quoting.
      expect(body.equals(Buffer.from(stringify(records, { bom: true, record_delimiter: 'windows' })))).toBe(true);
    } finally {
      await shop.database.query("DELETE FROM products WHERE slug LIKE 'bulk-lace-%'");
    }
  });
});

describe('the catalogue import', () => {
  it('changes nothing when given back its own export: every row unchanged, and the next export identical', async () => {
    const first = await exportCsv();
    const preview = await importCsv(first.rawPayload, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().errors).toEqual([]);
    const imported = await importCsv(first.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json();
    expect(result).toMatchObject({ applied: true, created: 0, updated: 0, errors: [] });
    expect(result.rows.length).toBe(await productCount());
    expect(result.rows.every((row: { action: string }) => row.action === 'unchanged')).toBe(true);
    const second = await exportCsv();
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('imports nothing from a file with one bad row, and names its line and column', async () => {
    const before = await productCount();
    const csv = csvOf([newRow({ name: 'Good one' }), newRow({ name: 'Bad price', price: 'abc' }), newRow()]);
    const preview = await importCsv(csv, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      applied: false,
      message: CSV_MESSAGES.previewHasErrors,
      errors: [{ line: 3, column: 'price', message: PRODUCT_MESSAGES.priceInvalid }],
    });
    expect(preview.json().rows.map((row: { line: number }) => row.line)).toEqual([2, 3, 4]);

    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_INPUT',
      applied: false,
      errors: [{ line: 3, column: 'price', message: PRODUCT_MESSAGES.priceInvalid }],
    });
    expect(await productCount()).toBe(before);
  });

  it('reports every row’s errors by line, counting lines inside quoted cells', async () => {
    const csv = csvOf([
      newRow({ description: 'two\nlines' }),
      newRow({ category: 'no-such-category' }),
      newRow({ subcategory: 'no-such-sub', id: '00000000-0000-4000-8000-000000000000' }),
      newRow({ images: 'missing.jpg', slug: 'Not A Slug' }),
      newRow({ id: 'not-an-id', slug: 'a-fine-slug' }),
    ]);
    const response = await importCsv(csv, { dryRun: true });
    expect(response.json().errors).toEqual([
      { line: 4, column: 'category', message: CSV_MESSAGES.unknownCategory },
      { line: 5, column: 'id', message: CSV_MESSAGES.unknownProduct },
      { line: 5, column: 'subcategory', message: CSV_MESSAGES.unknownSubcategory },
      { line: 6, column: 'slug', message: 'Slug may use lowercase letters, digits and single hyphens only' },
      { line: 6, column: 'images', message: CSV_MESSAGES.unknownImage('missing.jpg') },
      { line: 7, column: 'id', message: CSV_MESSAGES.unknownProduct },
    ]);
  });

  it('creates and updates in one go, taking images by file name from sent files and from a zip', async () => {
    const exported = parse((await exportCsv()).rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    const existing = exported.at(-1) as Record<string, string>;
    const zip = Buffer.from(
      zipSync({
        'photos/zipped.png': new Uint8Array(await picture('png', { colour: '#1abc9c' })),
        '__MACOSX/._zipped.png': new Uint8Array([0]),
      }),
    );
    const csv = csvOf([
      newRow({ name: 'From a folder', images: 'folder.jpg', specifications: 'Width: 3 cm | Colour: gold' }),
      newRow({ name: 'From a zip', images: 'zipped.png | folder.jpg' }),
      { ...existing, price: '777.25', stock: '3' },
    ]);
    const files: FilePart[] = [
      imageFile(await picture('jpeg', { colour: '#8e44ad' }), 'my photos/folder.jpg'),
      { field: 'zip', filename: 'images.zip', contentType: 'application/zip', bytes: zip },
    ];
    const response = await importCsv(csv, { files });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ applied: true, created: 2, updated: 1, message: CSV_MESSAGES.imported(2, 1) });
    const [folderId, zipId] = result.rows.map((row: { id: string }) => row.id);
    const folder = (await app.inject({ method: 'GET', url: `/api/products/${folderId}` })).json().product as Product;
    const zipped = (await app.inject({ method: 'GET', url: `/api/products/${zipId}` })).json().product as Product;
    expect(folder).toMatchObject({
      slug: 'from-a-folder',
      specifications: [
        { name: 'Width', value: '3 cm' },
        { name: 'Colour', value: 'gold' },
      ],
    });
    expect(zipped.images).toHaveLength(2);
    expect(zipped.images[1]).toBe(folder.images[0]);
    for (const url of [...folder.images, ...zipped.images]) {
      expect(url).toMatch(/^\/images\/uploads\//);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    const updated = (await app.inject({ method: 'GET', url: `/api/products/${existing.id}` })).json().product;
    expect(updated).toMatchObject({ price: 777.25, stock: 3 });
  });

  it('refuses a sent file that is not a picture, by row', async () => {
    const csv = csvOf([newRow({ images: 'notes.jpg' })]);
    const response = await importCsv(csv, {
      dryRun: true,
      files: [imageFile(Buffer.from('plain text'), 'notes.jpg')],
    });
    expect(response.json().errors).toEqual([
      { line: 2, column: 'images', message: 'notes.jpg: Images must be JPEG, PNG, WebP or AVIF pictures' },
    ]);
  });

  it('refuses a zip with too many entries before inflating any of it', async () => {
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i < 2_001; i += 1) entries[`p${i}.jpg`] = new Uint8Array([i % 256]);
    const response = await importCsv(csvOf([newRow()]), {
      dryRun: true,
      files: [{ field: 'zip', filename: 'bomb.zip', bytes: Buffer.from(zipSync(entries)) }],
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('asks for a CSV file, and names a missing column', async () => {
    const none = multipart({ dryRun: 'true' });
    const noFile = await app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: none.payload,
      headers: { ...bearer(admin), ...none.headers },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(CSV_MESSAGES.fileRequired);
    const response = await importCsv('name,price\nLace,100\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({
      line: 1,
      column: 'stock',
      message: CSV_MESSAGES.missingColumn('stock'),
    });
  });
});

describe('an import whose products or subcategories another admin changes between its checks and its write', () => {
  afterEach(() => {
    app.catalog.csv.beforeWrite = async () => {};
  });

  /** Imports one new product and answers its id (something to delete or edit meanwhile). */
  async function importedProduct(name: string): Promise<string> {
    const response = await importCsv(csvOf([newRow({ name })]));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().rows[0].id;
  }

  async function productByName(name: string) {
    return shop.database.query<{ id: string; price_kobo: number; stock: number }>(
      'SELECT id, price_kobo, stock_hundredths / 100 AS stock FROM products WHERE name = $1',
      [name],
    );
  }

  /** An admin's edit of the product through the product form: its stock and price. */
  async function editProduct(id: string, changes: { price: string; stock: string }) {
    const product = (await app.inject({ method: 'GET', url: `/api/products/${id}` })).json().product as Product;
    const body = multipart({
      name: product.name,
      description: product.description,
      subcategoryId: product.subcategoryId,
      specifications: JSON.stringify(product.specifications),
      isHotBuy: String(product.isHotBuy),
      isNewlyAdded: String(product.isNewlyAdded),
      existingImages: JSON.stringify(product.images),
      ...changes,
    });
    const response = await app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      payload: body.payload,
      headers: { ...bearer(admin), ...body.headers },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('answers 409 naming the row, not a 500, and creates nothing when a row’s subcategory is deleted', async () => {
    const [trims] = await shop.database.query<{ id: string }>("SELECT id FROM categories WHERE slug = 'trims'");
    const created = await app.inject({
      method: 'POST',
      url: '/api/subcategories',
      payload: { name: 'Short-lived trims', categoryId: trims?.id },
      headers: bearer(admin),
    });
    expect(created.statusCode, created.body).toBe(201);
    const doomed = created.json().subcategory;
    const csv = csvOf([newRow({ name: 'Bystander lace' }), newRow({ name: 'Orphan lace', subcategory: doomed.slug })]);
    const before = await productCount();
    app.catalog.csv.beforeWrite = async () => {
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/subcategories/${doomed.id}`,
        headers: bearer(admin),
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
    };

    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CATALOGUE_CHANGED',
      message: CSV_MESSAGES.changedSincePreview(3, CSV_MESSAGES.subcategoryDeleted, 0),
      applied: false,
      created: 0,
      updated: 0,
      errors: [{ line: 3, column: 'subcategory', message: CSV_MESSAGES.subcategoryDeleted }],
    });
    expect(await productCount()).toBe(before);
    expect(await productByName('Bystander lace')).toEqual([]);
  });

  it('answers 409 and writes no row when a product it updates is deleted, instead of counting it updated', async () => {
    const id = await importedProduct('Doomed lace');
    const csv = csvOf([newRow({ name: 'Bystander lace' }), newRow({ id, name: 'Doomed lace', price: '999' })]);
    app.catalog.csv.beforeWrite = async () => {
      const deleted = await app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin) });
      expect(deleted.statusCode, deleted.body).toBe(200);
    };
    const before = await productCount();

    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CATALOGUE_CHANGED',
      message: CSV_MESSAGES.changedSincePreview(3, CSV_MESSAGES.productDeleted, 0),
      errors: [{ line: 3, column: 'id', message: CSV_MESSAGES.productDeleted }],
    });
    expect(await productCount()).toBe(before - 1);
    expect(await productByName('Bystander lace')).toEqual([]);
  });

  it('answers 409 and keeps the edit when a product it updates is edited, instead of overwriting it', async () => {
    const id = await importedProduct('Edited lace');
    const csv = csvOf([
      newRow({ id, name: 'Edited lace', price: '999', stock: '9' }),
      newRow({ name: 'Bystander lace' }),
    ]);
    app.catalog.csv.beforeWrite = () => editProduct(id, { price: '1500', stock: '40' });

    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CATALOGUE_CHANGED',
      message: CSV_MESSAGES.changedSincePreview(2, CSV_MESSAGES.productChanged, 0),
      errors: [{ line: 2, column: 'id', message: CSV_MESSAGES.productChanged }],
    });
    expect(await productByName('Edited lace')).toEqual([{ id, price_kobo: 150_000, stock: 40 }]);
    expect(await productByName('Bystander lace')).toEqual([]);
  });

  // On PostgreSQL the change can still be in progress when the write starts: the write's lock on
  // the product waits for it, then sees it (a plain read would see the old row and overwrite).
  it.skipIf(testEngine !== 'postgres')('waits for an edit still in progress, then answers 409', async () => {
    const id = await importedProduct('Contested lace');
    const other = new pg.Client({ connectionString: shop.databaseUrl });
    await other.connect();
    try {
      let committed: Promise<unknown> = Promise.resolve();
      app.catalog.csv.beforeWrite = async () => {
        await other.query('BEGIN');
        await other.query('UPDATE products SET stock_hundredths = 4000 WHERE id = $1', [id]);
        committed = new Promise((resolve) => setTimeout(resolve, 500)).then(() => other.query('COMMIT'));
      };
      const response = await importCsv(csvOf([newRow({ id, name: 'Contested lace', price: '999' })]));
      await committed;
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().errors).toEqual([{ line: 2, column: 'id', message: CSV_MESSAGES.productChanged }]);
      expect(await productByName('Contested lace')).toEqual([{ id, price_kobo: 120_000, stock: 40 }]);
    } finally {
      await other.end();
    }
  });

  it('goes ahead when what changed meanwhile is a product the file does not name', async () => {
    const id = await importedProduct('Updated lace');
    const other = await importedProduct('Unrelated lace');
    const csv = csvOf([newRow({ id, name: 'Updated lace', price: '999' })]);
    app.catalog.csv.beforeWrite = () => editProduct(other, { price: '1500', stock: '40' });

    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ applied: true, updated: 1 });
    expect(await productByName('Updated lace')).toEqual([{ id, price_kobo: 99_900, stock: 4 }]);
  });
});
