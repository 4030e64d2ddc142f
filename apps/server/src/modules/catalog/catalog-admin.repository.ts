import {
  type AdminProduct,
  type AdminProductSort,
  type Category,
  LOW_STOCK_THRESHOLD,
  type PriceBreakHundredths,
  type Product,
  QUANTITY_SCALE,
  type SaleTerms,
  type SaleUnit,
  type Subcategory,
} from '@shop/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isUuid, saleTermsOfRow, toProduct } from './catalog.repository';

/**
 * The SQL of the admin's catalogue writes: products, categories and subcategories, the admin's
 * product table, the CSV export and the "is this image still used?" check. Methods that join a
 * service's transaction take an Executor. The storefront's reads stay in catalog.repository.ts.
 */

type ProductRow = Parameters<typeof toProduct>[0];
type Specification = { name: string; value: string };

const PRODUCT_COLUMNS = sql.raw(`p.id, p.name, p.slug, p.description, p.price_kobo, p.stock_hundredths, p.unit,
  p.step_hundredths, p.min_quantity_hundredths, p.pack_size, p.pack_item_name, p.price_breaks, p.images, p.specifications,
  p.subcategory_id, p.category_id, p.is_hot_buy, p.is_newly_added, p.created_at, p.updated_at,
  s.name AS subcategory_name, s.slug AS subcategory_slug, c.name AS category_name, c.slug AS category_slug`);
const PRODUCT_JOINS = sql.raw(
  'JOIN subcategories s ON s.id = p.subcategory_id JOIN categories c ON c.id = p.category_id',
);

async function rows<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const ADMIN_SORTS: Record<AdminProductSort, string> = {
  updated: 'p.updated_at',
  name: 'lower(p.name)',
  category: 'lower(c.name), lower(s.name)',
  price: 'p.price_kobo',
  stock: 'p.stock_hundredths',
  hotBuy: 'p.is_hot_buy',
  newlyAdded: 'p.is_newly_added',
};

