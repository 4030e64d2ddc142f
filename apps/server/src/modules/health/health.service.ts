import type { HealthRepository } from './health.repository';

export type Health = { status: 'ok'; database: 'ok' } | { status: 'degraded'; database: 'unreachable' };

export class HealthService {
  constructor(private readonly repository: HealthRepository) {}

  /** ok when the database answers; degraded (not an error) when it does not. */
  async check(): Promise<Health> {
    try {
      await this.repository.ping();
      return { status: 'ok', database: 'ok' };
    } catch {
      return { status: 'degraded', database: 'unreachable' };
    }
  }
}
