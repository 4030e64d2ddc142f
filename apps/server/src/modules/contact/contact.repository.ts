import { and, asc, eq } from 'drizzle-orm';
import type { AppDatabase, Database } from '../../db/client';
import { contactMessages, users } from '../../db/schema';

/** The transaction a service hands to the repository, so a message and its emails commit together. */
export type ContactTransaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

export interface NewContactMessage {
  fullname: string;
  email: string;
  subject: string | null;
  message: string;
}

export class ContactRepository {
  constructor(private readonly database: Database) {}

  transaction<T>(work: (tx: ContactTransaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction(work);
  }

  async insertMessage(tx: ContactTransaction, message: NewContactMessage): Promise<{ id: string; createdAt: Date }> {
    const [row] = await tx
      .insert(contactMessages)
      .values(message)
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row) throw new Error('the contact message was not stored');
    return row;
  }

  /** The shop's inbox when CONTACT_EMAIL is unset: the oldest active admin's address. */
  async firstAdminEmail(tx: ContactTransaction): Promise<string | undefined> {
    const [row] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.active, true)))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1);
    return row?.email;
  }
}