export interface AdminProductFilter {
  search?: string;
  categoryId?: string;
  subcategoryId?: string;
  stock?: 'low' | 'out';
  sort: AdminProductSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** What a product write stores (the category comes from the subcategory). */
export interface ProductValues {
  name: string;
  slug: string;
  description: string;
  priceKobo: number;
  /** In hundredths of the unit of sale, and how it is sold (units.ts SaleTerms, flat). */
  stockHundredths: number;
  unit: SaleUnit;
  stepHundredths: number;
  minHundredths: number;
  packSize: number | null;
  packItemName: string | null;
  /** Ascending by minHundredths. */
  priceBreaks: PriceBreakHundredths[];
  images: string[];
  specifications: Specification[];
  subcategoryId: string;
  categoryId: string;
  isHotBuy: boolean;
  isNewlyAdded: boolean;
}

export interface StoredProduct extends ProductValues {
  id: string;
}

export type SlugTable = 'products' | 'categories' | 'subcategories';

/** Where a batch of the CSV export starts: after this product. */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

/** What lockProduct and storedProducts read: a product's ProductValues and id. */
const STORED_COLUMNS = sql.raw(`id, name, slug, description, price_kobo AS "priceKobo",
  stock_hundredths AS "stockHundredths", unit, step_hundredths AS "stepHundredths",
  min_quantity_hundredths AS "minHundredths", pack_size AS "packSize", pack_item_name AS "packItemName",
  price_breaks AS "priceBreaks", images, specifications,
  subcategory_id AS "subcategoryId", category_id AS "categoryId",
  is_hot_buy AS "isHotBuy", is_newly_added AS "isNewlyAdded"`);

/** Price breaks as stored: [{minHundredths, priceKobo}], ascending, nothing else. */
const breaksJson = (breaks: readonly PriceBreakHundredths[]) =>
  JSON.stringify(
    [...breaks]
      .sort((a, b) => a.minHundredths - b.minHundredths)
      .map((line) => ({ minHundredths: line.minHundredths, priceKobo: line.priceKobo })),
  );

/** Ids (already checked to be UUIDs) as one PostgreSQL array literal. */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** A LIKE pattern that matches `text` literally. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export class CatalogAdminRepository {
  constructor(private readonly database: Database) {}

  get db() {
    return this.database.db;
  }

  // ---------- Products ----------

  async listProducts(filter: AdminProductFilter): Promise<{ products: AdminProduct[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.search) {
      const like = `%${likeEscape(filter.search.trim())}%`;
      conditions.push(sql`(p.name ILIKE ${like} OR p.slug ILIKE ${like} OR p.id::text ILIKE ${like})`);
    }
    if (filter.categoryId) conditions.push(sql`(c.id::text = ${filter.categoryId} OR c.slug = ${filter.categoryId})`);
    if (filter.subcategoryId)
      conditions.push(sql`(s.id::text = ${filter.subcategoryId} OR s.slug = ${filter.subcategoryId})`);
    // Out: not even the minimum of one line left (units.ts isPurchasable); low: buyable, but at
    // most LOW_STOCK_THRESHOLD whole units of sale left (5 yards, 5 packs), compared in hundredths.
    if (filter.stock === 'out') conditions.push(sql`p.stock_hundredths < p.min_quantity_hundredths`);
    if (filter.stock === 'low')
      conditions.push(
        sql`p.stock_hundredths >= p.min_quantity_hundredths AND p.stock_hundredths <= ${LOW_STOCK_THRESHOLD * QUANTITY_SCALE}`,
      );
    const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
    const dir = filter.dir === 'asc' ? 'ASC' : 'DESC';
    const order = sql.raw(
      `${ADMIN_SORTS[filter.sort]
        .split(', ')
        .map((key) => `${key} ${dir}`)
        .join(', ')}, p.id ${dir}`,
    );
    const [count] = await rows<{ total: number }>(
      this.db,
      sql`SELECT count(*)::int AS total FROM products p ${PRODUCT_JOINS} ${where}`,
    );
    // With each product, how many wait for it to be back (open confirmed alerts, migrations 0015 and 0020).
    const found = await rows<ProductRow & { waiting: number }>(
      this.db,
      sql`SELECT ${PRODUCT_COLUMNS},
            (SELECT count(*)::int FROM stock_alerts a
              WHERE a.product_id = p.id AND a.confirmed_at IS NOT NULL AND a.notified_at IS NULL AND a.cancelled_at IS NULL) AS waiting
          FROM products p ${PRODUCT_JOINS} ${where}
          ORDER BY ${order} LIMIT ${filter.pageSize} OFFSET ${(filter.page - 1) * filter.pageSize}`,
    );
    return { products: found.map((row) => ({ ...toProduct(row), waiting: row.waiting })), total: count?.total ?? 0 };
  }

  /** The product as the API shows it, or undefined. */
  async product(executor: Executor, id: string): Promise<Product | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await rows<ProductRow>(
      executor,
      sql`SELECT ${PRODUCT_COLUMNS} FROM products p ${PRODUCT_JOINS} WHERE p.id = ${id}::uuid`,
    );
    return row ? toProduct(row) : undefined;
  }

