import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/**
 * Where the shop's own emails go: the orders email for the order emails (a new order, a transfer
 * proof), else the contact email (the contact form's messages pass only this), else the first
 * active admin's address. Undefined only for a shop without an admin, which then gets none. The
 * two emails come from the settings (`app.settings.inbox()`, decision 025): the admin's, or
 * before any save ORDERS_EMAIL and CONTACT_EMAIL.
 */
export async function shopInbox(
  executor: Executor,
  config: { ordersEmail?: string; contactEmail?: string },
): Promise<string | undefined> {
  const configured = config.ordersEmail ?? config.contactEmail;
  if (configured) return configured;
  const [row] = await executor
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.active, true)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row?.email;
}
