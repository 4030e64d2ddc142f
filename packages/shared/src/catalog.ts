import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PRODUCT_SORTS, SEARCH_QUERY_MAX_LENGTH } from './constants';
import { routeParamSchema, text } from './text';

// ---------- Shapes (API.md) ----------

export const specificationSchema = z.object({ name: z.string(), value: z.string() });

export const subcategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  categoryId: z.string(),
});
export type Subcategory = z.infer<typeof subcategorySchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  subcategories: z.array(subcategorySchema),
});
export type Category = z.infer<typeof categorySchema>;

export const subcategoryWithCategorySchema = subcategorySchema.extend({
  category: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
});
export type SubcategoryWithCategory = z.infer<typeof subcategoryWithCategorySchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number(),
  stock: z.number().int(),
  images: z.array(z.string()),
  specifications: z.array(specificationSchema),
  subcategoryId: z.string(),
  subcategory: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    categoryId: z.string(),
    category: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  }),
  isHotBuy: z.boolean(),
  isNewlyAdded: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z.object({
  products: z.array(productSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const searchResultSchema = productPageSchema.extend({ query: z.string() });
export type SearchResult = z.infer<typeof searchResultSchema>;

// ---------- Route and query parameters ----------

/** `/:idOrSlug` of the catalogue routes: it reaches SQL, so no control character ever does. */
export const idOrSlugParamsSchema = z.object({ idOrSlug: routeParamSchema });

/** A whole number from the query string, with a message that names the parameter. */
function wholeNumber(name: string, min: number, max?: number) {
  const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
  const message = `${name} must be a whole number ${range}`;
  return text(20, { tooLong: message, trim: false })
    .regex(/^\d{1,9}$/, { message })
    .transform(Number)
    .pipe(
      max === undefined ? z.number().min(min, { message }) : z.number().min(min, { message }).max(max, { message }),
    );
}

/** Prices are stored as 32-bit integers of kobo: ₦21,474,836.47 at most. */
export const PRICE_KOBO_MAX = 2_147_483_647;
const PRICE_NAIRA_MAX = PRICE_KOBO_MAX / 100;

/** A naira amount from the query string (at most two decimals), within what a price can be. */
function nairaAmount(name: string) {
  return text(20, { tooLong: `${name} must be an amount in naira, such as 1500 or 1499.50`, trim: false })
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: `${name} must be an amount in naira, such as 1500 or 1499.50` })
    .transform(Number)
    .pipe(z.number().max(PRICE_NAIRA_MAX, { message: `${name} must be at most ${PRICE_NAIRA_MAX}` }));
}

export const paginationQuerySchema = z.object({
  page: wholeNumber('page', 1).default(1),
  pageSize: wholeNumber('pageSize', 1, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

const sortMessage = `sort must be one of ${PRODUCT_SORTS.join(', ')}`;

export const productListQuerySchema = paginationQuerySchema
  .extend({
    categoryId: text(100, { trim: false }).min(1).optional(),
    subcategoryId: text(100, { trim: false }).min(1).optional(),
    minPrice: nairaAmount('minPrice').optional(),
    maxPrice: nairaAmount('maxPrice').optional(),
    inStock: z.enum(['true', 'false'], { message: 'inStock must be true or false' }).optional(),
    sort: z.enum(PRODUCT_SORTS, { message: sortMessage }).default('newest'),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
    path: ['minPrice'],
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Filters within a category or subcategory page: the same, minus the ids that come from the path. */
export const scopedProductListQuerySchema = paginationQuerySchema.extend({
  minPrice: nairaAmount('minPrice').optional(),
  maxPrice: nairaAmount('maxPrice').optional(),
  inStock: z.enum(['true', 'false'], { message: 'inStock must be true or false' }).optional(),
  sort: z.enum(PRODUCT_SORTS, { message: sortMessage }).default('newest'),
});

export const searchQuerySchema = paginationQuerySchema.extend({
  query: text(SEARCH_QUERY_MAX_LENGTH, {
    tooLong: `query must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
    trim: false,
  }).default(''),
});
