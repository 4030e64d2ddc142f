import type { Product, ProductSort, Subcategory } from '@shop/shared';
import { koboToNaira } from '@shop/shared';
import type { Database } from '../../db/client';

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

/** Each sort matches a covering index (schema/catalog.ts), alone or after a category id. */
const ORDER_BY: Record<ProductSort, string> = {
  newest: 'created_at DESC, id',
  price_asc: 'price_kobo, id',
  price_desc: 'price_kobo DESC, id DESC',
  name: 'name, id',
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
  constructor(private readonly database: Database) {}

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
    const [row] = await this.database.query<
      Subcategory & { categoryName: string; categorySlug: string }
    >(
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
   * the sort, so page 400 walks a narrow index instead of whole rows; the rows are read by id after.
   */
  async listProducts(filter: ProductFilter, sort: ProductSort, page: PageRequest) {
    const where = whereClause(filter);
    const limit = where.params.length + 1;
    const offset = where.params.length + 2;
    const [rows, [count]] = await Promise.all([
      this.database.query<ProductRow>(
        `WITH page AS MATERIALIZED (
           SELECT id FROM products ${where.sql} ORDER BY ${ORDER_BY[sort]} LIMIT $${limit} OFFSET $${offset}
         )
         SELECT ${PRODUCT_COLUMNS} FROM page JOIN products p ON p.id = page.id ${PRODUCT_JOINS}
         ORDER BY ${ORDER_BY[sort].replace(/(^|, )/g, '$1p.')}`,
        [...where.params, page.pageSize, (page.page - 1) * page.pageSize],
      ),
      this.database.query<{ total: number }>(`SELECT count(*)::int AS total FROM products ${where.sql}`, where.params),
    ]);
    return { products: rows.map(toProduct), total: count?.total ?? 0 };
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

  /** Full-text matches, ranked: name hits before category hits before description hits. */
  async searchFullText(tsquery: string, page: PageRequest) {
    const [rows, [count]] = await Promise.all([
      this.database.query<ProductRow>(
        `WITH hits AS MATERIALIZED (
           SELECT id, ts_rank_cd(search_vector, q) AS rank FROM products, to_tsquery('english', $1) q
            WHERE search_vector @@ q ORDER BY rank DESC, id LIMIT $2 OFFSET $3
         )
         SELECT ${PRODUCT_COLUMNS} FROM hits JOIN products p ON p.id = hits.id ${PRODUCT_JOINS}
         ORDER BY hits.rank DESC, p.id`,
        [tsquery, page.pageSize, (page.page - 1) * page.pageSize],
      ),
      this.database.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM products WHERE search_vector @@ to_tsquery('english', $1)`,
        [tsquery],
      ),
    ]);
    return { products: rows.map(toProduct), total: count?.total ?? 0 };
  }

  /**
   * For a query with a typo: full-text matches first, then products whose name or category
   * contains a word close to the query (pg_trgm word similarity, through its GIN index).
   */
  async searchWithTypos(tsquery: string, text: string, page: PageRequest) {
    const matches = `
      SELECT id, 2 + ts_rank_cd(search_vector, q) AS rank FROM products, to_tsquery('english', $1) q
       WHERE search_vector @@ q
      UNION
      SELECT id, word_similarity($2, search_text) AS rank FROM products
       WHERE $2 <% search_text`;
    const [rows, [count]] = await Promise.all([
      this.database.query<ProductRow>(
        `WITH hits AS MATERIALIZED (
           SELECT id, max(rank) AS rank FROM (${matches}) m GROUP BY id ORDER BY rank DESC, id LIMIT $3 OFFSET $4
         )
         SELECT ${PRODUCT_COLUMNS} FROM hits JOIN products p ON p.id = hits.id ${PRODUCT_JOINS}
         ORDER BY hits.rank DESC, p.id`,
        [tsquery, text, page.pageSize, (page.page - 1) * page.pageSize],
      ),
      this.database.query<{ total: number }>(`SELECT count(DISTINCT id)::int AS total FROM (${matches}) m`, [
        tsquery,
        text,
      ]),
    ]);
    return { products: rows.map(toProduct), total: count?.total ?? 0 };
  }
}
