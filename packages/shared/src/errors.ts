import { z } from 'zod';

/** The error body of every non-2xx API response (API.md, Conventions). */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const MESSAGES = {
  productNotFound: 'Product Not Found',
  categoryNotFound: 'Category Not Found',
  subcategoryNotFound: 'Subcategory Not Found',
  orderNotFound: 'Order Not Found',
  notFound: 'Not Found',
  invalidInput: 'Invalid input',
  serverError: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests. Please try again later.',
} as const;
