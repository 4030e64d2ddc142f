import { count, sql } from 'drizzle-orm';
import { type Database, STARTUP_LOCK } from '../client';
import { categories, products as productsTable, subcategories } from '../schema';
import { demoCatalogue, type SeedCategory } from './catalogue-data';
import { demoImageUrl } from './product-images';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty catalogue with the demo catalogue, in one transaction so a crash half-way
 * leaves nothing. Returns false when the catalogue already has categories (a second start).
 */
export async function seedDemoCatalogue(
  database: Database,
  catalogue: SeedCategory[] = demoCatalogue,
  now = new Date(),
) {
  const [existing] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM categories');
  if ((existing?.count ?? 0) > 0) return false;

  const products = catalogue.flatMap((category) => category.subcategories.flatMap((sub) => sub.products));
  const seeded = await database.db.transaction(async (tx) => {
    // Waiting for another process's fill, and the fill itself, take a job's bound.
    await database.boundAsJob(tx);
    // Processes started together each saw the catalogue empty: one fills it, the others wait
    // for its commit here, look again and leave it.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${STARTUP_LOCK}))`);
    const [again] = await tx.select({ count: count() }).from(categories);
    if ((again?.count ?? 0) > 0) return false;
    let productIndex = 0;
    for (const [categoryPosition, category] of catalogue.entries()) {
      const [categoryRow] = await tx
        .insert(categories)
        .values({
          name: category.name,
          slug: category.slug,
          description: category.description,
          position: categoryPosition,
        })
        .returning({ id: categories.id });
      if (!categoryRow) throw new Error(`Could not insert category ${category.slug}`);
      for (const [subPosition, sub] of category.subcategories.entries()) {
        const [subRow] = await tx
          .insert(subcategories)
          .values({
            categoryId: categoryRow.id,
            name: sub.name,
            slug: sub.slug,
            description: sub.description,
            position: subPosition,
          })
          .returning({ id: subcategories.id });
        if (!subRow) throw new Error(`Could not insert subcategory ${sub.slug}`);
        const rows = sub.products.map((product) => {
          // Newly added products are the newest; the rest spread over the past year.
          productIndex += 1;
          const ageDays = product.isNewlyAdded ? productIndex % 12 : 14 + ((productIndex * 37) % 350);
          const createdAt = new Date(now.getTime() - ageDays * DAY_MS - productIndex * 60_000);
          return {
            name: product.name,
            slug: product.slug,
            description: product.description,
            priceKobo: product.priceKobo,
            stockHundredths: product.stockHundredths,
            unit: product.terms.unit,
            stepHundredths: product.terms.stepHundredths,
            minQuantityHundredths: product.terms.minHundredths,
            packSize: product.terms.packSize,
            packItemName: product.terms.packItemName,
            priceBreaks: [...product.terms.priceBreaks],
            images: product.images.map((_, index) => demoImageUrl(product.slug, index)),
            specifications: product.specifications,
            subcategoryId: subRow.id,
            categoryId: categoryRow.id,
            isHotBuy: product.isHotBuy,
            isNewlyAdded: product.isNewlyAdded,
            createdAt,
            updatedAt: createdAt,
          };
        });
        if (rows.length) await tx.insert(productsTable).values(rows);
      }
    }
    return true;
  });
  if (!seeded) return false;
  await analyze(database);
  return products.length;
}

/** Fresh statistics and visibility map, so plans use the covering indexes from the first request. */
export async function analyze(database: Database) {
  await database.query('VACUUM ANALYZE products');
  await database.query('VACUUM ANALYZE product_search');
  await database.query('ANALYZE categories');
  await database.query('ANALYZE subcategories');
}
