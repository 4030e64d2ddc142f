import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { contactMessages, users } from '../../db/schema';

export interface NewContactMessage {
  fullname: string;
  email: string;
  subject: string | null;
  message: string;
}

export class ContactRepository {
  constructor(private readonly database: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction(work);
  }

  async insertMessage(tx: Transaction, message: NewContactMessage): Promise<{ id: string; createdAt: Date }> {
    const [row] = await tx
      .insert(contactMessages)
      .values(message)
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row) throw new Error('the contact message was not stored');
    return row;
  }

  /** The shop's inbox when CONTACT_EMAIL is unset: the oldest active admin's address. */
  async firstAdminEmail(tx: Transaction): Promise<string | undefined> {
    const [row] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.active, true)))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1);
    return row?.email;
  }
}
