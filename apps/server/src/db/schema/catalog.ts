import type { PriceBreakHundredths, SaleUnit } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector, updatedAt } from './columns';

export const categories = pgTable('categories', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId, t.position)],
);

export interface Specification {
  name: string;
  value: string;
}

/**
 * NOTE: category_id copies the subcategory's category so that category listings are one index
 * range scan; a trigger keeps it in step when a subcategory moves (0001_search.sql).
 * Its search vectors live in product_search, written by a trigger too (accents folded), which
 * also adds new words to search_words.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    priceKobo: integer('price_kobo').notNull(),
    /** Hundredths of the unit of sale (2.5 yd is 250; 3 packs is 300): units.ts, migration 0014. */
    stockHundredths: integer('stock_hundredths').notNull().default(0),
    unit: text('unit').$type<SaleUnit>().notNull().default('piece'),
    stepHundredths: integer('step_hundredths').notNull().default(100),
    minQuantityHundredths: integer('min_quantity_hundredths').notNull().default(100),
    /** Items in one pack; set for a `pack` product only. */
    packSize: integer('pack_size'),
    packItemName: text('pack_item_name'),
    priceBreaks: jsonb('price_breaks').$type<PriceBreakHundredths[]>().notNull().default(sql`'[]'::jsonb`),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    specifications: jsonb('specifications').$type<Specification[]>().notNull().default(sql`'[]'::jsonb`),
    subcategoryId: uuid('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    isHotBuy: boolean('is_hot_buy').notNull().default(false),
    isNewlyAdded: boolean('is_newly_added').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One covering index per sort, alone and within a category or subcategory, so a page at
    // any depth is an index-only scan of ids (see catalog.repository.ts).
    index('products_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_price_idx').on(t.priceKobo, t.id),
    index('products_name_idx').on(t.name, t.id),
    index('products_category_newest_idx').on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_category_price_idx').on(t.categoryId, t.priceKobo, t.id),
    index('products_category_name_idx').on(t.categoryId, t.name, t.id),
    index('products_subcategory_newest_idx').on(
      t.subcategoryId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_subcategory_price_idx').on(t.subcategoryId, t.priceKobo, t.id),
    index('products_subcategory_name_idx').on(t.subcategoryId, t.name, t.id),
    index('products_hot_buy_idx').on(t.updatedAt.desc().nullsFirst()).where(sql`${t.isHotBuy}`),
    index('products_newly_added_idx').on(t.createdAt.desc().nullsFirst()).where(sql`${t.isNewlyAdded}`),
    // Is an uploaded image still used by a product? (0005_catalog_admin.sql)
    index('products_images_idx').using('gin', t.images.op('jsonb_path_ops')),
    // /api/products/<slug> must never be a fixed route (RESERVED_PRODUCT_SLUGS).
    check(
      'products_slug_not_reserved',
      sql`${t.slug} NOT IN ('admin', 'import', 'export', 'search', 'hot-buy', 'featured', 'category', 'subcategory')`,
    ),
  ],
);

/**
 * What a search reads, one narrow row per product (~15 to a page, against ~4 of `products`):
 * written after every change of a product's name, description or place by a trigger
 * (0017_product_search.sql, decision 038), never by the application.
 */
export const productSearch = pgTable(
  'product_search',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The name alone, accents folded: the first stream of a top-K search (0007_search_top_k.sql). */
    nameVector: tsvector('name_vector').notNull(),
    /** Name (A), subcategory and category names (B), description (C), accents folded. */
    searchVector: tsvector('search_vector').notNull(),
  },
  (t) => [
    index('product_search_search_vector_idx').using('gin', t.searchVector),
    index('product_search_name_vector_idx').using('gin', t.nameVector),
  ],
);

/**
 * Every word of product, subcategory and category names, filled by the search trigger. A typo
 * is corrected against this short list (pg_trgm) instead of against every product.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  // Nearest neighbours (`<->`) for typos (0007_search_top_k.sql).
  (t) => [index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`)],
);
