import {
  hundredthsToUnits,
  isLengthUnit,
  LINE_MAX_UNITS,
  PRODUCT_CSV_COLUMNS,
  type PriceBreakHundredths,
  SALE_TERMS_MESSAGES,
  SALE_UNITS,
  type SaleTerms,
  saleTermsProblems,
} from '@shop/shared';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, type Session } from '../../../test/accounts';
import { createTestApp } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { termsBeyondLineMax } from './catalog-admin.service';

// Units of sale through the catalogue CSV (issue 24): whatever terms and stock the rules allow,
// export → import gives back the very integers that were stored; an old file imports as pieces;
// bad terms are row errors under their own column.

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let admin: Session;
let sub: { id: string; category_id: string; slug: string; category_slug: string };
let demoImage: string;

beforeAll(async () => {
  shop = await createTestApp();
  app = shop.app;
  admin = await login(app, ADMIN.email, ADMIN.password);
  const [row] = await shop.database.query<typeof sub>(
    `SELECT s.id, s.category_id, s.slug, c.slug AS category_slug
       FROM subcategories s JOIN categories c ON c.id = s.category_id ORDER BY s.slug LIMIT 1`,
  );
  sub = row as typeof sub;
  const [image] = await shop.database.query<{ url: string }>('SELECT images->>0 AS url FROM products LIMIT 1');
  demoImage = image?.url as string;
});
afterAll(async () => shop?.close());

