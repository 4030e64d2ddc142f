import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes';

/**
 * The error body of every non-2xx API response (API.md, Conventions): a stable `code`, a
 * message for people, field errors, and details a client can act on (current prices, stock).
 */
export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
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
  badUrl: 'The address of this request is not valid',
  serverError: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests. Please try again later.',
  databaseUnavailable: 'The shop is busy for a moment. Please try again shortly.',
} as const;
