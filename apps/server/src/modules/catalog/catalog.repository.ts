import type {
  PriceBreakHundredths,
  Product,
  ProductCard,
  ProductSort,
  SaleTerms,
  SaleUnit,
  Subcategory,
} from '@shop/shared';
import { hundredthsToUnits, koboToNaira, SEARCH_TOTAL_CAP, saleFieldsOf } from '@shop/shared';
import type { Database } from '../../db/client';
import { RawJson } from '../../lib/raw-json';
import { ANCHOR_STEP, type ListingMemo } from './listing-memo';
import { inStockOnly, productRead, productsRead } from './stock-shown';

/**
 * The catalogue's reads in plain SQL: the sort, the two-step paging and the search ranking
 * are clearer here than through a query builder.
 */

export interface ProductRow {
  id: string;
  name: string;
  slug: string;
  description: string;
  price_kobo: number;
  stock_hundredths: number;
  unit: SaleUnit;
  step_hundredths: number;
  min_quantity_hundredths: number;
  pack_size: number | null;
  pack_item_name: string | null;
  price_breaks: PriceBreakHundredths[];
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

const PRODUCT_COLUMNS = `p.id, p.name, p.slug, p.description, p.price_kobo, p.stock_hundredths, p.unit,
  p.step_hundredths, p.min_quantity_hundredths, p.pack_size, p.pack_item_name, p.price_breaks, p.images, p.specifications,
  p.subcategory_id, p.category_id, p.is_hot_buy, p.is_newly_added, p.created_at, p.updated_at,
  s.name AS subcategory_name, s.slug AS subcategory_slug, c.name AS category_name, c.slug AS category_slug`;
const PRODUCT_JOINS = 'JOIN subcategories s ON s.id = p.subcategory_id JOIN categories c ON c.id = p.category_id';

/**
 * The card of a product (productCardOf over toProduct's answer) as JSON text, for the lists
 * (decision 018): Node then sends one string per product instead of parsing columns and
 * serialising them again. A card has no description, specifications or gallery, and names its
 * subcategory by id only. PostgreSQL writes it when the row is written (card_json, migration
 * 0016: building it in every answer cost ~20 µs a card, decision 033), so a list reads it as
 * it reads any column. catalog.test.ts compares it with productCardOf(toProduct) over the catalogue.
 */
const CARD_JSON = 'p.card_json AS json';

type CardJsonRow = { id: string; json: string };
export type CardJson = RawJson<ProductCard>;
const toCardJson = (row: CardJsonRow): CardJson => new RawJson<ProductCard>(row.json);

/**
 * Cards as they go into an answer, each marked with its product's id (stock-shown.ts): the
 * catalogue cache drops an answer holding them when their stock changes, and keeps the others.
 */
const shown = (rows: CardJsonRow[]): CardJson[] => rows.map((row) => productRead(toCardJson(row), row.id));

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** How a stored product is sold, in the integers the rules use (breaks ascending). */
export function saleTermsOfRow(row: ProductRow): SaleTerms {
  return {
    unit: row.unit,
    stepHundredths: row.step_hundredths,
    minHundredths: row.min_quantity_hundredths,
    packSize: row.pack_size,
    packItemName: row.pack_item_name,
    priceBreaks: row.price_breaks
      .map((line) => ({ minHundredths: line.minHundredths, priceKobo: line.priceKobo }))
      .sort((a, b) => a.minHundredths - b.minHundredths),
  };
}

export function toProduct(row: ProductRow): Product {
  const sale = saleFieldsOf(saleTermsOfRow(row));
  return {
    ...sale,
    priceBreaks: [...sale.priceBreaks],
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: koboToNaira(row.price_kobo),
    stock: hundredthsToUnits(row.stock_hundredths),
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
/** Fewer matches than this and a search also looks for words spelt nearly the same. */
export const TYPO_SEARCH_BELOW = 3;
/** The first this many matches of a search are ordered by ts_rank (within names, then the rest). */
export const RANK_WINDOW = 24;
const MAX_STEMS = 10_000;

/**
 * A search's tsquery, and the part of it the GIN indexes are asked when they are read: its whole
 * words without the prefix being typed, when there are any. A prefix's matches are gathered in
 * full by GIN ("head:*" over every "head…" word), so "lion head" asks the index for "lion" and
 * keeps the rows that also match "head:*" (when planSearch finds that cheaper: not for "gold
 * button", where "gold" is broad and the two together are few).
 */
export interface SearchQuery {
  full: string;
  indexed: string;
}

/** Which way each part of a search reads (see searchPage and CatalogService.planSearch). */
export interface SearchPlan {
  /** Count the matches by the index up to the cap; false when the statistics put them far beyond it. */
  count: boolean;
  /** Read the table in storage order for names that match (many do) instead of the names index. */
  scanNames: boolean;
  /** The same for products that match elsewhere than in their name. */
  scanOthers: boolean;
  /** Ask the GIN indexes for the finished words only and filter by the last (SearchQuery). */
  wholeWordsOnly: boolean;
  /**
   * The share of products the statistics expect to match in their name, and elsewhere only:
   * what a scan in storage order should find per row read, which bounds how far it reads
   * (scanBudget) before it gives way to the index. Absent: no bound.
   */
  nameShare?: number;
  otherShare?: number;
}

/**
 * A scan in storage order reads at most this many times the rows the statistics say it needs for
 * the stream, and never fewer than SCAN_BUDGET_MIN_ROWS; if it has not filled the stream by then,
 * the statistics were wrong (words common alone but rare together, "lace ribbon": the scan read
 * all 200,000 rows, 0.3 s, to find none) and the stream comes from the index instead. Both give
 * the same rows in the same order (a bitmap scan reads the table in storage order too), so the
 * bound changes the cost, never the answer.
 */
const SCAN_BUDGET_MARGIN = 4;
const SCAN_BUDGET_MIN_ROWS = 1_000;
/** PostgreSQL's LIMIT takes a bigint; anything past the table is "no bound". */
const SCAN_BUDGET_MAX_ROWS = 2 ** 53 - 1;

/** How many rows a scan may read for a stream of `length` matches at `share` (see above). */
export function scanBudget(length: number, share: number | undefined): number {
  if (share === undefined || !(share > 0)) return SCAN_BUDGET_MAX_ROWS;
  return Math.min(
    SCAN_BUDGET_MAX_ROWS,
    Math.ceil(Math.max(SCAN_BUDGET_MIN_ROWS, (SCAN_BUDGET_MARGIN * length) / share)),
  );
}

/** A typed word as the search uses it: accents folded, and its lexemes (see stems). */
export interface Stem {
  folded: string;
  lexemes: string[];
}

/** Share of products holding each common lexeme, per vector, and the number of products. */
export interface SearchStatistics {
  products: number;
  names: Map<string, number>;
  all: Map<string, number>;
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
  // In stock: at least the minimum one line may take is on the shelf (units.ts isPurchasable).
  if (filter.inStock) conditions.push('stock_hundredths >= min_quantity_hundredths');
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** What searchPage's one round trip returns: always one row. */
interface SearchPageRow {
  counted: number | null;
  streamed: number;
  similar: { query: string; word: string; lexemes: string[] | null }[] | null;
  /** The page's product ids in the page's order, comma-separated; null when the page is empty. */
  ids: string | null;
  /** The page's cards (card_json) in the same order, comma-separated: a JSON array's inside. */
  cards: string | null;
}

/**
 * searchPage's statement, written once: the same text every time, so the prepared statement's
 * name (client.ts) is found without hashing 4 KB of new text per search. PostgreSQL joins the
 * page's cards into one text (decision 036): Node receives one row, not one per product. Every
 * match is read from the narrow product_search (decision 038); `products` gives the cards of the
 * page's rows alone, by primary key.
 * $1 the whole tsquery, $2 count, $3 scanNames, $4 scanOthers, $5 the stream's length, $6 the
 * page size, $7 the offset, $8 the typo words, $9 the tsquery the indexes are asked, $10 whether
 * $9 differs from $1 (SearchQuery, SearchPlan), $11 and $12 the rows the names' and the others'
 * scans may read before the index takes over (scanBudget).
 */
const SEARCH_PAGE_SQL = (() => {
  const query = '(SELECT q FROM query)';
  // What the GIN indexes are asked; the whole query then filters the rows they give.
  const indexed = '(SELECT q FROM index_query)';
  const filter = (column: string) => `(NOT $10 OR ${column} @@ ${query})`;
  const order = `found.position > ${RANK_WINDOW}, found.tier, found.rank DESC, found.position`;
  return `WITH query AS MATERIALIZED (SELECT to_tsquery('english', $1) AS q),
       index_query AS MATERIALIZED (SELECT to_tsquery('english', $9) AS q),
       names_scan AS MATERIALIZED (
         SELECT id, search_vector FROM (SELECT id, name_vector, search_vector FROM product_search WHERE $3 LIMIT $11) rows_read
          WHERE name_vector @@ ${query} LIMIT $5
       ),
       others_scan AS MATERIALIZED (
         SELECT id, search_vector FROM (SELECT id, name_vector, search_vector FROM product_search WHERE $4 LIMIT $12) rows_read
          WHERE search_vector @@ ${query} AND NOT name_vector @@ ${query} LIMIT $5
       ),
       stream AS MATERIALIZED (
         SELECT id, tier, search_vector, row_number() OVER () AS n FROM (
           (SELECT id, 0 AS tier, search_vector FROM names_scan WHERE (SELECT count(*) FROM names_scan) >= $5)
           UNION ALL
           (SELECT id, 0 AS tier, search_vector FROM product_search
             WHERE (NOT $3 OR (SELECT count(*) FROM names_scan) < $5)
               AND name_vector @@ ${indexed} AND ${filter('name_vector')} LIMIT $5)
           UNION ALL
           (SELECT id, 1 AS tier, search_vector FROM others_scan WHERE (SELECT count(*) FROM others_scan) >= $5)
           UNION ALL
           (SELECT id, 1 AS tier, search_vector FROM product_search
             WHERE (NOT $4 OR (SELECT count(*) FROM others_scan) < $5)
               AND search_vector @@ ${indexed} AND ${filter('search_vector')}
               AND NOT name_vector @@ ${query} LIMIT $5)
           LIMIT $5
         ) matches
       ),
       counted AS MATERIALIZED (
         SELECT count(*)::int AS n FROM (
           SELECT 1 FROM product_search
            WHERE $2 AND (SELECT count(*) FROM stream) >= $5
              AND search_vector @@ ${indexed} AND ${filter('search_vector')} LIMIT ${SEARCH_TOTAL_CAP + 1}
         ) matches
       ),
       ranked AS MATERIALIZED (
         SELECT stream.id, stream.tier, stream.n AS position,
                CASE WHEN stream.n <= ${RANK_WINDOW} THEN ts_rank(stream.search_vector, ${query}) ELSE 0 END AS rank
           FROM stream
          ORDER BY stream.n > ${RANK_WINDOW}, stream.tier, rank DESC, stream.n
          LIMIT $6 OFFSET $7
       ),
       found AS MATERIALIZED (
         SELECT ranked.*, ${CARD_JSON} FROM ranked JOIN products p ON p.id = ranked.id
       ),
       page AS (
         SELECT string_agg(found.id::text, ',' ORDER BY ${order}) AS ids,
                string_agg(found.json, ',' ORDER BY ${order}) AS cards
           FROM found
       ),
       typos AS MATERIALIZED (
         SELECT q.word AS query, w.word, ts_lexize('english_stem', w.word) AS lexemes
           FROM unnest($8::text[]) AS q(word)
           CROSS JOIN LATERAL (
             SELECT word FROM (
               SELECT word, unaccent(q.word) <-> word AS distance FROM search_words
                ORDER BY unaccent(q.word) <-> word LIMIT 3
             ) nearest
             WHERE word <> unaccent(q.word) AND 1 - distance >= ${MIN_WORD_SIMILARITY}
           ) w
          WHERE $5 > 0 AND (SELECT count(*) FROM stream) < ${TYPO_SEARCH_BELOW}
       )
       SELECT CASE WHEN $2 THEN counted.n END AS counted, (SELECT count(*) FROM stream)::int AS streamed,
              (SELECT json_agg(typos) FROM typos) AS similar, page.ids, page.cards
         FROM counted, page`;
})();

export class CatalogRepository {
  private readonly stemCache = new Map<string, Stem>();

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
    // In stock only: a product selling out or coming back changes the members, the total and anchors.
    const availability = filter.inStock === true;
    const list = (products: CardJson[]) => (availability ? inStockOnly(products) : products);
    const total = await this.memo.remember(
      `total ${memoKey}`,
      async () => {
        const [row] = await this.database.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM products ${where.sql}`,
          where.params,
        );
        return row?.total ?? 0;
      },
      { availability },
    );
    const offset = (page.page - 1) * page.pageSize;
    if (offset >= total) return { products: list([]), total };

    const { key, keyTypes, order, after } = SORTS[sort];
    const conditions = where.sql ? [where.sql.replace(/^WHERE /, '')] : [];
    const params = [...where.params];
    let skip = offset;
    const block = Math.floor(offset / ANCHOR_STEP);
    if (block > 0) {
      const anchors = await this.memo.remember(
        `anchors ${sort} ${memoKey}`,
        () =>
          this.database.query<{ a: string; b: string }>(
            `SELECT a, b FROM (
               SELECT (${key.split(', ')[0]})::text AS a, id::text AS b, row_number() OVER (ORDER BY ${order}) AS n
                 FROM products ${where.sql}
             ) ranked WHERE n % ${ANCHOR_STEP} = 0 ORDER BY n`,
            where.params,
          ),
        { availability },
      );
      const anchor = anchors[block - 1];
      if (anchor) {
        params.push(anchor.a, anchor.b);
        conditions.push(`(${key}) ${after} ($${params.length - 1}::${keyTypes[0]}, $${params.length}::${keyTypes[1]})`);
        skip = offset - block * ANCHOR_STEP;
      }
    }
    params.push(skip);
    // The page size is written into the statement: under a generic plan (client.ts) "LIMIT $n"
    // counts as a tenth of the table, and 20,000 rows would be hashed to join 24 (decision 033).
    const pageSize = Math.max(1, Math.trunc(page.pageSize));
    const rows = await this.database.query<CardJsonRow>(
      `WITH page AS MATERIALIZED (
         SELECT id FROM products ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
          ORDER BY ${order} LIMIT ${pageSize} OFFSET $${params.length}
       )
       SELECT p.id, ${CARD_JSON} FROM page JOIN products p ON p.id = page.id
       ORDER BY ${order.replace(/(^|, )/g, '$1p.')}`,
      params,
    );
    return { products: list(shown(rows)), total };
  }

  async findProduct(idOrSlug: string) {
    const [row] = await this.database.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM products p ${PRODUCT_JOINS}
        WHERE ${isUuid(idOrSlug) ? 'p.id = $1::uuid' : 'p.slug = $1'}`,
      [idOrSlug],
    );
    return row ? productRead(toProduct(row), row.id) : undefined;
  }

  /** Same subcategory first, then the rest of the category, newest first. */
  async relatedProducts(product: Product, limit: number) {
    const rows = await this.database.query<CardJsonRow>(
      `SELECT p.id, ${CARD_JSON} FROM products p
        WHERE p.category_id = $1 AND p.id <> $2
        ORDER BY (p.subcategory_id = $3) DESC, p.created_at DESC, p.id
        LIMIT $4`,
      [product.subcategory.categoryId, product.id, product.subcategoryId, limit],
    );
    return shown(rows);
  }

  async hotBuys(limit: number) {
    const rows = await this.database.query<CardJsonRow>(
      `SELECT p.id, ${CARD_JSON} FROM products p
        WHERE p.is_hot_buy ORDER BY p.updated_at DESC, p.id LIMIT $1`,
      [limit],
    );
    return shown(rows);
  }

  /** Newly added first, then the newest of the rest. */
  async featured(limit: number) {
    const rows = await this.database.query<CardJsonRow>(
      `(SELECT ${CARD_JSON}, p.created_at, p.id, 0 AS rank FROM products p
         WHERE p.is_newly_added ORDER BY p.created_at DESC, p.id LIMIT $1)
       UNION ALL
       (SELECT ${CARD_JSON}, p.created_at, p.id, 1 AS rank FROM products p
         WHERE NOT p.is_newly_added ORDER BY p.created_at DESC, p.id LIMIT $1)
       ORDER BY rank, created_at DESC, id LIMIT $1`,
      [limit],
    );
    return shown(rows);
  }

  /**
   * One page of a top-K search (decision 015). The matches come as a stream in storage order:
   * products whose name matches first (their own GIN index on name_vector), then the rest. The
   * stream stops at the page's end (never before RANK_WINDOW rows), so a page costs about the
   * same whether 50 or 50,000 products match; only the first RANK_WINDOW rows are ordered by
   * ts_rank within their tier. Each stream reads either its GIN index (few matches: the bitmap
   * costs what the matches cost) or the table in storage order until it has enough (many
   * matches: a few hundred rows); `plan` says which, from the column statistics. Both read
   * product_search, a narrow table of the vectors alone (decision 038). The total is counted by
   * the index up to SEARCH_TOTAL_CAP + 1, unless the statistics already put it far beyond the cap
   * or the stream ran out before its end (every match was then read). Only the page's rows are
   * read from `products`, for their cards. One round trip and one row, even when the page is
   * empty: the counts, the typos, and the page's cards joined by PostgreSQL into one JSON text
   * (decision 036).
   *
   * `typoWords`: when fewer than TYPO_SEARCH_BELOW products match, the same round trip also
   * brings, for each of these words, up to three known words spelt nearly the same ("rhinstone"
   * → "rhinestone"): the nearest neighbours (<->) in the short search_words list by its GiST
   * trigram index, kept if similar enough, accents folded as in the stored words. Their lexemes
   * join the stem cache, so the corrected search needs no other round trip.
   */
  async searchPage(tsquery: SearchQuery, plan: SearchPlan, page: PageRequest, typoWords: string[] = []) {
    const offset = (page.page - 1) * page.pageSize;
    const cap = SEARCH_TOTAL_CAP;
    const streamLength = offset >= cap ? 0 : Math.min(cap, Math.max(RANK_WINDOW, offset + page.pageSize));
    // A search's count up to the cap is the same on every page and for every visitor until the
    // catalogue changes (stock plays no part in it): counted once, remembered in the listing memo
    // like a listing's total. It was most of a narrow search's cost ("lion head": a row visited per
    // match up to the cap; decision 037).
    // A search that matches nothing (a misspelt word, mostly: "rhinstone") matches nothing until
    // the catalogue changes; remembered with the words spelt nearly the same that came with it, it
    // goes straight to its second pass next time (decision 037).
    const nothingKey = `search nothing ${tsquery.full} ${typoWords.join(' ')}`;
    const nothing = streamLength > 0 ? this.memo.recall<Map<string, string[]>>(nothingKey) : undefined;
    if (nothing) {
      return {
        products: productsRead(new RawJson<ProductCard[]>('[]'), []),
        total: 0,
        totalCapped: false,
        similar: nothing,
      };
    }
    const countKey = `search total ${tsquery.full}`;
    const remembered = this.memo.recall<number>(countKey);
    const version = this.memo.version;
    const rows = await this.database.query<SearchPageRow>(SEARCH_PAGE_SQL, [
      tsquery.full,
      plan.count && remembered === undefined,
      plan.scanNames,
      plan.scanOthers,
      streamLength,
      page.pageSize,
      offset,
      typoWords,
      tsquery.indexed,
      tsquery.indexed !== tsquery.full,
      scanBudget(streamLength, plan.nameShare),
      scanBudget(streamLength, plan.otherShare),
    ]);
    const first = rows[0];
    const streamed = first?.streamed ?? 0;
    const counted = first?.counted ?? (plan.count ? remembered : undefined);
    let total: number;
    let totalCapped = false;
    if (streamLength > 0 && streamed < streamLength)
      total = streamed; // every match was read: exact
    else if (counted != null) {
      // Kept only here: when the stream ran dry the statement's count reads 0.
      if (first?.counted != null) this.memo.keep(countKey, counted, version);
      totalCapped = counted > cap;
      total = Math.min(counted, cap);
    } else {
      totalCapped = true;
      total = cap;
    }
    // The page's cards as one JSON array, marked with their ids for the catalogue cache (stock-shown.ts).
    const ids = first?.ids ? first.ids.split(',') : [];
    const products = productsRead(new RawJson<ProductCard[]>(`[${first?.cards ?? ''}]`), ids);
    const similar = new Map<string, string[]>();
    for (const row of first?.similar ?? []) {
      similar.set(row.query, [...(similar.get(row.query) ?? []), row.word]);
      this.rememberStem(row.word, { folded: row.word, lexemes: row.lexemes ?? [] });
    }
    if (streamLength > 0 && streamed === 0) this.memo.keep(nothingKey, similar, version);
    return { products, total, totalCapped, similar };
  }

  /**
   * How often the catalogue's words occur, from PostgreSQL's statistics of product_search's two vectors (the
   * most common lexemes and the share of products holding each), remembered until the catalogue
   * changes. Empty before the first ANALYZE: every search then takes the index, always correct.
   */
  async searchStatistics(): Promise<SearchStatistics> {
    return this.memo.remember('search statistics', async () => {
      const [lexemes, [table]] = await Promise.all([
        this.database.query<{ column: string; lexeme: string; share: number }>(
          `SELECT s.attname AS column, e.lexeme, e.share
             FROM pg_stats s
             CROSS JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(lexeme, share)
            WHERE s.schemaname = current_schema() AND s.tablename = 'product_search'
              AND s.attname IN ('name_vector', 'search_vector') AND e.lexeme IS NOT NULL`,
        ),
        this.database.query<{ rows: number }>(
          `SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = 'product_search'::regclass`,
        ),
      ]);
      const statistics: SearchStatistics = { products: table?.rows ?? 0, names: new Map(), all: new Map() };
      for (const row of lexemes) {
        (row.column === 'name_vector' ? statistics.names : statistics.all).set(row.lexeme, row.share);
      }
      return statistics;
    });
  }

  /**
   * Each word with its accents folded as the stored words are (`unaccent`: "appliqué" →
   * "applique", "ß" → "ss"), keeping only letters and digits (so nothing folding makes, such as
   * the apostrophe of "ʼ", can break a tsquery), and the lexemes PostgreSQL's English stemmer
   * makes of it ("buttons" → "button"; a stop word → none). Words do not depend on the
   * catalogue, so they are remembered for good (a bounded map), the folded form too.
   */
  async stems(words: string[]): Promise<Map<string, Stem>> {
    const missing = [...new Set(words)].filter((word) => !this.stemCache.has(word));
    if (missing.length > 0) {
      const rows = await this.database.query<{ word: string; folded: string; lexemes: string[] | null }>(
        `SELECT w.word, unaccent(w.word) AS folded, ts_lexize('english_stem', unaccent(w.word)) AS lexemes
           FROM unnest($1::text[]) AS w(word)`,
        [missing],
      );
      for (const row of rows) {
        const stem = {
          folded: (row.folded.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(''),
          lexemes: row.lexemes ?? [],
        };
        this.rememberStem(row.word, stem);
        if (stem.folded) this.rememberStem(stem.folded, stem);
      }
    }
    return new Map(words.map((word) => [word, this.stemCache.get(word) ?? { folded: word, lexemes: [] }]));
  }

  private rememberStem(word: string, stem: Stem) {
    if (this.stemCache.has(word)) return;
    if (this.stemCache.size >= MAX_STEMS) this.stemCache.delete(this.stemCache.keys().next().value as string);
    this.stemCache.set(word, stem);
  }

  /**
   * The sitemap's listings: every category and subcategory by slug, each with the latest change
   * of its own or of its products (a listing changes when its products do), and the product count.
   */
  async sitemapListings() {
    const [categories, subcategories, [count]] = await Promise.all([
      this.database.query<{ slug: string; updatedAt: unknown }>(
        `SELECT c.slug, GREATEST(c.updated_at, MAX(p.updated_at)) AS "updatedAt"
           FROM categories c LEFT JOIN products p ON p.category_id = c.id
          GROUP BY c.id ORDER BY c.position, c.name`,
      ),
      this.database.query<{ slug: string; updatedAt: unknown }>(
        `SELECT s.slug, GREATEST(s.updated_at, MAX(p.updated_at)) AS "updatedAt"
           FROM subcategories s LEFT JOIN products p ON p.subcategory_id = s.id
          GROUP BY s.id ORDER BY s.position, s.name`,
      ),
      this.database.query<{ count: number | string }>('SELECT count(*) AS count FROM products'),
    ]);
    return { categories, subcategories, productCount: Number(count?.count ?? 0) };
  }

  /** Products' slugs and last changes in id order, `limit` from `offset`: stable sitemap files whatever is added. */
  async sitemapProducts(limit: number, offset: number) {
    return this.database.query<{ slug: string; updatedAt: unknown }>(
      'SELECT slug, updated_at AS "updatedAt" FROM products ORDER BY id LIMIT $1 OFFSET $2',
      [limit, offset],
    );
  }
}
