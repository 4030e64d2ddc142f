import { z } from 'zod';
import { emailSchema } from './accounts';

export const newsletterSubscribeRequestSchema = z.object({ email: emailSchema });
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequestSchema>;
