import { randomBytes } from 'node:crypto';
import { NEWSLETTER_ADMIN_MESSAGES, NEWSLETTER_LIMITS, type Subscriber, type SubscriberPage } from '@shop/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../mail/outbox-email';
import { type RateLimitStore, spendLimit } from '../../plugins/rate-limit';
import type { NewsletterRepository, SubscriberFilter, SubscriberRow } from './newsletter.repository';

/** Anyone may sign up, so one address may not fill the table with made-up emails. */
const SIGNUPS_PER_ADDRESS = {
  max: NEWSLETTER_LIMITS.signupsPerAddress,
  windowMs: NEWSLETTER_LIMITS.windowMinutes * 60_000,
};

/** 24 random bytes, base64url: what an unsubscribe token looks like; anything else is refused unread. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
const EXPORT_BATCH = 1_000;

export const SUBSCRIBER_CSV_COLUMNS = ['email', 'createdAt', 'active'] as const;

export interface NewsletterServiceOptions {
  /** The shop's public address without a trailing slash, for the unsubscribe link. */
  shopUrl: string;
  /** Something was queued in the outbox: deliver it now rather than at the next poll. */
  onEmailQueued: () => void;
}

const toSubscriber = (row: SubscriberRow): Subscriber => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  active: row.active,
});

export class NewsletterService {
  constructor(
    private readonly database: Database,
    private readonly repository: NewsletterRepository,
    private readonly limits: RateLimitStore,
    private readonly options: NewsletterServiceOptions,
  ) {}

  unsubscribeUrl(token: string): string {
    return `${this.options.shopUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  /**
   * Adds the address, or turns an existing one (any letter case) back on. It says neither, so
   * the signup cannot tell a visitor who else is subscribed. A new (or returning) subscriber is
   * thanked by email, with the unsubscribe link and headers; one already subscribed gets nothing.
   */
  async subscribe(email: string, context: { ip: string }): Promise<void> {
    await spendLimit(this.limits, `newsletter:${context.ip}`, SIGNUPS_PER_ADDRESS);
    const queued = await this.database.db.transaction(async (tx) => {
      const row = await this.repository.upsertActive(tx, email, randomBytes(24).toString('base64url'));
      if (row.wasActive === true) return false;
      const unsubscribeUrl = this.unsubscribeUrl(row.unsubscribeToken);
      await enqueueEmail(tx, {
        to: email,
        template: 'newsletter-welcome',
        data: { unsubscribeUrl, shopUrl: this.options.shopUrl },
        listUnsubscribe: unsubscribeUrl,
      });
      return true;
    });
    if (queued) this.options.onEmailQueued();
  }

  async list(query: SubscriberFilter & { page: number; pageSize: number }): Promise<SubscriberPage> {
    const { rows, total } = await this.repository.list(query);
    return { subscribers: rows.map(toSubscriber), page: query.page, pageSize: query.pageSize, total };
  }

  async setActive(id: string, active: boolean): Promise<{ message: string; subscriber: Subscriber }> {
    const row = await this.repository.setActive(id, active);
    if (!row) throw new AppError('NOT_FOUND', 'Subscriber not found');
    return {
      message: active ? NEWSLETTER_ADMIN_MESSAGES.reactivated : NEWSLETTER_ADMIN_MESSAGES.deactivated,
      subscriber: toSubscriber(row),
    };
  }

  /**
   * What opening the link in a newsletter email may do: read, never change. The subscriber
   * holding this token (to offer the button, or say they are already off the list), or null.
   * Mail scanners and link previews open every link; only the POST that follows unsubscribes.
   */
  async findByToken(token: string): Promise<Subscriber | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const row = await this.repository.findByToken(token);
    return row ? toSubscriber(row) : null;
  }

  /**
   * The unsubscribe button behind the link in a newsletter email, or a mail client's RFC 8058
   * one-click POST: turns off the one address that holds this token (and no other), whoever
   * sends it, without a login. A second time changes nothing and says the same.
   * The token is 192 random bits looked up by its unique index: it cannot be guessed or derived
   * from an address. null when no address holds it.
   */
  async unsubscribe(token: string): Promise<Subscriber | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const row = await this.repository.deactivateByToken(token);
    return row ? toSubscriber(row) : null;
  }

  /** Every subscriber that matches, oldest first, a batch at a time (for the CSV export). */
  async *exportRows(filter: SubscriberFilter) {
    let after: { cursor: string; id: string } | null = null;
    for (;;) {
      const rows = await this.repository.batch(filter, after, EXPORT_BATCH);
      for (const row of rows) {
        yield { email: row.email, createdAt: row.createdAt.toISOString(), active: row.active ? 'true' : 'false' };
      }
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      after = { cursor: last.cursor, id: last.id };
    }
  }
}
