import type { Product, ProductSort, Subcategory } from '@shop/shared';
import { koboToNaira } from '@shop/shared';
import type { Database } from '../../db/client';
import { ANCHOR_STEP, type ListingMemo } from './listing-memo';

/**
 * The catalogue's reads in plain SQL: the sort, the two-step paging and the search ranking
 * are clearer here than through a query builder.
 */

interface ProductRow {
  id: string;
  name: string;
  slug: string;
  description: string;
  price_kobo: number;
  stock: number;
  images: string[];
  specifications: { name: string; value: string }[];
  subcategory_id: string;
  category_id: string;
  is_hot_buy: boolean;
  is_newly_added: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  subcategory_name: string;
  subcategory_slug: string;
  category_name: string;
  category_slug: string;
}

const PRODUCT_COLUMNS = `p.id, p.name, p.slug, p.description, p.price_kobo, p.stock, p.images, p.specifications,
  p.subcategory_id, p.category_id, p.is_hot_buy, p.is_newly_added, p.created_at, p.updated_at,
  s.name AS subcategory_name, s.slug AS subcategory_slug, c.name AS category_name, c.slug AS category_slug`;
const PRODUCT_JOINS = 'JOIN subcategories s ON s.id = p.subcategory_id JOIN categories c ON c.id = p.category_id';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: koboToNaira(row.price_kobo),
    stock: row.stock,
    images: row.images,
    specifications: row.specifications,
    subcategoryId: row.subcategory_id,
    subcategory: {
      id: row.subcategory_id,
      name: row.subcategory_name,
      slug: row.subcategory_slug,
      categoryId: row.category_id,
      category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    },
    isHotBuy: row.is_hot_buy,
    isNewlyAdded: row.is_newly_added,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * Each sort matches a covering index (schema/catalog.ts), alone or after a category id. Every
 * sort runs one way over its key, so "after this key" is one row comparison (see ANCHOR_STEP).
 */
const SORTS: Record<ProductSort, { key: string; keyTypes: [string, string]; order: string; after: '<' | '>' }> = {
  newest: { key: 'created_at, id', keyTypes: ['timestamptz', 'uuid'], order: 'created_at DESC, id DESC', after: '<' },
  price_asc: { key: 'price_kobo, id', keyTypes: ['int', 'uuid'], order: 'price_kobo, id', after: '>' },
  price_desc: { key: 'price_kobo, id', keyTypes: ['int', 'uuid'], order: 'price_kobo DESC, id DESC', after: '<' },
  name: { key: 'name, id', keyTypes: ['text', 'uuid'], order: 'name, id', after: '>' },
};

