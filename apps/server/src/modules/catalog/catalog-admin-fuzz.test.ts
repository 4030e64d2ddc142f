import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, type Session } from '../../../test/accounts';
import { createTestApp } from '../../../test/helper';
import { imageFile, multipart, picture } from '../../../test/multipart';

// The app-wide fuzz (src/fuzz.test.ts) sends JSON, which the multipart routes refuse with a 415
// before reading a field. This one sends real multipart forms to them, one hostile field at a
// time (and hostile file names and CSV cells): every answer is below 500, with a code, and
// without a stack or SQL.

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-admin-fuzz-'));
let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let admin: Session;
let productId: string;
let productImages: string[];
let subcategoryId: string;
let jpeg: Buffer;

const hostile = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '%00',
    '../../../etc/passwd',
    '/images/uploads/../../package.json',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '__proto__',
    '{"__proto__":{"role":"ADMIN"}}',
    '[{"name":"x","value":"y"}',
    '["new:99"]',
    '["new:0","new:0"]',
    '[1e309]',
    '-1',
    '1e309',
    'NaN',
    '9'.repeat(400),
    'a'.repeat(70_000),
    `[${'['.repeat(2_000)}${']'.repeat(2_000)}]`,
    'true',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
);

const FIELDS = [
  'name',
  'description',
  'price',
  'stock',
  'subcategoryId',
  'specifications',
  'isHotBuy',
  'isNewlyAdded',
  // How it is sold (units of sale): a hostile unit, step, minimum, pack or break list is a 400 too.
  'unit',
  'step',
  'minQuantity',
  'packSize',
  'packItemName',
  'priceBreaks',
];
const STACK = /\n\s+at |node_modules|\.ts:\d+/;
const SQL = /\bSELECT\b[\s\S]*\bFROM\b|syntax error at or near|violates [\w ]*constraint|invalid input syntax/;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false, storage: { kind: 'disk', dir: uploadsDir } });
  app = shop.app;
  admin = await login(app, ADMIN.email, ADMIN.password);
  jpeg = await picture('jpeg');
  const headers = bearer(admin);
  const category = (
    await app.inject({ method: 'POST', url: '/api/categories', payload: { name: 'Fuzz' }, headers })
  ).json().category;
  subcategoryId = (
    await app.inject({
      method: 'POST',
      url: '/api/subcategories',
      payload: { name: 'Fuzz sub', categoryId: category.id },
      headers,
    })
  ).json().subcategory.id;
  const body = multipart(valid(), [imageFile(jpeg)]);
  const created = await app.inject({
    method: 'POST',
    url: '/api/products',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  productId = created.json().product.id;
  productImages = created.json().product.images;
});
afterAll(async () => shop?.close());

function valid(): Record<string, string> {
  return {
    name: 'Fuzz lace',
    description: 'Lace',
    price: '100',
    stock: '1',
    subcategoryId,
    specifications: '[]',
    isHotBuy: 'false',
    isNewlyAdded: 'false',
  };
}

function check(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  expect(response.body).not.toMatch(STACK);
  expect(response.body).not.toMatch(SQL);
  if (response.statusCode >= 400) expect(JSON.parse(response.body).code).toBeTypeOf('string');
}

describe('hostile multipart forms on the admin routes', () => {
  it('product create and edit answer every hostile field and file name with less than a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIELDS, 'slug', 'existingImages', 'imageOrder', 'filename'),
        hostile,
        fc.boolean(),
        async (field, value, edit) => {
          const fields: Record<string, string> = valid();
          if (edit) fields.existingImages = JSON.stringify(productImages);
          if (field !== 'filename') fields[field] = value.replace(/[\r\n"]/g, ' ');
          const filename = field === 'filename' ? value.replace(/[\r\n"]/g, '_') : 'photo.jpg';
          const body = multipart(fields, [imageFile(jpeg, filename)]);
          const response = await app.inject({
            method: edit ? 'PUT' : 'POST',
            url: edit ? `/api/products/${productId}` : '/api/products',
            payload: body.payload,
            headers: { ...bearer(admin), ...body.headers },
          });
          check(response);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the CSV import answers hostile cells with less than a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { minLength: 12, maxLength: 12 }), async (cells) => {
        const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
        const csv = `id,name,slug,description,price,stock,category,subcategory,isHotBuy,isNewlyAdded,specifications,images\n${cells.map(quote).join(',')}\n`;
        const body = multipart({}, [{ field: 'file', filename: 'x.csv', bytes: Buffer.from(csv) }]);
        const response = await app.inject({
          method: 'POST',
          url: '/api/products/import?dryRun=true',
          payload: body.payload,
          headers: { ...bearer(admin), ...body.headers },
        });
        check(response);
      }),
      { numRuns: 40 },
    );
  });

  it('a malformed multipart body is a 400, not a 500', async () => {
    for (const payload of ['--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated', '', 'garbage']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/products',
        payload,
        headers: { ...bearer(admin), 'content-type': 'multipart/form-data; boundary=x' },
      });
      check(response);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});
