import { z } from 'zod';
import { emailSchema } from './accounts';

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Successfully subscribed to our newsletter!',
  failed: 'Failed to subscribe. Please try again later.',
} as const;

/** Signups one address (IP) may make per window: enough for a shop's shared Wi-Fi, not for a script. */
export const NEWSLETTER_LIMITS = {
  signupsPerAddress: 10,
  windowMinutes: 60,
} as const;

export const newsletterSubscribeRequestSchema = z.object({ email: emailSchema });
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequestSchema>;
