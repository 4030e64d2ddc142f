import type { Database } from '../../db/client';

export class NewsletterRepository {
  constructor(private readonly database: Database) {}

  /** Inserts the address, or turns an existing one (any letter case) back on. */
  async upsertActive(email: string, unsubscribeToken: string): Promise<void> {
    await this.database.query(
      `INSERT INTO newsletter_subscribers (email, unsubscribe_token)
       VALUES ($1, $2)
       ON CONFLICT ((lower(email))) DO UPDATE SET active = true, updated_at = now()`,
      [email, unsubscribeToken],
    );
  }
}
