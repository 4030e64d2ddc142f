import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/**
 * Where the shop's own order emails go (a new order, a transfer proof): ORDERS_EMAIL, else
 * CONTACT_EMAIL, else the first active admin's address, as the contact form's messages do.
 * Undefined only for a shop without an admin, which then gets none.
 */
export async function shopOrdersInbox(
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
