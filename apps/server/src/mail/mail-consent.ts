import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Mail only to people who asked (docs/SECURITY.md): the one list of unsubscribed addresses that
 * every list mail honours (back-in-stock alerts, the newsletter and its welcome), and the count of
 * mails each address was sent, for the weekly cap and the confirmation bounds. Both tables
 * (migration 0020) hold the SHA-256 of the lower-cased address, never the address.
 */

/** What mail_sends counts. */
export type CountedMail = 'stock-returned' | 'stock-alert-confirm' | 'newsletter-confirm';

/**
 * SHA-256 (hex) of the trimmed, lower-cased address: what the list and the counts keep. The shop
 * has no secret of its own to key it with, and migration 0020 computes the same in SQL for the
 * addresses that had unsubscribed before.
 */
export const addressHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Holds this address's counts until the transaction ends: two processes queueing mail to one
 * address count one after the other, so a cap cannot be passed by two at once. Callers with
 * several addresses lock them in one order (sorted), so two of them never wait on each other.
 */
export async function lockAddress(tx: Executor, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`mail:${addressHash(email)}`}, 0))`);
}

/** When the address last unsubscribed, or null when it is not on the list. */
export async function unsubscribedAt(tx: Executor, email: string): Promise<Date | null> {
  const result = await tx.execute(
    sql`SELECT unsubscribed_at AS "at" FROM mail_unsubscribed WHERE email_hash = ${addressHash(email)}`,
  );
  const at = rowsOf<{ at: Date | string }>(result)[0]?.at;
  return at === undefined ? null : new Date(at);
}

/**
 * The address unsubscribes, from a back-in-stock email or a newsletter email: one list for every
 * list mail, so it is put on the list (or its date moved on), its newsletter subscription is
 * turned off and every back-in-stock alert it still has open is cancelled.
 */
export async function unsubscribeAddress(tx: Executor, email: string): Promise<void> {
  const hash = addressHash(email);
  await tx.execute(sql`INSERT INTO mail_unsubscribed (email_hash) VALUES (${hash})
    ON CONFLICT (email_hash) DO UPDATE SET unsubscribed_at = now()`);
  await tx.execute(sql`UPDATE newsletter_subscribers SET active = false, updated_at = now()
    WHERE lower(email) = lower(${email}) AND active`);
  await tx.execute(sql`UPDATE stock_alerts SET cancelled_at = now()
    WHERE email = lower(${email}) AND notified_at IS NULL AND cancelled_at IS NULL`);
}

/** Whether the address went on the list after `since` (a list mail queued then is not sent). */
export async function unsubscribedAfter(executor: Executor, email: string, since: Date): Promise<boolean> {
  const at = await unsubscribedAt(executor, email);
  return at !== null && at > since;
}

/** The address confirmed it wants the newsletter again: off the list. */
export async function liftUnsubscribe(tx: Executor, email: string): Promise<void> {
  await tx.execute(sql`DELETE FROM mail_unsubscribed WHERE email_hash = ${addressHash(email)}`);
}

/** How many mails of this kind the address was sent in the last `hours`. */
export async function sentSince(tx: Executor, email: string, kind: CountedMail, hours: number): Promise<number> {
  const result = await tx.execute(sql`SELECT count(*)::int AS n FROM mail_sends
    WHERE email_hash = ${addressHash(email)} AND kind = ${kind} AND sent_at > now() - make_interval(hours => ${hours})`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * One mail of this kind queued to the address, counted; the address's counts older than a week
 * (the longest window any rule looks at) are dropped on the way.
 */
export async function countSend(tx: Executor, email: string, kind: CountedMail): Promise<void> {
  const hash = addressHash(email);
  await tx.execute(sql`DELETE FROM mail_sends WHERE email_hash = ${hash} AND sent_at < now() - interval '8 days'`);
  await tx.execute(sql`INSERT INTO mail_sends (email_hash, kind) VALUES (${hash}, ${kind})`);
}