async function exportRows(): Promise<Record<string, string>[]> {
  const response = await app.inject({ method: 'GET', url: '/api/products/export.csv', headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  const { parse } = await import('csv-parse/sync');
  return parse(response.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
}

async function importCsv(csv: string, dryRun: boolean) {
  const body = multipart({}, [
    { field: 'file', filename: 'products.csv', contentType: 'text/csv', bytes: Buffer.from(csv) },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/products/import${dryRun ? '?dryRun=true' : ''}`,
    payload: body.payload,
    headers: { ...bearer(admin), ...body.headers },
  });
}

const cellText = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvOf = (columns: readonly string[], rows: Record<string, string>[]) =>
  `${columns.join(',')}\n${rows.map((row) => columns.map((column) => cellText(row[column] ?? '')).join(',')).join('\n')}\n`;

interface Stored {
  stock_hundredths: number;
  unit: string;
  step_hundredths: number;
  min_quantity_hundredths: number;
  pack_size: number | null;
  pack_item_name: string | null;
  price_breaks: PriceBreakHundredths[];
  price_kobo: number;
}

async function stored(slug: string): Promise<Stored> {
  const [row] = await shop.database.query<Stored>(
    `SELECT stock_hundredths, unit, step_hundredths, min_quantity_hundredths, pack_size, pack_item_name,
            price_breaks, price_kobo FROM products WHERE slug = $1`,
    [slug],
  );
  if (!row) throw new Error(`no product ${slug}`);
  // jsonb writes keys in its own order: compare the integers, not the text.
  return {
    ...row,
    price_breaks: row.price_breaks.map((line) => ({ minHundredths: line.minHundredths, priceKobo: line.priceKobo })),
  };
}

/** Terms, a price and a stock the rules accept (saleTermsProblems is empty), built so. */
const productArbitrary = fc
  .record({
    unit: fc.constantFrom(...SALE_UNITS),
    lengthStep: fc.constantFrom(1, 5, 10, 25, 50, 100, 250),
    minSteps: fc.integer({ min: 1, max: 20 }),
    packSize: fc.integer({ min: 2, max: 10_000 }),
    packItemName: fc.constantFrom(null, 'buttons', 'hooks', 'stones, mixed'),
    priceKobo: fc.integer({ min: 1_000, max: 50_000_000 }),
    stockUnits: fc.integer({ min: 0, max: 10_000_000 }),
    stockFraction: fc.integer({ min: 0, max: 99 }),
    breaks: fc.array(
      fc.record({ stepsMore: fc.integer({ min: 1, max: 400 }), cut: fc.integer({ min: 1, max: 5_000 }) }),
      {
        maxLength: 5,
      },
    ),
  })
  .map((draw) => {
    const length = isLengthUnit(draw.unit);
    const step = length ? draw.lengthStep : 100;
    const min = step * draw.minSteps;
    let stock = draw.stockUnits * 100 + (length ? draw.stockFraction : 0);
    if (stock > 1_000_000_000) stock = 1_000_000_000;
    const priceBreaks: PriceBreakHundredths[] = [];
    let at = min;
    let price = draw.priceKobo;
    for (const line of draw.breaks) {
      at += step * line.stepsMore;
      price -= line.cut;
      // A break no line can reach (past the unit's line maximum) is refused: termsBeyondLineMax.
      if (price < 100 || at > LINE_MAX_UNITS[draw.unit] * 100) break;
      priceBreaks.push({ minHundredths: at, priceKobo: price });
    }
    const terms: SaleTerms = {
      unit: draw.unit,
      stepHundredths: step,
      minHundredths: min,
      packSize: draw.unit === 'pack' ? draw.packSize : null,
      packItemName: draw.unit === 'pack' ? draw.packItemName : null,
      priceBreaks,
    };
    return { terms, priceKobo: draw.priceKobo, stock };
  })
  .filter(
    ({ terms, priceKobo, stock }) =>
      saleTermsProblems(terms, priceKobo, stock).length === 0 && Object.keys(termsBeyondLineMax(terms)).length === 0,
  );

let serial = 0;

describe('units of sale through the catalogue CSV', () => {
  it('gives back the stored integers (stock, step, minimum, pack, breaks) after export and import, previewed and applied', async () => {
    await fc.assert(
      fc.asyncProperty(productArbitrary, async ({ terms, priceKobo, stock }) => {
        serial += 1;
        const slug = `csv-units-${serial}`;
        const copy = `csv-units-${serial}-copy`;
        await shop.database.query(
          `INSERT INTO products (name, slug, description, price_kobo, stock_hundredths, unit, step_hundredths,
                                 min_quantity_hundredths, pack_size, pack_item_name, price_breaks, images,
                                 subcategory_id, category_id)
           VALUES ($1, $2, 'Round trip', $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13)`,
          [
            `CSV units ${serial}`,
            slug,
            priceKobo,
            stock,
            terms.unit,
            terms.stepHundredths,
            terms.minHundredths,
            terms.packSize,
            terms.packItemName,
            JSON.stringify(terms.priceBreaks),
            JSON.stringify([demoImage]),
            sub.id,
            sub.category_id,
          ],
        );
        try {
          const before = await stored(slug);
          const row = (await exportRows()).find((line) => line.slug === slug) as Record<string, string>;
          // Quantities as quantityText writes them: never a trailing zero.
          for (const column of ['stock', 'step', 'minQuantity']) expect(row[column]).not.toMatch(/\.\d*0$/);

          // Its own row back: unchanged, in preview and applied.
          const same = csvOf(PRODUCT_CSV_COLUMNS, [row]);
          const preview = await importCsv(same, true);
          expect(preview.statusCode, preview.body).toBe(200);
          expect(preview.json()).toMatchObject({
            errors: [],
            rows: [{ action: 'unchanged', stock: hundredthsToUnits(stock) }],
          });
          expect((await importCsv(same, false)).json()).toMatchObject({ applied: true, updated: 0, created: 0 });
          expect(await stored(slug)).toEqual(before);

          // The same row as a new product: created with the very same integers.
          const fresh = csvOf(PRODUCT_CSV_COLUMNS, [{ ...row, id: '', slug: copy, name: `${row.name} copy` }]);
          const dry = await importCsv(fresh, true);
          expect(dry.json()).toMatchObject({
            errors: [],
            rows: [{ action: 'create', stock: hundredthsToUnits(stock) }],
          });
          const applied = await importCsv(fresh, false);
          expect(applied.statusCode, applied.body).toBe(200);
          expect(await stored(copy)).toEqual(before);
        } finally {
          await shop.database.query('DELETE FROM products WHERE slug = ANY($1)', [[slug, copy]]);
        }
      }),
      { numRuns: 30 },
    );
  }, 240_000);

  it('imports a file exported before units of sale (no unit columns) as pieces', async () => {
    const old = ['id', 'name', 'slug', 'description', 'price', 'stock', 'category', 'subcategory', 'images'];
    const csv = csvOf(old, [
      {
        name: 'Old file lace',
        slug: 'old-file-lace',
        description: 'From last year',
        price: '1500.50',
        stock: '7',
        category: sub.category_slug,
        subcategory: sub.slug,
        images: demoImage,
      },
    ]);
    try {
      const response = await importCsv(csv, false);
      expect(response.statusCode, response.body).toBe(200);
      expect(await stored('old-file-lace')).toEqual({
        stock_hundredths: 700,
        unit: 'piece',
        step_hundredths: 100,
        min_quantity_hundredths: 100,
        pack_size: null,
        pack_item_name: null,
        price_breaks: [],
        price_kobo: 150_050,
      });
      const product = (await app.inject({ method: 'GET', url: '/api/products/old-file-lace' })).json().product;
      expect(product).toMatchObject({ unit: 'piece', step: 1, minQuantity: 1, stock: 7, priceBreaks: [] });
    } finally {
      await shop.database.query(`DELETE FROM products WHERE slug = 'old-file-lace'`);
    }
  });

  it('creates a lace by the yard with its breaks, and reports bad terms under their own columns', async () => {
    const base = {
      description: 'Imported',
      price: '1200',
      category: sub.category_slug,
      subcategory: sub.slug,
      images: demoImage,
    };
    const csv = csvOf(PRODUCT_CSV_COLUMNS, [
      {
        ...base,
        name: 'Yard lace from CSV',
        slug: 'yard-lace-from-csv',
        stock: '37.5',
        unit: 'yard',
        step: '0.5',
        minQuantity: '1',
        priceBreaks: '10=1050 | 20=1000.50',
      },
      { ...base, name: 'Bolt', stock: '3', unit: 'bolt' },
      { ...base, name: 'Pack without size', stock: '3', unit: 'pack' },
      { ...base, name: 'Half a piece', stock: '2.5' },
      { ...base, name: 'Bad breaks', stock: '3', priceBreaks: 'ten yards at 1000' },
      { ...base, name: 'Break above price', stock: '3', priceBreaks: '5=1300' },
      { ...base, name: 'Off-step minimum', stock: '30', unit: 'yard', step: '0.5', minQuantity: '0.75' },
    ]);
    const preview = await importCsv(csv, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().errors).toEqual([
      { line: 3, column: 'unit', message: SALE_TERMS_MESSAGES.unitInvalid },
      { line: 4, column: 'packSize', message: SALE_TERMS_MESSAGES.packSizeRequired },
      { line: 5, column: 'stock', message: SALE_TERMS_MESSAGES.stockOffUnit },
      { line: 6, column: 'priceBreaks', message: SALE_TERMS_MESSAGES.breaksInvalid },
      { line: 7, column: 'priceBreaks', message: SALE_TERMS_MESSAGES.breakPriceInvalid },
      { line: 8, column: 'minQuantity', message: SALE_TERMS_MESSAGES.minOffStep },
    ]);
    try {
      const good = await importCsv(csvOf(PRODUCT_CSV_COLUMNS, [csvRow(csv, 1)]), false);
      expect(good.statusCode, good.body).toBe(200);
      expect(await stored('yard-lace-from-csv')).toMatchObject({
        stock_hundredths: 3750,
        unit: 'yard',
        step_hundredths: 50,
        min_quantity_hundredths: 100,
        price_breaks: [
          { minHundredths: 1000, priceKobo: 105_000 },
          { minHundredths: 2000, priceKobo: 100_050 },
        ],
      });
      const row = (await exportRows()).find((line) => line.slug === 'yard-lace-from-csv');
      expect(row).toMatchObject({ stock: '37.5', unit: 'yard', step: '0.5', minQuantity: '1', packSize: '' });
      expect(row?.priceBreaks).toBe('10=1050 | 20=1000.50');
    } finally {
      await shop.database.query(`DELETE FROM products WHERE slug = 'yard-lace-from-csv'`);
    }
  });
});

/** The nth data row (1-based) of a CSV made by csvOf, as a record. */
function csvRow(csv: string, n: number): Record<string, string> {
  const [header = '', ...lines] = csv.trimEnd().split('\n');
  const columns = header.split(',');
  const cells = (lines[n - 1] ?? '').split(',');
  return Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? '']));
}
