import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/**
 * Where the shop's own emails go: ORDERS_EMAIL for the order emails (a new order, a transfer
 * proof), else CONTACT_EMAIL (the contact form's messages pass only this), else the first active
 * admin's address. Undefined only for a shop without an admin, which then gets none.
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
