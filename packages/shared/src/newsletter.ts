import { z } from 'zod';
import { emailSchema } from './accounts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { text } from './text';

export const newsletterSubscribeRequestSchema = z.object({ email: emailSchema });
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequestSchema>;

// ---------- Admin (API.md: GET /api/newsletter/subscribers, PATCH /api/newsletter/subscribers/{id}) ----------

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  active: z.boolean(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListQuerySchema = z.object({
  search: text(100).optional(),
  active: z.enum(['true', 'false'], { message: 'active must be true or false' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type SubscriberListQuery = z.input<typeof subscriberListQuerySchema>;

export const subscriberPageSchema = z.object({
  subscribers: z.array(subscriberSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;

export const subscriberUpdateRequestSchema = z.object({
  active: z.boolean({ message: 'active must be true or false' }),
});

/**
 * /api/newsletter/unsubscribe?token=…: GET (the email's link) shows the unsubscribe button and
 * changes nothing; POST (that button, or a mail client's RFC 8058 one-click) unsubscribes.
 */
export const unsubscribeQuerySchema = z.object({ token: text(200).min(1) });
