import type { TransferProofStatus, TransferProofType } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { id } from './columns';
import { orders } from './orders';

/**
 * Proofs of bank transfers the customers uploaded (0012_transfer_proofs.sql, decision 023). The
 * file itself is in the private storage under `storage_key` (random, never content-hashed, never
 * at a public URL). The latest row of an order is its proof; a re-upload replaces a pending one,
 * and a reviewed one (rejected) stays as the record of its review.
 */
export const transferProofs = pgTable(
  'transfer_proofs',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').$type<TransferProofType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The customer's file name, sanitised (decision 023). */
    fileName: text('file_name').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<TransferProofStatus>().notNull().default('pending'),
    reason: text('reason'),
    /** 'admin:<email>' of the review. */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('transfer_proofs_order_idx').on(t.orderId, t.uploadedAt),
    check('transfer_proofs_status_check', sql`${t.status} IN ('pending', 'confirmed', 'rejected')`),
    check(
      'transfer_proofs_type_check',
      sql`${t.contentType} IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`,
    ),
  ],
);
