import { z } from 'zod';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from './catalog-messages';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PRODUCT_SORTS, SEARCH_QUERY_MAX_LENGTH } from './constants';
import { NAIRA_AMOUNT_PATTERN, nairaToKobo, PRICE_NAIRA_MAX } from './money';
import { SALE_TERMS_MESSAGES, saleTermsProblems } from './sale-terms';
import { routeParamSchema, text } from './text';
import {
  DEFAULT_MIN_HUNDREDTHS,
  DEFAULT_STEP_HUNDREDTHS,
  PRICE_BREAKS_MAX,
  parseQuantity,
  SALE_UNITS,
  type SaleTerms,
  STOCK_UNITS_MAX,
} from './units';

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

/** How a product is sold (units.ts): in the unit of sale, as the API writes quantities. */
export const priceBreakSchema = z.object({ minQuantity: z.number(), price: z.number() });

export const saleFieldsSchema = z.object({
  unit: z.enum(SALE_UNITS),
  step: z.number(),
  minQuantity: z.number(),
  packSize: z.number().int().nullable(),
  packItemName: z.string().nullable(),
  priceBreaks: z.array(priceBreakSchema),
});

export const productSchema = saleFieldsSchema.extend({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number(),
  /** In the unit of sale: 12.5 (yards) for a length, whole for pieces and packs. */
  stock: z.number(),
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

/**
 * What a product card shows (API.md's ProductCard): the lists, searches, hot buys and related
 * products carry it instead of the whole product. How it is sold stays (the card's price per
 * unit, its stock badge and the cart's add-from-card need it); the description, specifications
 * and gallery do not: the product's own answer keeps them. `image` is one small picture. The
 * subcategory is named by its id only (decision 033): no list screen shows it, and its name and
 * category were a sixth of a card.
 */
export const productCardSchema = productSchema
  .pick({
    id: true,
    name: true,
    slug: true,
    price: true,
    stock: true,
    unit: true,
    step: true,
    minQuantity: true,
    packSize: true,
    packItemName: true,
    priceBreaks: true,
    subcategoryId: true,
    isHotBuy: true,
    isNewlyAdded: true,
    createdAt: true,
  })
  .extend({ image: z.string().nullable() })
  .strict();
export type ProductCard = z.infer<typeof productCardSchema>;

export const productPageSchema = z.object({
  products: z.array(productCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const searchResultSchema = productPageSchema.extend({
  query: z.string(),
  /** True when there are more than SEARCH_TOTAL_CAP matches: `total` is then the cap, shown as "1,000+". */
  totalCapped: z.boolean().optional(),
});
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

/** A naira amount from the query string (at most two decimals), within what a price can be. */
function nairaAmount(name: string) {
  return text(20, { tooLong: `${name} must be an amount in naira, such as 1500 or 1499.50`, trim: false })
    .regex(NAIRA_AMOUNT_PATTERN, { message: `${name} must be an amount in naira, such as 1500 or 1499.50` })
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

// ---------- Admin product writes (API.md: POST and PUT /api/products) ----------
//
// The fields come as multipart text (the images are the files beside them), so every field
// takes its text form as well as its JSON one: price "1499.50" or 1499.5, stock "3" or 3,
// isHotBuy "true" or true, specifications and existingImages a JSON list or the list itself.

const P = PRODUCT_MESSAGES;
const L = PRODUCT_LIMITS;

/** A JSON list sent as a multipart text field, or the list itself. */
function jsonList<T extends z.ZodType>(item: T, message: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z.array(item, { message }),
  );
}

const booleanField = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ message: 'must be true or false' }),
);

/** Naira with at most two decimals, within what a price can be (stored as kobo). */
export const productPriceSchema = z
  .union([z.string().max(30, P.priceInvalid), z.number()], { message: P.priceRequired })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((text) => text !== '', P.priceRequired)
  .refine((text) => text === '' || NAIRA_AMOUNT_PATTERN.test(text), P.priceInvalid)
  .transform(Number)
  .pipe(z.number().max(PRICE_NAIRA_MAX, P.priceTooHigh));

/** Stock in the unit of sale, 0 or more, at most two decimals (whole for pieces and packs: saleTermsProblems). */
export const productStockSchema = z
  .union([z.string().max(30, P.stockInvalid), z.number()], { message: P.stockRequired })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((text) => text !== '', P.stockRequired)
  .refine((text) => text === '' || parseQuantity(text) !== null, P.stockInvalid)
  .transform(Number)
  .pipe(z.number().max(STOCK_UNITS_MAX, P.stockInvalid));

/** An optional quantity of the unit (a step, a minimum): empty means the unit's default. */
function optionalQuantity(message: string) {
  return z
    .union([z.string().max(30, message), z.number(), z.null()], { message })
    .optional()
    .transform((value) => (value == null ? '' : typeof value === 'number' ? String(value) : value.trim()))
    .refine((text) => text === '' || (parseQuantity(text) ?? 0) > 0, message)
    .transform((text) => (text === '' ? undefined : Number(text)));
}

/** A price break as the form, the API and the CSV send it: a quantity of the unit and naira. */
export const priceBreakInputSchema = z.object({
  minQuantity: z
    .union([z.string().max(30), z.number()], { message: SALE_TERMS_MESSAGES.breakQuantityInvalid })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((text) => (parseQuantity(text) ?? 0) > 0, SALE_TERMS_MESSAGES.breakQuantityInvalid)
    .transform(Number),
  price: productPriceSchema,
});

/** The sale fields of a product write, before the cross-field checks (saleTermsRefinement). */
export const saleTermsInputShape = {
  unit: z.enum(SALE_UNITS, { message: SALE_TERMS_MESSAGES.unitInvalid }).default('piece'),
  step: optionalQuantity(SALE_TERMS_MESSAGES.stepInvalid),
  minQuantity: optionalQuantity(SALE_TERMS_MESSAGES.minInvalid),
  packSize: z
    .union([z.string().max(30), z.number(), z.null()], { message: SALE_TERMS_MESSAGES.packSizeInvalid })
    .optional()
    .transform((value) => (value == null ? '' : typeof value === 'number' ? String(value) : value.trim()))
    .refine((text) => text === '' || /^\d{1,9}$/.test(text), SALE_TERMS_MESSAGES.packSizeInvalid)
    .transform((text) => (text === '' ? null : Number(text))),
  packItemName: z
    .union([text(30, { tooLong: SALE_TERMS_MESSAGES.packItemTooLong }), z.null()])
    .optional()
    .transform((value) => value || null),
  priceBreaks: z
    .preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        if (value.trim() === '') return [];
        try {
          return JSON.parse(value);
        } catch {
          return value;
        }
      },
      z.array(priceBreakInputSchema, { message: SALE_TERMS_MESSAGES.breaksInvalid }),
    )
    .pipe(z.array(z.any()).max(PRICE_BREAKS_MAX, SALE_TERMS_MESSAGES.tooManyBreaks))
    .default([]),
};

