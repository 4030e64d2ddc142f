// The admin's product form (SPEC.md §5 "Admin product form"): the fields of
// createProductRequestSchema as the form holds them (text inputs, a category select, a list of
// specification rows), with the same rules and messages. The images are checked beside it: at
// least one (PRODUCT_MESSAGES.imageRequired), at most PRODUCT_LIMITS.imagesMax.

import { z } from 'zod';
import { categoryWriteSchema } from './catalog-admin';
import { createProductRequestSchema, productSpecificationInputSchema } from './catalog';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from './catalog-messages';

const fields = createProductRequestSchema.shape;

export const productFormSchema = z.object({
  name: fields.name,
  description: fields.description,
  price: fields.price,
  stock: fields.stock,
  /** Only narrows the subcategory select; the product belongs to its subcategory. */
  categoryId: z.string().min(1, PRODUCT_MESSAGES.categoryRequired),
  subcategoryId: fields.subcategoryId,
  /** Optional: empty makes it from the name (create) or keeps it (edit). Same rule as a category's slug. */
  slug: z
    .string()
    .transform((value) => value.trim() || undefined)
    .pipe(categoryWriteSchema.shape.slug),
  specifications: z
    .array(productSpecificationInputSchema)
    .max(PRODUCT_LIMITS.specificationsMax, PRODUCT_MESSAGES.tooManySpecifications),
  isHotBuy: z.boolean(),
  isNewlyAdded: z.boolean(),
});
export type ProductForm = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;
