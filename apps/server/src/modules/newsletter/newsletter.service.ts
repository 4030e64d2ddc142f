import { createHash, randomBytes } from 'node:crypto';
import { NEWSLETTER_ADMIN_MESSAGES, NEWSLETTER_LIMITS, type Subscriber, type SubscriberPage } from '@shop/shared';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  countSend,
  liftUnsubscribe,
  lockAddress,
  sentSince,
  unsubscribeAddress,
  unsubscribedAt,
} from '../../mail/mail-consent';
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

/** Only the hash of a comeback link's token is kept. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

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

  comebackUrl(token: string): string {
    return `${this.options.shopUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`;
  }

  /**
   * Adds the address (any letter case). It says nothing of what happened, so the signup cannot
   * tell a visitor who else is subscribed or who left. A new subscriber is thanked by email, with
   * the unsubscribe link and headers; one already subscribed gets nothing. An address that
   * unsubscribed (on the one list of mail/mail-consent.ts, or turned off) is not put back: it is
   * mailed a link that does, at most once while the last one still works
   * (NEWSLETTER_LIMITS.comebackConfirmHours).
   */
  async subscribe(email: string, context: { ip: string }): Promise<void> {
    await spendLimit(this.limits, `newsletter:${context.ip}`, SIGNUPS_PER_ADDRESS);
    const queued = await this.database.db.transaction(async (tx) => {
      await lockAddress(tx, email);
      const existing = await this.repository.findByEmail(tx, email);
      const gone = (await unsubscribedAt(tx, email)) !== null || existing?.active === false;
      if (gone) return this.mailComeback(tx, email);
      if (existing) return false;
      const row = await this.repository.upsertActive(tx, email, randomBytes(24).toString('base64url'));
      if (row.wasActive === true) return false;
      const unsubscribeUrl = this.unsubscribeUrl(row.unsubscribeToken);
      await enqueueEmail(tx, {
        to: email,
        template: 'newsletter-welcome',
        data: { unsubscribeUrl, shopUrl: this.options.shopUrl },
        listUnsubscribe: unsubscribeUrl,
        listMailQueuedAt: new Date().toISOString(),
      });
      return true;
    });
    if (queued) this.options.onEmailQueued();
  }

  /** The comeback link for an unsubscribed address; nothing while the last one still works. Whether one was queued. */
  private async mailComeback(tx: Executor, email: string): Promise<boolean> {
    const hours = NEWSLETTER_LIMITS.comebackConfirmHours;
    if ((await sentSince(tx, email, 'newsletter-confirm', hours)) > 0) return false;
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + hours * 3_600_000);
    await this.repository.setComebackToken(tx, email, {
      tokenHash: tokenHash(token),
      expiresAt,
      unsubscribeToken: randomBytes(24).toString('base64url'),
    });
    await countSend(tx, email, 'newsletter-confirm');
    await enqueueEmail(tx, {
      to: email,
      template: 'newsletter-confirm',
      data: { confirmUrl: this.comebackUrl(token), hours },
      expiresAt: expiresAt.toISOString(),
    });
    return true;
  }

  /** Whether this comeback link still works (what opening it may do: read, never change). */
  async canComeBack(token: string): Promise<boolean> {
    if (!TOKEN_PATTERN.test(token)) return false;
    return this.repository.comebackUsable(tokenHash(token));
  }

  /** The comeback link's button: the address is subscribed and taken off the unsubscribed list. Once. */
  async comeBack(token: string): Promise<boolean> {
    if (!TOKEN_PATTERN.test(token)) return false;
    return this.database.db.transaction(async (tx) => {
      const email = await this.repository.confirmComeback(tx, tokenHash(token));
      if (!email) return false;
      await liftUnsubscribe(tx, email);
      return true;
    });
  }

  async list(query: SubscriberFilter & { page: number; pageSize: number }): Promise<SubscriberPage> {
    const { rows, total } = await this.repository.list(query);
    return { subscribers: rows.map(toSubscriber), page: query.page, pageSize: query.pageSize, total };
  }

  /**
   * The admin turns a subscriber off or on. An address that unsubscribed itself (on the one list)
   * is not put back by anyone but itself: 409, it comes back only by its comeback link.
   */
  async setActive(id: string, active: boolean): Promise<{ message: string; subscriber: Subscriber }> {
    if (active) {
      const email = await this.repository.emailOf(id);
      if (email && (await unsubscribedAt(this.database.db, email)) !== null) {
        throw new AppError('CONFLICT', NEWSLETTER_ADMIN_MESSAGES.reactivateRefused);
      }
    }
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
   * from an address. The address goes on the one list of unsubscribed addresses every list mail
   * honours (mail/mail-consent.ts): its back-in-stock alerts stop too. null when no address holds it.
   */
  async unsubscribe(token: string): Promise<Subscriber | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const row = await this.database.db.transaction(async (tx) => {
      const found = await this.repository.deactivateByToken(tx, token);
      if (found) await unsubscribeAddress(tx, found.email);
      return found;
    });
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
