import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text('email').notNull(),
    active: boolean('active').notNull().default(true),
    /** Random token for the unsubscribe link of every newsletter email. */
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    /** An unsubscribed address coming back: sha256 (hex) of the token of the link mailed to it (migration 0020). */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_email_idx').on(sql`lower(${t.email})`),
    index('newsletter_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('newsletter_email_trgm_idx').using('gin', sql`(lower(${t.email})) gin_trgm_ops`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc().nullsFirst())],
);

/**
 * Side effects that must not be lost (emails, order expiry): written in the same transaction as
 * the change that causes them, delivered by the worker with retries and backoff.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_pending_idx').on(t.runAfter).where(sql`${t.doneAt} is null`)],
);