/** The parsed sale fields of a write, in the units the API speaks. */
export interface SaleTermsInput {
  unit: SaleTerms['unit'];
  step?: number | undefined;
  minQuantity?: number | undefined;
  packSize: number | null;
  packItemName: string | null;
  priceBreaks: { minQuantity: number; price: number }[];
}

/**
 * A write's sale fields to the integer terms the rules and the database use; an empty step or
 * minimum takes the unit's default, a pack size is kept only for packs, breaks are sorted.
 */
export function saleTermsFromInput(input: SaleTermsInput): SaleTerms {
  const hundredths = (value: number | undefined) => (value === undefined ? null : parseQuantity(value));
  return {
    unit: input.unit,
    stepHundredths: hundredths(input.step) ?? DEFAULT_STEP_HUNDREDTHS[input.unit],
    minHundredths: hundredths(input.minQuantity) ?? DEFAULT_MIN_HUNDREDTHS[input.unit],
    packSize: input.unit === 'pack' ? input.packSize : null,
    packItemName: input.unit === 'pack' ? input.packItemName : null,
    priceBreaks: input.priceBreaks
      .map((line) => ({ minHundredths: parseQuantity(line.minQuantity) ?? 0, priceKobo: nairaToKobo(line.price) ?? 0 }))
      .sort((a, b) => a.minHundredths - b.minHundredths),
  };
}

/** The cross-field checks of a product write (saleTermsProblems), each on its own field. */
export function saleTermsRefinement(
  input: SaleTermsInput & { price: number; stock: number },
  context: z.RefinementCtx,
): void {
  const terms = saleTermsFromInput(input);
  const problems = saleTermsProblems(terms, nairaToKobo(input.price) ?? 0, parseQuantity(input.stock) ?? 0);
  for (const problem of problems) context.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

export const productSpecificationInputSchema = z.object({
  name: text(L.specificationNameMaxLength, {
    message: P.specificationNameRequired,
    tooLong: P.specificationTooLong,
  }).min(1, P.specificationNameRequired),
  value: text(L.specificationValueMaxLength, {
    message: P.specificationValueRequired,
    tooLong: P.specificationTooLong,
  }).min(1, P.specificationValueRequired),
});

/** The fields of POST /api/products, unchecked across fields (productFieldsSchema.shape for forms). */
export const productFieldsSchema = z.object({
  name: text(L.nameMaxLength, { message: P.nameRequired, tooLong: P.nameTooLong }).min(1, P.nameRequired),
  description: text(L.descriptionMaxLength, {
    message: P.descriptionRequired,
    tooLong: P.descriptionTooLong,
    multiline: true,
  }).min(1, P.descriptionRequired),
  price: productPriceSchema,
  stock: productStockSchema,
  subcategoryId: text(100, { message: P.subcategoryRequired }).min(1, P.subcategoryRequired),
  specifications: jsonList(productSpecificationInputSchema, P.specificationsInvalid)
    .pipe(z.array(productSpecificationInputSchema).max(L.specificationsMax, P.tooManySpecifications))
    .default([]),
  isHotBuy: booleanField.default(false),
  isNewlyAdded: booleanField.default(false),
  ...saleTermsInputShape,
});

/** The fields of POST /api/products; the images (1 to 8 files) come beside them. */
export const createProductRequestSchema = productFieldsSchema.superRefine(saleTermsRefinement);
export type CreateProductRequest = z.input<typeof createProductRequestSchema>;
export type CreateProductFields = z.output<typeof createProductRequestSchema>;

/** The fields of PUT /api/products/{id}: the same, plus the images to keep, in order (new files come beside). */
export const updateProductRequestSchema = productFieldsSchema
  .extend({
    existingImages: jsonList(text(500, { trim: false }).min(1), P.existingImagesInvalid)
      .pipe(z.array(z.string().min(1)).max(L.imagesMax, P.tooManyImages))
      .default([]),
  })
  .superRefine(saleTermsRefinement);
export type UpdateProductRequest = z.input<typeof updateProductRequestSchema>;
export type UpdateProductFields = z.output<typeof updateProductRequestSchema>;
