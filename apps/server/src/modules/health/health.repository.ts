import type { Database } from '../../db/client';

export class HealthRepository {
  constructor(private readonly database: Database) {}

  /** One round trip to the database; throws when it cannot be reached. */
  async ping(): Promise<void> {
    await this.database.query('SELECT 1');
  }
}
