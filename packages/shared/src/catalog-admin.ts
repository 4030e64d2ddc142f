// The admin's side of the catalogue (SPEC.md §2 Manage Products and the edit page, §5, API.md
// Catalogue): the product table's query, category and subcategory writes, and the CSV import and
// export. The product form's own fields are `createProductRequestSchema` and
// `updateProductRequestSchema` in catalog.ts.

import { z } from 'zod';
import { productSchema } from './catalog';
import { PRODUCT_LIMITS } from './catalog-messages';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PRODUCT_IMAGE_MAX_BYTES } from './constants';
import { text } from './text';
import { quantityText } from './units';

// ---------- Manage Products: GET /api/products/admin ----------

/** Columns the admin's product table sorts by. */
export const ADMIN_PRODUCT_SORTS = ['updated', 'name', 'category', 'price', 'stock', 'hotBuy', 'newlyAdded'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** `low`: 1 to LOW_STOCK_THRESHOLD left; `out`: none left. */
export const ADMIN_STOCK_FILTERS = ['low', 'out'] as const;
export type AdminStockFilter = (typeof ADMIN_STOCK_FILTERS)[number];

export const adminProductListQuerySchema = z.object({
  /** Matches the name, the slug or the id (case-insensitive substring). */
  search: text(100).optional(),
  categoryId: text(100).min(1).optional(),
  subcategoryId: text(100).min(1).optional(),
  stock: z.enum(ADMIN_STOCK_FILTERS, { message: 'stock must be low or out' }).optional(),
  sort: z
    .enum(ADMIN_PRODUCT_SORTS, { message: `sort must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` })
    .default('updated'),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc' }).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;

/** The answer: the storefront's Product shape, never cached (admins see writes at once). */
/** A product in the admin's list: the storefront's shape and how many wait for it to be back (open alerts). */
export const adminProductSchema = productSchema.extend({ waiting: z.number().int() });
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductPageSchema = z.object({
  products: z.array(adminProductSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

// ---------- Product images (multipart) ----------
//
// POST /api/products: `images` files, 1 to 8. PUT /api/products/{id}: `existingImages` (JSON list
// of this product's image URLs to keep, in order) and new `images` files, appended after them; or,
// to interleave, `imageOrder`: a JSON list whose entries are kept URLs or `new:<n>` (the n-th new
// file, from 0), which then fixes the whole order.

export const NEW_IMAGE_TOKEN_PREFIX = 'new:';

export const IMAGE_MESSAGES = {
  unsupportedType: 'Images must be JPEG, PNG, WebP or AVIF pictures',
  animated: 'Animated or multi-page images are not accepted',
  tooLarge: `Each image must be at most ${PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`,
  tooManyPixels: 'This image is too large in pixels (at most 50 megapixels)',
  unreadable: 'This image could not be read',
  tooMany: `At most ${PRODUCT_LIMITS.imagesMax} images`,
  unknownExisting: 'existingImages may only name this product’s own images',
} as const;

// ---------- Categories and subcategories (admin writes) ----------

export const CATEGORY_LIMITS = { nameMaxLength: 100, descriptionMaxLength: 1000, slugMaxLength: 120 } as const;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CATEGORY_LIMITS.nameMaxLength} characters`,
  descriptionTooLong: `Description must be at most ${CATEGORY_LIMITS.descriptionMaxLength} characters`,
  slugInvalid: 'Slug may use lowercase letters, digits and single hyphens only',
  slugTaken: 'That slug is already used',
  categoryRequired: 'Category is required',
  categoryHasSubcategories: 'This category still has subcategories: move or delete them first',
  categoryHasProducts: 'This category still has products: move or delete them first',
  subcategoryHasProducts: 'This subcategory still has products: move or delete them first',
  categoryCreated: 'Category created',
  categoryUpdated: 'Category updated',
  categoryDeleted: 'Category deleted',
  subcategoryCreated: 'Subcategory created',
  subcategoryUpdated: 'Subcategory updated',
  subcategoryDeleted: 'Subcategory deleted',
  reordered: 'Order saved',
} as const;

const slugField = text(CATEGORY_LIMITS.slugMaxLength)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CATEGORY_MESSAGES.slugInvalid)
  .optional();

/** POST /api/categories and PUT /api/categories/{id}. No slug: made from the name on create, kept on rename. */
export const categoryWriteSchema = z.object({
  name: text(CATEGORY_LIMITS.nameMaxLength, {
    message: CATEGORY_MESSAGES.nameRequired,
    tooLong: CATEGORY_MESSAGES.nameTooLong,
  }).min(1, CATEGORY_MESSAGES.nameRequired),
  description: text(CATEGORY_LIMITS.descriptionMaxLength, {
    tooLong: CATEGORY_MESSAGES.descriptionTooLong,
    multiline: true,
  }).default(''),
  slug: slugField,
});
export type CategoryWrite = z.input<typeof categoryWriteSchema>;

/** POST /api/subcategories and PUT /api/subcategories/{id} (a new categoryId moves it). */
export const subcategoryWriteSchema = categoryWriteSchema.extend({
  categoryId: text(100, { message: CATEGORY_MESSAGES.categoryRequired }).min(1, CATEGORY_MESSAGES.categoryRequired),
});
export type SubcategoryWrite = z.input<typeof subcategoryWriteSchema>;

/** PUT /api/categories/order `{ids}`: every category id, in the new order. */
export const categoryOrderSchema = z.object({ ids: z.array(text(100).min(1)).min(1).max(500) });
/** PUT /api/subcategories/order `{categoryId, ids}`: every subcategory of that category, in the new order. */
export const subcategoryOrderSchema = categoryOrderSchema.extend({ categoryId: text(100).min(1) });

// ---------- CSV (GET /api/products/export.csv, POST /api/products/import) ----------

/**
 * The columns of the catalogue CSV, export and import alike. `id` empty creates a product, an id of
 * this shop updates it. `category` and `subcategory` are slugs (or names). `specifications` is
 * `name: value` pairs separated by ` | `; `images` is image references separated by ` | `: a URL of
 * this shop's images, or a file name sent beside the CSV (a picked folder's files or a zip).
 * `stock`, `step` and `minQuantity` are in the unit of sale (2.5); `priceBreaks` is
 * `quantity=price` pairs separated by ` | ` ("10=1050 | 20=1000.50"). A file without the unit
 * columns (one exported before units of sale) imports its rows as pieces.
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'slug',
  'description',
  'price',
  'stock',
  'unit',
  'step',
  'minQuantity',
  'packSize',
  'packItemName',
  'priceBreaks',
  'category',
  'subcategory',
  'isHotBuy',
  'isNewlyAdded',
  'specifications',
  'images',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

export const CSV_LIST_SEPARATOR = ' | ';

/** A CSV import's limits: one file of at most 2 MB and 2,000 rows, images 5 MB each, a zip 100 MB. */
export const CSV_IMPORT_LIMITS = { maxBytes: 2 * 1024 * 1024, maxRows: 2000, zipMaxBytes: 100 * 1024 * 1024 } as const;

export const csvRowErrorSchema = z.object({
  /** The line of the CSV file, counting the header as line 1. */
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

/**
 * POST /api/products/import?dryRun=true answers the preview; without dryRun the same checks run and,
 * only when no row has an error, every row is written in one transaction (else 400 with the same
 * preview and nothing written). Should a product or subcategory the file names be deleted or
 * changed between the checks and the write, nothing is written either: 409 CATALOGUE_CHANGED with
 * the same shape, its `errors` naming the rows that changed.
 */
export const productImportResultSchema = z.object({
  message: z.string(),
  applied: z.boolean(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      action: z.enum(['create', 'update', 'unchanged']),
      id: z.string().nullable(),
      name: z.string(),
      price: z.number().nullable(),
      /** In the unit of sale. */
      stock: z.number().nullable(),
    }),
  ),
  errors: z.array(csvRowErrorSchema),
  created: z.number().int(),
  updated: z.number().int(),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

export const CSV_MESSAGES = {
  fileRequired: 'Choose a CSV file to import',
  tooLarge: `The CSV file must be at most ${CSV_IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB`,
  tooManyRows: `A CSV file may hold at most ${CSV_IMPORT_LIMITS.maxRows} products`,
  missingColumn: (column: string) => `The CSV file has no ${column} column`,
  previewOk: (rows: number) => `${rows} rows are ready to import`,
  previewHasErrors: 'Some rows have errors: nothing was imported',
  imported: (created: number, updated: number) => `Imported: ${created} created, ${updated} updated`,
  unknownImage: (name: string) => `No image named ${name} was sent with the file`,
  unknownCategory: 'No such category',
  unknownSubcategory: 'No such subcategory in that category',
  unknownProduct: 'No product with this id',
  // The write re-checks what the plan read (a 409 CATALOGUE_CHANGED, nothing written): by row…
  productDeleted: 'This product was deleted since the preview',
  productChanged: 'This product was changed since the preview (an edit, or an order took stock)',
  subcategoryDeleted: 'This subcategory was deleted since the preview',
  subcategoryMoved: 'This subcategory was moved to another category since the preview',
  /** …and the answer's message: the first changed row, how many others, and what to do. */
  changedSincePreview: (line: number, change: string, otherLines: number) =>
    `Line ${line}: ${change}${otherLines > 0 ? ` (and ${otherLines} more ${otherLines === 1 ? 'line' : 'lines'})` : ''}. Nothing was imported: preview the file again`,
} as const;

/** Cells a spreadsheet would run as a formula start with one of these; exports prefix them with '. */
export const CSV_FORMULA_PREFIXES = ['=', '+', '-', '@', '\t', '\r'] as const;

/** Makes a cell inert for spreadsheets (OWASP CSV injection): a leading formula character gets a `'`. */
export function neutraliseCsvCell(value: string): string {
  return value !== '' && (CSV_FORMULA_PREFIXES as readonly string[]).includes(value[0] as string) ? `'${value}` : value;
}

/** The inverse on import, so export → import changes nothing: `'=x` reads back as `=x`. */
export function restoreCsvCell(value: string): string {
  return value.length > 1 &&
    value[0] === "'" &&
    (CSV_FORMULA_PREFIXES as readonly string[]).includes(value[1] as string)
    ? value.slice(1)
    : value;
}

/**
 * Product slugs the API cannot serve, because /api/products/<slug> is a fixed route (admin list,
 * CSV, search, hot buys…): a slug made from a name gets `-2` instead, an admin's is refused.
 */
export const RESERVED_PRODUCT_SLUGS = [
  'admin',
  'import',
  'export',
  'search',
  'hot-buy',
  'featured',
  'category',
  'subcategory',
] as const;

export const SLUG_MESSAGES = {
  reserved: 'That slug is reserved for the shop’s own pages',
} as const;

/** The pattern every slug follows (categoryWriteSchema's `slug`, product slugs alike). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A slug made from a name: accents dropped, lower case, anything else between words a single
 * hyphen, at most CATEGORY_LIMITS.slugMaxLength characters; `fallback` when nothing is left.
 * The server adds `-2`, `-3`… when it is taken.
 */
export function slugify(name: string, fallback = 'item'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_LIMITS.slugMaxLength - 6)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The `message` of the product writes' answers (POST, PUT, DELETE /api/products). */
export const PRODUCT_WRITE_MESSAGES = {
  created: 'Product created',
  updated: 'Product updated',
  deleted: 'Product deleted',
} as const;

/** A CSV `priceBreaks` cell to the write's list: "10=1050 | 20=1000.50" → [{minQuantity: "10", price: "1050"}…]. */
export function parsePriceBreaksCell(cell: string): { minQuantity: string; price: string }[] | null {
  const text = cell.trim();
  if (text === '') return [];
  const lines = text.split('|').map((part) => part.trim());
  const parsed = lines.map((part) => /^([^=\s]+)\s*=\s*([^=\s]+)$/.exec(part));
  if (parsed.some((match) => match === null)) return null;
  return parsed.map((match) => ({ minQuantity: match?.[1] ?? '', price: match?.[2] ?? '' }));
}

/** The write's price breaks to a CSV cell, exactly: quantities by quantityText, prices as naira text. */
export function priceBreaksCell(breaks: readonly { minHundredths: number; priceKobo: number }[]): string {
  return breaks
    .map((line) => `${quantityText(line.minHundredths)}=${koboText(line.priceKobo)}`)
    .join(CSV_LIST_SEPARATOR);
}

/** Kobo as naira text without float arithmetic: 105000 → "1050", 100050 → "1000.50". */
function koboText(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  return rest === 0 ? String(naira) : `${naira}.${String(rest).padStart(2, '0')}`;
}
