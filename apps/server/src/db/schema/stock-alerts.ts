import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { createdAt, id } from './columns';

/**
 * Back-in-stock alerts (migration 0015, decision 031): an address waiting for a sold-out product.
 * Open while neither notified_at nor cancelled_at is set; a trigger on products queues a
 * `stock-returned` outbox job when a product with open confirmed alerts can be bought again.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** sha256 (hex) of the unsubscribe token, set when the email is queued; the token itself is only in the email. */
    unsubscribeTokenHash: text('unsubscribe_token_hash').unique(),
    /** Set at once for a signed-in customer's own address, else by the link mailed to the address (migration 0020). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** sha256 (hex) of the confirmation link's token; the token itself is only in that email. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('stock_alerts_open_idx')
      .on(t.productId, t.email)
      .where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
    index('stock_alerts_open_email_idx').on(t.email).where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
  ],
);
