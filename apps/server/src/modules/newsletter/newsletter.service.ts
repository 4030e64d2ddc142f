import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';

export class NewsletterService {
  constructor(private readonly database: Database) {}

  /**
   * Adds the address, or turns an existing one (any letter case) back on. Returns whether the
   * address is new; callers answer the same either way, so the form does not tell a visitor
   * who else is subscribed.
   */
  async subscribe(email: string): Promise<{ created: boolean }> {
    const rows = await this.database.query<{ created: boolean }>(
      `INSERT INTO newsletter_subscribers (email, unsubscribe_token)
       VALUES ($1, $2)
       ON CONFLICT ((lower(email))) DO UPDATE SET active = true, updated_at = now()
       RETURNING (xmax = 0) AS created`,
      [email, randomBytes(24).toString('base64url')],
    );
    return { created: rows[0]?.created === true };
  }
}
