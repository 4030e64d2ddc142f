// `npm run seed:large -- --products 20000`: a big catalogue for benchmarks. Fills the database of
// DATABASE_URL (or PGlite under DATA_DIR) with the demo catalogue, then adds copies of its
// products in colour and pack variants until there are that many. Existing products are kept.
import { parseArgs } from 'node:util';
import type { SaleTerms } from '@shop/shared';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { demoCatalogue } from './catalogue-data';
import { demoImageUrl } from './product-images';
import { analyze, seedDemoCatalogue } from './seed-demo';
import { seedLargeOrders } from './seed-large-orders';

const VARIANTS = ['Ivory', 'Onion Pink', 'Wine', 'Emerald', 'Navy', 'Champagne', 'Coral', 'Lilac', 'Teal', 'Mustard'];
const BATCH = 500;

/**
 * Stock in hundredths of the unit: 0 to 399 units, lengths with a half yard on odd serials (the
 * demo's mix of units comes with the templates: yards, metres, packs and pieces).
 */
function stockOf(terms: SaleTerms, serial: number): number {
  const whole = ((serial * 13) % 400) * 100;
  return terms.unit === 'yard' || terms.unit === 'metre' ? whole + (serial % 2) * 50 : whole;
}

export async function seedLargeCatalogue(database: Awaited<ReturnType<typeof openDatabase>>, target: number) {
  await database.migrate();
  await seedDemoCatalogue(database);
  const [{ count } = { count: 0 }] = await database.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM products',
  );
  const subs = await database.query<{ id: string; slug: string; category_id: string }>(
    'SELECT id, slug, category_id FROM subcategories',
  );
  const subBySlug = new Map(subs.map((sub) => [sub.slug, sub]));
  const templates = demoCatalogue.flatMap((category) =>
    category.subcategories.flatMap((sub) => sub.products.map((product) => ({ product, sub: subBySlug.get(sub.slug) }))),
  );
  let made = count;
  const started = Date.now();
  while (made < target) {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let i = 0; i < BATCH && made < target; i += 1, made += 1) {
      const { product, sub } = templates[made % templates.length] ?? {};
      if (!product || !sub) throw new Error('demo catalogue and database disagree');
      const variant = VARIANTS[Math.floor(made / templates.length) % VARIANTS.length];
      const serial = made;
      const params = [
        `${product.name} – ${variant} #${serial}`,
        `${product.slug}-v${serial}`,
        product.description,
        // The template's terms, its breaks moved with its price so each stays below the one before.
        product.priceKobo + (serial % 7) * 500,
        stockOf(product.terms, serial),
        product.terms.unit,
        product.terms.stepHundredths,
        product.terms.minHundredths,
        product.terms.packSize,
        product.terms.packItemName,
        JSON.stringify(
          product.terms.priceBreaks.map((line) => ({
            minHundredths: line.minHundredths,
            priceKobo: line.priceKobo + (serial % 7) * 500,
          })),
        ),
        JSON.stringify(product.images.map((_, index) => demoImageUrl(product.slug, index))),
        JSON.stringify(product.specifications),
        sub.id,
        sub.category_id,
        new Date(Date.now() - (serial % 900) * 86_400_000 - serial * 1000),
      ];
      const base = values.length;
      values.push(...params);
      rows.push(`(${params.map((_, k) => `$${base + k + 1}`).join(', ')})`);
    }
    await database.query(
      `INSERT INTO products (name, slug, description, price_kobo, stock_hundredths, unit, step_hundredths,
                             min_quantity_hundredths, pack_size, pack_item_name, price_breaks, images, specifications,
                             subcategory_id, category_id, created_at)
       VALUES ${rows.join(', ')} ON CONFLICT (slug) DO NOTHING`,
      values,
    );
  }
  await analyze(database);
  return { before: count, after: made, ms: Date.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { products: { type: 'string', default: '20000' }, orders: { type: 'string', default: '0' } },
  });
  const target = Number(values.products);
  if (!Number.isInteger(target) || target < 1) {
    console.error('--products must be a whole number, for example --products 20000');
    process.exit(1);
  }
  const config = loadConfig();
  // A bench's seed inserts in big batches: every statement takes a job's bound.
  const jobMs = config.database.bounds?.jobMs;
  const database = await openDatabase({
    url: config.database.url,
    dataDir: config.database.dataDir,
    ...(jobMs === undefined ? {} : { bounds: { statementMs: jobMs, lockMs: jobMs, jobMs } }),
  });
  const result = await seedLargeCatalogue(database, target);
  console.log(`products: ${result.before} before, ${result.after} now (${result.ms} ms)`);
  // --orders N: customers and N orders for the admin benchmarks (seed-large-orders.ts).
  if (Number(values.orders) > 0) {
    const orders = await seedLargeOrders(database, Number(values.orders));
    console.log(`orders: ${orders.before} before, ${orders.after} now (${orders.ms} ms)`);
  }
  await database.close();
}
