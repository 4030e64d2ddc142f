import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns';

/**
 * The one list of unsubscribed addresses (migration 0020), honoured by every list mail
 * (back-in-stock alerts, the newsletter and its welcome): SHA-256 (hex) of the lower-cased
 * address, never the address itself (mail/mail-consent.ts).
 */
export const mailUnsubscribed = pgTable('mail_unsubscribed', {
  emailHash: text('email_hash').primaryKey(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Back-in-stock and confirmation mails sent per address (hashed), for the weekly cap and the confirmation bounds. */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: id(),
    emailHash: text('email_hash').notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mail_sends_recent_idx').on(t.emailHash, t.kind, t.sentAt)],
);
