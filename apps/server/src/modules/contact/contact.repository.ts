import type { Database, Transaction } from '../../db/client';
import { contactMessages } from '../../db/schema';

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
}
