import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';

export class NewsletterService {
  constructor(private readonly database: Database) {}

  /**
   * Adds the address, or turns an existing one (any letter case) back on. It says neither, so
   * the signup cannot tell a visitor who else is subscribed.
   */
  async subscribe(email: string): Promise<void> {
    await this.database.query(
      `INSERT INTO newsletter_subscribers (email, unsubscribe_token)
       VALUES ($1, $2)
       ON CONFLICT ((lower(email))) DO UPDATE SET active = true, updated_at = now()`,
      [email, randomBytes(24).toString('base64url')],
    );
  }
}
