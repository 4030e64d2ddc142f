// The admin's catalogue forms as the browser holds them (text inputs, where an empty optional
// slug is ''), with the rules and messages of the request schemas they send.

import { z } from 'zod';
import {
  productFieldsSchema,
  productSpecificationInputSchema,
  saleTermsInputShape,
  saleTermsRefinement,
} from './catalog';
import { categoryWriteSchema, subcategoryWriteSchema } from './catalog-admin';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from './catalog-messages';

const fields = productFieldsSchema.shape;

/** An optional slug field: empty means none (made from the name on create, kept on edit). */
const optionalSlug = z
  .string()
  .transform((value) => value.trim() || undefined)
  .pipe(categoryWriteSchema.shape.slug);

/**
 * SPEC.md §5 "Admin product form": the fields of createProductRequestSchema, a category select
 * that narrows the subcategories, and the specification rows. The images are checked beside it:
 * at least one (PRODUCT_MESSAGES.imageRequired), at most PRODUCT_LIMITS.imagesMax.
 */
export const productFormSchema = z
  .object({
    name: fields.name,
    description: fields.description,
    price: fields.price,
    stock: fields.stock,
    /** Only narrows the subcategory select; the product belongs to its subcategory. */
    categoryId: z.string().min(1, PRODUCT_MESSAGES.categoryRequired),
    subcategoryId: fields.subcategoryId,
    /** Optional: empty makes it from the name (create) or keeps it (edit). Same rule as a category's slug. */
    slug: optionalSlug,
    specifications: z
      .array(productSpecificationInputSchema)
      .max(PRODUCT_LIMITS.specificationsMax, PRODUCT_MESSAGES.tooManySpecifications),
    isHotBuy: z.boolean(),
    isNewlyAdded: z.boolean(),
    // How it is sold (units.ts): empty step and minimum take the unit's defaults.
    ...saleTermsInputShape,
  })
  .superRefine(saleTermsRefinement);
export type ProductForm = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** The category form: categoryWriteSchema with an optional slug field. */
export const categoryFormSchema = categoryWriteSchema.extend({ slug: optionalSlug });
export type CategoryForm = z.input<typeof categoryFormSchema>;
export type CategoryFormValues = z.output<typeof categoryFormSchema>;

/** The subcategory form: subcategoryWriteSchema with an optional slug field. */
export const subcategoryFormSchema = subcategoryWriteSchema.extend({ slug: optionalSlug });
export type SubcategoryForm = z.input<typeof subcategoryFormSchema>;
export type SubcategoryFormValues = z.output<typeof subcategoryFormSchema>;
