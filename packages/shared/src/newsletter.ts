import { z } from 'zod';
import { emailSchema } from './accounts';

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Successfully subscribed to our newsletter!',
  failed: 'Failed to subscribe. Please try again later.',
} as const;

export const newsletterSubscribeRequestSchema = z.object({ email: emailSchema });
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequestSchema>;
