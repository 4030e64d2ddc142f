import type { TransferProof } from '@shop/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { transferProofs } from '../../db/schema';

export type TransferProofRow = typeof transferProofs.$inferSelect;

/** The transfer_proofs table (0012_transfer_proofs.sql): an order's proofs and their reviews. */
export class TransferProofsRepository {
  constructor(private readonly database: Database) {}

  /** The order's proof: its latest upload, or undefined. */
  async latestOf(orderId: string, executor: Executor = this.database.db): Promise<TransferProofRow | undefined> {
    const [row] = await executor
      .select()
      .from(transferProofs)
      .where(eq(transferProofs.orderId, orderId))
      .orderBy(desc(transferProofs.uploadedAt), desc(transferProofs.id))
      .limit(1);
    return row;
  }

  /** Whether the order has a proof waiting for review (the expiry job waits for it once). */
  async hasPending(orderId: string, executor: Executor = this.database.db): Promise<boolean> {
    const [row] = await executor
      .select({ id: transferProofs.id })
      .from(transferProofs)
      .where(and(eq(transferProofs.orderId, orderId), eq(transferProofs.status, 'pending')))
      .limit(1);
    return row !== undefined;
  }

  async insert(tx: Executor, values: typeof transferProofs.$inferInsert): Promise<TransferProofRow> {
    const [row] = await tx.insert(transferProofs).values(values).returning();
    if (!row) throw new Error('transfer proof not inserted');
    return row;
  }

  /** Removes the order's proofs still waiting for review (a re-upload replaces them); their keys. */
  async deletePending(tx: Executor, orderId: string): Promise<string[]> {
    const rows = await tx
      .delete(transferProofs)
      .where(and(eq(transferProofs.orderId, orderId), eq(transferProofs.status, 'pending')))
      .returning({ key: transferProofs.storageKey });
    return rows.map((row) => row.key);
  }

  /** The review of the order's pending proof; the row reviewed, or undefined when none was pending. */
  async reviewPending(
    tx: Executor,
    orderId: string,
    review: { status: 'confirmed' | 'rejected'; reason?: string; by: string },
  ): Promise<TransferProofRow | undefined> {
    const [row] = await tx
      .update(transferProofs)
      .set({ status: review.status, reason: review.reason ?? null, reviewedBy: review.by, reviewedAt: new Date() })
      .where(and(eq(transferProofs.orderId, orderId), eq(transferProofs.status, 'pending')))
      .returning();
    return row;
  }
}

/** The proof as Order.transferProof shows it. */
export function toTransferProof(row: TransferProofRow | undefined): TransferProof | null {
  if (!row) return null;
  return {
    status: row.status,
    uploadedAt: row.uploadedAt.toISOString(),
    contentType: row.contentType,
    fileName: row.fileName,
    reason: row.reason,
  };
}
