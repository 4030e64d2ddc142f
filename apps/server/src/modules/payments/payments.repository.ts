import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { paymentEvents, paymentReferences } from '../../db/schema';

export type PaymentReferenceRow = typeof paymentReferences.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** Every SQL statement of payments: the references an order was given, and the events kept. */
export class PaymentsRepository {
  constructor(private readonly database: Database) {}

  private async rows<Row>(query: SQL, executor: Executor = this.database.db): Promise<Row[]> {
    const result = (await executor.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  }

  // ---------- References ----------

  /** An order's references, newest first. */
  async referencesOf(orderId: string): Promise<PaymentReferenceRow[]> {
    return this.database.db
      .select()
      .from(paymentReferences)
      .where(eq(paymentReferences.orderId, orderId))
      .orderBy(desc(paymentReferences.createdAt), desc(paymentReferences.reference));
  }

  async findReference(reference: string, executor: Executor = this.database.db) {
    const [row] = await executor.select().from(paymentReferences).where(eq(paymentReferences.reference, reference));
    return row ?? null;
  }

  async insertReference(tx: Executor, orderId: string, reference: string, openingUntil: Date) {
    await tx
      .insert(paymentReferences)
      .values({ orderId, reference, initializingUntil: openingUntil })
      .onConflictDoNothing();
  }

  /** A start is opening the reference at the provider until then (null: no longer). */
  async markReferenceOpening(reference: string, until: Date | null, executor: Executor = this.database.db) {
    await executor
      .update(paymentReferences)
      .set({ initializingUntil: until })
      .where(eq(paymentReferences.reference, reference));
  }

  async markReferenceReached(reference: string) {
    await this.database.db
      .update(paymentReferences)
      .set({ reachedProviderAt: sql`now()`, initializingUntil: null })
      .where(and(eq(paymentReferences.reference, reference), isNull(paymentReferences.reachedProviderAt)));
  }

  /** Keeps the provider's answer about a reference, so the same question is not asked again at once. */
  async markReferenceChecked(reference: string, status: string) {
    await this.database.db
      .update(paymentReferences)
      .set({ checkedAt: sql`now()`, checkedStatus: status })
      .where(eq(paymentReferences.reference, reference));
  }

  /** The order a payment reference belongs to: one of its references, or its number. */
  async orderIdOfReference(reference: string): Promise<string | null> {
    const found = await this.rows<{ id: string }>(
      sql`SELECT order_id AS id FROM payment_references WHERE reference = ${reference}
          UNION ALL SELECT id FROM orders WHERE order_number = ${reference} LIMIT 1`,
    );
    return found[0]?.id ?? null;
  }

  // ---------- Events ----------

  /** Keeps a provider event; `processed` tells whether the same event was kept and applied before. */
  async insertPaymentEvent(
    event: { dedupeKey: string; event: string; reference: string | null; orderId: string | null; payload: unknown },
    executor: Executor = this.database.db,
  ): Promise<{ id: string; processed: boolean }> {
    const [inserted] = await executor
      .insert(paymentEvents)
      .values(event)
      .onConflictDoNothing({ target: paymentEvents.dedupeKey })
      .returning({ id: paymentEvents.id });
    if (inserted) return { id: inserted.id, processed: false };
    const [existing] = await executor
      .select({ id: paymentEvents.id, processedAt: paymentEvents.processedAt })
      .from(paymentEvents)
      .where(eq(paymentEvents.dedupeKey, event.dedupeKey));
    if (!existing) throw new Error('payment event vanished');
    return { id: existing.id, processed: existing.processedAt !== null };
  }

  async markPaymentEventProcessed(id: string) {
    await this.database.db.update(paymentEvents).set({ processedAt: sql`now()` }).where(eq(paymentEvents.id, id));
  }

  /** Events kept but not applied (their process stopped first), older than a minute. */
  async unprocessedPaymentEvents(limit: number): Promise<PaymentEventRow[]> {
    return this.database.db
      .select()
      .from(paymentEvents)
      .where(and(isNull(paymentEvents.processedAt), sql`${paymentEvents.createdAt} < now() - interval '1 minute'`))
      .orderBy(asc(paymentEvents.createdAt))
      .limit(limit);
  }

  /** An order's payment events (provider webhooks, confirmed transfers), oldest first. */
  async paymentEventsOf(orderId: string): Promise<PaymentEventRow[]> {
    return this.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId))
      .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));
  }
}
