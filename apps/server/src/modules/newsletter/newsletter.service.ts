import { randomBytes } from 'node:crypto';
import { NEWSLETTER_LIMITS } from '@shop/shared';
import { type RateLimitStore, spendLimit } from '../../plugins/rate-limit';
import type { NewsletterRepository } from './newsletter.repository';

/** Anyone may sign up, so one address may not fill the table with made-up emails. */
const SIGNUPS_PER_ADDRESS = {
  max: NEWSLETTER_LIMITS.signupsPerAddress,
  windowMs: NEWSLETTER_LIMITS.windowMinutes * 60_000,
};

export class NewsletterService {
  constructor(
    private readonly repository: NewsletterRepository,
    private readonly limits: RateLimitStore,
  ) {}

  /**
   * Adds the address, or turns an existing one (any letter case) back on. It says neither, so
   * the signup cannot tell a visitor who else is subscribed.
   */
  async subscribe(email: string, context: { ip: string }): Promise<void> {
    await spendLimit(this.limits, `newsletter:${context.ip}`, SIGNUPS_PER_ADDRESS);
    await this.repository.upsertActive(email, randomBytes(24).toString('base64url'));
  }
}