  /** The stored values of a product, its row locked until the transaction ends. */
  async lockProduct(tx: Executor, id: string): Promise<StoredProduct | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await rows<StoredProduct>(
      tx,
      sql`SELECT ${STORED_COLUMNS} FROM products WHERE id = ${id}::uuid FOR UPDATE`,
    );
    return row;
  }

  /**
   * Stored values of many products by id (the CSV import). With `lock`, inside the import's write:
   * their rows stay locked until the transaction ends, taken in id order, as an order's stock
   * reservation takes them, so the two never wait on each other in a circle. A product deleted
   * meanwhile is missing; one updated meanwhile is read as committed.
   */
  async storedProducts(executor: Executor, ids: string[], { lock = false } = {}): Promise<StoredProduct[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return rows<StoredProduct>(
      executor,
      sql`SELECT ${STORED_COLUMNS} FROM products WHERE id = ANY(${uuidArray(valid)}::uuid[])
          ${lock ? sql`ORDER BY id FOR UPDATE` : sql``}`,
    );
  }

  async insertProduct(tx: Executor, values: ProductValues): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO products (name, slug, description, price_kobo, stock_hundredths, unit, step_hundredths,
                                min_quantity_hundredths, pack_size, pack_item_name, price_breaks, images, specifications,
                                subcategory_id, category_id, is_hot_buy, is_newly_added)
          VALUES (${values.name}, ${values.slug}, ${values.description}, ${values.priceKobo}, ${values.stockHundredths},
                  ${values.unit}, ${values.stepHundredths}, ${values.minHundredths}, ${values.packSize},
                  ${values.packItemName}, ${breaksJson(values.priceBreaks)}::jsonb,
                  ${JSON.stringify(values.images)}::jsonb, ${JSON.stringify(values.specifications)}::jsonb,
                  ${values.subcategoryId}::uuid, ${values.categoryId}::uuid, ${values.isHotBuy}, ${values.isNewlyAdded})
          RETURNING id`,
    );
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  async updateProduct(tx: Executor, id: string, values: ProductValues): Promise<void> {
    await tx.execute(
      sql`UPDATE products SET name = ${values.name}, slug = ${values.slug}, description = ${values.description},
            price_kobo = ${values.priceKobo}, stock_hundredths = ${values.stockHundredths}, unit = ${values.unit},
            step_hundredths = ${values.stepHundredths}, min_quantity_hundredths = ${values.minHundredths},
            pack_size = ${values.packSize}, pack_item_name = ${values.packItemName},
            price_breaks = ${breaksJson(values.priceBreaks)}::jsonb, images = ${JSON.stringify(values.images)}::jsonb,
            specifications = ${JSON.stringify(values.specifications)}::jsonb,
            subcategory_id = ${values.subcategoryId}::uuid, category_id = ${values.categoryId}::uuid,
            is_hot_buy = ${values.isHotBuy}, is_newly_added = ${values.isNewlyAdded}, updated_at = now()
          WHERE id = ${id}::uuid`,
    );
  }

  /** Deletes the product; its images, or undefined when there was none. */
  async deleteProduct(tx: Executor, id: string): Promise<string[] | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await rows<{ images: string[] }>(
      tx,
      sql`DELETE FROM products WHERE id = ${id}::uuid RETURNING images`,
    );
    return row?.images;
  }

  /**
   * Holds uploaded images' files until the transaction ends, by their content hashes: a writer
   * that stores or keeps a file, and a remover that checks a file is unused before deleting it,
   * take turns (sorted, so two writers never wait on each other in a circle).
   */
  async lockImageFiles(tx: Executor, hashes: string[]): Promise<void> {
    if (hashes.length === 0) return;
    await rows(
      tx,
      sql`SELECT pg_advisory_xact_lock(hashtextextended('product-image:' || h, 0))
            FROM (SELECT DISTINCT h FROM jsonb_array_elements_text(${JSON.stringify(hashes)}::jsonb) AS h ORDER BY h) AS sorted`,
    );
  }

  /** True while a product or an order line (its snapshot) shows this image URL. */
  async imageInUse(url: string, executor: Executor = this.db): Promise<boolean> {
    const [row] = await rows<{ used: boolean }>(
      executor,
      sql`SELECT EXISTS (SELECT 1 FROM products WHERE images @> ${JSON.stringify([url])}::jsonb)
              OR EXISTS (SELECT 1 FROM order_items WHERE image = ${url}) AS used`,
    );
    return Boolean(row?.used);
  }

  /** Image URLs some product shows, of those given. */
  async imagesInProducts(urls: string[]): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const found = await rows<{ url: string }>(
      this.db,
      sql`SELECT DISTINCT u.url FROM jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb) AS u(url)
           WHERE EXISTS (SELECT 1 FROM products WHERE images @> jsonb_build_array(u.url))`,
    );
    return new Set(found.map((row) => row.url));
  }

  /**
   * A batch of the CSV export: at most `limit` products after `after`, oldest first (created_at,
   * then id: a stable order, so two exports compare), and where the next batch starts. The
   * keyset is one row comparison, products_newest_idx read backwards; `createdAt` is the
   * timestamp as text, keeping the microseconds a Date would drop.
   */
  async exportBatch(
    after: ExportCursor | null,
    limit: number,
  ): Promise<{
    products: (Product & { categorySlug: string; stockHundredths: number; terms: SaleTerms })[];
    next: ExportCursor | null;
  }> {
    const keyset = after
      ? sql`WHERE (p.created_at, p.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const found = await rows<ProductRow & { cursor: string }>(
      this.db,
      sql`SELECT ${PRODUCT_COLUMNS}, p.created_at::text AS cursor FROM products p ${PRODUCT_JOINS} ${keyset}
          ORDER BY p.created_at, p.id LIMIT ${limit}`,
    );
    const last = found.at(-1);
    return {
      products: found.map((row) => ({
        ...toProduct(row),
        categorySlug: row.category_slug,
        stockHundredths: row.stock_hundredths,
        terms: saleTermsOfRow(row),
      })),
      next: last ? { createdAt: last.cursor, id: last.id } : null,
    };
  }

  // ---------- Slugs ----------

  async slugTaken(executor: Executor, table: SlugTable, slug: string, exceptId?: string): Promise<boolean> {
    if (exceptId !== undefined && !isUuid(exceptId)) exceptId = undefined;
    const [row] = await rows<{ taken: boolean }>(
      executor,
      sql`SELECT EXISTS (SELECT 1 FROM ${sql.raw(table)} WHERE slug = ${slug}
            AND (${exceptId ?? null}::uuid IS NULL OR id <> ${exceptId ?? null}::uuid)) AS taken`,
    );
    return Boolean(row?.taken);
  }

  /** `base`, or `base-2`, `base-3`… : the first one no row of the table has and `reserved` lacks. */
  async freeSlug(
    executor: Executor,
    table: SlugTable,
    base: string,
    reserved: ReadonlySet<string> = new Set(),
  ): Promise<string> {
    const taken = new Set(
      (
        await rows<{ slug: string }>(
          executor,
          sql`SELECT slug FROM ${sql.raw(table)} WHERE slug = ${base} OR slug LIKE ${`${likeEscape(base)}-%`}`,
        )
      ).map((row) => row.slug),
    );
    for (let n = 1; ; n += 1) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!taken.has(slug) && !reserved.has(slug)) return slug;
    }
  }

  // ---------- Categories and subcategories ----------

  async category(executor: Executor, id: string): Promise<Omit<Category, 'subcategories'> | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await rows<Omit<Category, 'subcategories'>>(
      executor,
      sql`SELECT id, name, slug, description FROM categories WHERE id = ${id}::uuid`,
    );
    return row;
  }

  async subcategory(executor: Executor, id: string): Promise<Subcategory | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await rows<Subcategory>(
      executor,
      sql`SELECT id, name, slug, description, category_id AS "categoryId" FROM subcategories WHERE id = ${id}::uuid`,
    );
    return row;
  }

  async subcategoriesOf(executor: Executor, categoryId: string): Promise<Subcategory[]> {
    return rows<Subcategory>(
      executor,
      sql`SELECT id, name, slug, description, category_id AS "categoryId" FROM subcategories
           WHERE category_id = ${categoryId}::uuid ORDER BY position, name`,
    );
  }

  /** Every category with its subcategories' slugs and names (the CSV import resolves them). */
  async allSubcategories(executor: Executor) {
    return rows<{
      id: string;
      slug: string;
      name: string;
      categoryId: string;
      categorySlug: string;
      categoryName: string;
    }>(
      executor,
      sql`SELECT s.id, s.slug, s.name, c.id AS "categoryId", c.slug AS "categorySlug", c.name AS "categoryName"
            FROM subcategories s JOIN categories c ON c.id = s.category_id`,
    );
  }

  async insertCategory(tx: Executor, values: { name: string; slug: string; description: string }) {
    const [row] = await rows<Omit<Category, 'subcategories'>>(
      tx,
      sql`INSERT INTO categories (name, slug, description, position)
          VALUES (${values.name}, ${values.slug}, ${values.description},
                  (SELECT coalesce(max(position), 0) + 1 FROM categories))
          RETURNING id, name, slug, description`,
    );
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async updateCategory(tx: Executor, id: string, values: { name: string; slug: string; description: string }) {
    await tx.execute(
      sql`UPDATE categories SET name = ${values.name}, slug = ${values.slug}, description = ${values.description},
            updated_at = now() WHERE id = ${id}::uuid`,
    );
  }

  async counts(executor: Executor, column: 'category_id' | 'subcategory_id', id: string) {
    const [row] = await rows<{ products: number; subcategories: number }>(
      executor,
      sql`SELECT (SELECT count(*)::int FROM products WHERE ${sql.raw(column)} = ${id}::uuid) AS products,
                 ${column === 'category_id' ? sql`(SELECT count(*)::int FROM subcategories WHERE category_id = ${id}::uuid)` : sql`0`} AS subcategories`,
    );
    return row ?? { products: 0, subcategories: 0 };
  }

  /**
   * Locks a category or subcategory row before its emptiness is counted: a product or
   * subcategory being added to it (its foreign key holds a KEY SHARE lock) is waited for and
   * then counted, so the delete answers 409 instead of failing on the foreign key (a 500).
   */
  async lockForDelete(tx: Executor, table: 'categories' | 'subcategories', id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const found = await rows<{ id: string }>(
      tx,
      sql`SELECT id FROM ${sql.raw(table)} WHERE id = ${id}::uuid FOR UPDATE`,
    );
    return found.length > 0;
  }

  /**
   * True when the subcategory still exists, held (FOR KEY SHARE) until the transaction ends: a
   * delete of it running meanwhile is waited for, so a product is never written against a
   * vanished subcategory (a foreign-key 500).
   */
  async holdSubcategory(tx: Executor, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const found = await rows<{ id: string }>(
      tx,
      sql`SELECT id FROM subcategories WHERE id = ${id}::uuid FOR KEY SHARE`,
    );
    return found.length > 0;
  }

  /** holdSubcategory for many (in id order): those still there, with their category. */
  async holdSubcategories(tx: Executor, ids: string[]): Promise<{ id: string; categoryId: string }[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return rows<{ id: string; categoryId: string }>(
      tx,
      sql`SELECT id, category_id AS "categoryId" FROM subcategories
           WHERE id = ANY(${uuidArray(valid)}::uuid[]) ORDER BY id FOR KEY SHARE`,
    );
  }

  /** The same for a category a subcategory is written to. */
  async holdCategory(tx: Executor, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const found = await rows<{ id: string }>(tx, sql`SELECT id FROM categories WHERE id = ${id}::uuid FOR KEY SHARE`);
    return found.length > 0;
  }

  async deleteCategory(tx: Executor, id: string) {
    await tx.execute(sql`DELETE FROM categories WHERE id = ${id}::uuid`);
  }

  async categoryIds(executor: Executor): Promise<string[]> {
    return (await rows<{ id: string }>(executor, sql`SELECT id FROM categories FOR UPDATE`)).map((row) => row.id);
  }

  async subcategoryIds(executor: Executor, categoryId: string): Promise<string[]> {
    return (
      await rows<{ id: string }>(
        executor,
        sql`SELECT id FROM subcategories WHERE category_id = ${categoryId}::uuid FOR UPDATE`,
      )
    ).map((row) => row.id);
  }

  /** Positions 1, 2, 3… in the order of ids. */
  async setPositions(tx: Executor, table: 'categories' | 'subcategories', ids: string[]) {
    await tx.execute(
      sql`UPDATE ${sql.raw(table)} t SET position = o.position, updated_at = now()
            FROM unnest(${`{${ids.join(',')}}`}::uuid[]) WITH ORDINALITY AS o(id, position)
           WHERE t.id = o.id AND t.position IS DISTINCT FROM o.position::int`,
    );
  }

  async insertSubcategory(
    tx: Executor,
    values: { name: string; slug: string; description: string; categoryId: string },
  ): Promise<Subcategory> {
    const [row] = await rows<Subcategory>(
      tx,
      sql`INSERT INTO subcategories (category_id, name, slug, description, position)
          VALUES (${values.categoryId}::uuid, ${values.name}, ${values.slug}, ${values.description},
                  (SELECT coalesce(max(position), 0) + 1 FROM subcategories WHERE category_id = ${values.categoryId}::uuid))
          RETURNING id, name, slug, description, category_id AS "categoryId"`,
    );
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async updateSubcategory(
    tx: Executor,
    id: string,
    values: { name: string; slug: string; description: string; categoryId: string },
    moved: boolean,
  ) {
    await tx.execute(
      sql`UPDATE subcategories SET name = ${values.name}, slug = ${values.slug}, description = ${values.description},
            category_id = ${values.categoryId}::uuid, updated_at = now(),
            position = CASE WHEN ${moved} THEN
              (SELECT coalesce(max(position), 0) + 1 FROM subcategories WHERE category_id = ${values.categoryId}::uuid)
              ELSE position END
          WHERE id = ${id}::uuid`,
    );
  }

  async deleteSubcategory(tx: Executor, id: string) {
    await tx.execute(sql`DELETE FROM subcategories WHERE id = ${id}::uuid`);
  }
}