export interface ProductFilter {
  categoryId?: string;
  subcategoryId?: string;
  minPriceKobo?: number;
  maxPriceKobo?: number;
  inStock?: boolean;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** How alike two words must be (pg_trgm similarity) to count as the same word mistyped. */
const MIN_WORD_SIMILARITY = 0.4;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

function whereClause(filter: ProductFilter) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    params.push(value);
    conditions.push(condition.replace('?', `$${params.length}`));
  };
  if (filter.categoryId) add('category_id = ?', filter.categoryId);
  if (filter.subcategoryId) add('subcategory_id = ?', filter.subcategoryId);
  if (filter.minPriceKobo !== undefined) add('price_kobo >= ?', filter.minPriceKobo);
  if (filter.maxPriceKobo !== undefined) add('price_kobo <= ?', filter.maxPriceKobo);
  if (filter.inStock) conditions.push('stock > 0');
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export class CatalogRepository {
  constructor(
    private readonly database: Database,
    private readonly memo: ListingMemo,
  ) {}

  async listCategories() {
    return this.database.query<{ id: string; name: string; slug: string; description: string }>(
      'SELECT id, name, slug, description FROM categories ORDER BY position, name',
    );
  }

  async findCategory(idOrSlug: string) {
    const [row] = await this.database.query<{ id: string; name: string; slug: string; description: string }>(
      `SELECT id, name, slug, description FROM categories WHERE ${isUuid(idOrSlug) ? 'id = $1::uuid' : 'slug = $1'}`,
      [idOrSlug],
    );
    return row;
  }

  async listSubcategories(categoryId?: string): Promise<Subcategory[]> {
    return this.database.query<Subcategory>(
      `SELECT id, name, slug, description, category_id AS "categoryId" FROM subcategories
        ${categoryId ? 'WHERE category_id = $1' : ''} ORDER BY position, name`,
      categoryId ? [categoryId] : [],
    );
  }

  async findSubcategory(idOrSlug: string) {
    const [row] = await this.database.query<Subcategory & { categoryName: string; categorySlug: string }>(
      `SELECT s.id, s.name, s.slug, s.description, s.category_id AS "categoryId",
              c.name AS "categoryName", c.slug AS "categorySlug"
         FROM subcategories s JOIN categories c ON c.id = s.category_id
        WHERE ${isUuid(idOrSlug) ? 's.id = $1::uuid' : 's.slug = $1'}`,
      [idOrSlug],
    );
    return row;
  }

  /**
   * One page of products. The page's ids come from an index-only scan of the covering index for
   * the sort, starting from the nearest anchor before the page, so page 400 costs about what
   * page 1 does; the rows are then read by id. Totals and anchors are remembered per filter.
   */
  async listProducts(filter: ProductFilter, sort: ProductSort, page: PageRequest) {
    const where = whereClause(filter);
    const memoKey = `${where.sql} ${JSON.stringify(where.params)}`;
    const total = await this.memo.remember(`total ${memoKey}`, async () => {
      const [row] = await this.database.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM products ${where.sql}`,
        where.params,
      );
      return row?.total ?? 0;
    });
    const offset = (page.page - 1) * page.pageSize;
    if (offset >= total) return { products: [], total };

    const { key, keyTypes, order, after } = SORTS[sort];
    const conditions = where.sql ? [where.sql.replace(/^WHERE /, '')] : [];
    const params = [...where.params];
    let skip = offset;
    const block = Math.floor(offset / ANCHOR_STEP);
    if (block > 0) {
      const anchors = await this.memo.remember(`anchors ${sort} ${memoKey}`, () =>
        this.database.query<{ a: string; b: string }>(
          `SELECT a, b FROM (
             SELECT (${key.split(', ')[0]})::text AS a, id::text AS b, row_number() OVER (ORDER BY ${order}) AS n
               FROM products ${where.sql}
           ) ranked WHERE n % ${ANCHOR_STEP} = 0 ORDER BY n`,
          where.params,
        ),
      );
      const anchor = anchors[block - 1];
      if (anchor) {
        params.push(anchor.a, anchor.b);
        conditions.push(`(${key}) ${after} ($${params.length - 1}::${keyTypes[0]}, $${params.length}::${keyTypes[1]})`);
        skip = offset - block * ANCHOR_STEP;
      }
    }
    params.push(page.pageSize, skip);
    const rows = await this.database.query<ProductRow>(
      `WITH page AS MATERIALIZED (
         SELECT id FROM products ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
          ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}
       )
       SELECT ${PRODUCT_COLUMNS} FROM page JOIN products p ON p.id = page.id ${PRODUCT_JOINS}
       ORDER BY ${order.replace(/(^|, )/g, '$1p.')}`,
      params,
    );
    return { products: rows.map(toProduct), total };
  }

  async findProduct(idOrSlug: string) {
    const [row] = await this.database.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products p ${PRODUCT_JOINS}
        WHERE ${isUuid(idOrSlug) ? 'p.id = $1::uuid' : 'p.slug = $1'}`,
      [idOrSlug],
    );
    return row ? toProduct(row) : undefined;
  }

  /** Same subcategory first, then the rest of the category, newest first. */
  async relatedProducts(product: Product, limit: number) {
    const rows = await this.database.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products p ${PRODUCT_JOINS}
        WHERE p.category_id = $1 AND p.id <> $2
        ORDER BY (p.subcategory_id = $3) DESC, p.created_at DESC, p.id
        LIMIT $4`,
      [product.subcategory.categoryId, product.id, product.subcategoryId, limit],
    );
    return rows.map(toProduct);
  }

  async hotBuys(limit: number) {
    const rows = await this.database.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products p ${PRODUCT_JOINS}
        WHERE p.is_hot_buy ORDER BY p.updated_at DESC, p.id LIMIT $1`,
      [limit],
    );
    return rows.map(toProduct);
  }

  /** Newly added first, then the newest of the rest. */
  async featured(limit: number) {
    const rows = await this.database.query<ProductRow>(
      `(SELECT ${PRODUCT_COLUMNS}, 0 AS rank FROM products p ${PRODUCT_JOINS}
         WHERE p.is_newly_added ORDER BY p.created_at DESC, p.id LIMIT $1)
       UNION ALL
       (SELECT ${PRODUCT_COLUMNS}, 1 AS rank FROM products p ${PRODUCT_JOINS}
         WHERE NOT p.is_newly_added ORDER BY p.created_at DESC, p.id LIMIT $1)
       ORDER BY rank, created_at DESC, id LIMIT $1`,
      [limit],
    );
    return rows.map(toProduct);
  }

  /**
   * Full-text matches, ranked: name hits before category hits before description hits. The
   * total comes from the same scan (a window count), so the matches are read once.
   */
  async searchFullText(tsquery: string, page: PageRequest) {
    const rows = await this.database.query<ProductRow & { total: number }>(
      `WITH hits AS MATERIALIZED (
         SELECT id, ts_rank(search_vector, q) AS rank, count(*) OVER () AS total
           FROM products, to_tsquery('english', $1) q
          WHERE search_vector @@ q ORDER BY rank DESC, id LIMIT $2 OFFSET $3
       )
       SELECT ${PRODUCT_COLUMNS}, hits.total::int AS total FROM hits JOIN products p ON p.id = hits.id ${PRODUCT_JOINS}
       ORDER BY hits.rank DESC, p.id`,
      [tsquery, page.pageSize, (page.page - 1) * page.pageSize],
    );
    if (rows.length === 0 && page.page > 1) {
      // Past the last page the window has no rows to count: count on their own.
      const [count] = await this.database.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM products WHERE search_vector @@ to_tsquery('english', $1)`,
        [tsquery],
      );
      return { products: [], total: count?.total ?? 0 };
    }
    return { products: rows.map(toProduct), total: rows[0]?.total ?? 0 };
  }

  /**
   * For each word of a search, up to three known words spelt nearly the same ("rhinstone" →
   * "rhinestone"), from the short search_words list through its trigram index.
   */
  async similarWords(words: string[]) {
    const rows = await this.database.query<{ query: string; word: string }>(
      `SELECT q.word AS query, w.word
         FROM unnest($1::text[]) AS q(word)
         CROSS JOIN LATERAL (
           SELECT word FROM search_words
            WHERE word % q.word AND word <> q.word AND similarity(word, q.word) >= $2
            ORDER BY similarity(word, q.word) DESC, word LIMIT 3
         ) w`,
      [words, MIN_WORD_SIMILARITY],
    );
    const similar = new Map<string, string[]>();
    for (const row of rows) similar.set(row.query, [...(similar.get(row.query) ?? []), row.word]);
    return similar;
  }
}
