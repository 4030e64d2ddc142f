import { settleWithin } from '../../lib/settle-within';
import type { HealthRepository } from './health.repository';

export type Health = { status: 'ok'; database: 'ok' } | { status: 'degraded'; database: 'unreachable' };

/** `down`: no answer, or none within READINESS_CHECK_TIMEOUT_MS; `off`: REDIS_URL is unset. */
export type Readiness =
  | { status: 'ready'; database: 'ok'; redis: 'ok' | 'off' }
  | { status: 'degraded'; database: 'ok'; redis: 'down' }
  | { status: 'not-ready'; database: 'down'; redis: 'ok' | 'off' | 'down' };

/**
 * Each readiness check's limit: below the 1 s that load balancers and Kubernetes wait for a probe
 * by default, so a hung database answers "not ready" rather than hanging the probe.
 */
export const READINESS_CHECK_TIMEOUT_MS = 800;

/** 'ok' when the check succeeds within timeoutMs; 'down' when it fails or does not answer in time. */
const within = (timeoutMs: number, check: () => Promise<void>): Promise<'ok' | 'down'> =>
  settleWithin(
    check().then(
      () => 'ok' as const,
      () => 'down' as const,
    ),
    timeoutMs,
    'down',
  );

export class HealthService {
  constructor(
    private readonly repository: HealthRepository,
    /** The shared rate-limit store's Redis (app.rateLimits.ping), when REDIS_URL is set. */
    private readonly redis?: { ping(): Promise<void> },
    private readonly timeoutMs = READINESS_CHECK_TIMEOUT_MS,
  ) {}

  /** ok when the database answers; degraded (not an error) when it does not. */
  async check(): Promise<Health> {
    try {
      await this.repository.ping();
      return { status: 'ok', database: 'ok' };
    } catch {
      return { status: 'degraded', database: 'unreachable' };
    }
  }

  /**
   * Whether this process can serve: the database answers in time. Redis (when REDIS_URL is set)
   * is reported but does not decide: without it the limits count in memory (decision 028), and a
   * Redis outage taking every process out of the load balancer would close the whole shop.
   */
  async ready(): Promise<Readiness> {
    const { redis } = this;
    const [database, redisState] = await Promise.all([
      within(this.timeoutMs, () => this.repository.ping()),
      redis ? within(this.timeoutMs, () => redis.ping()) : Promise.resolve('off' as const),
    ]);
    if (database === 'down') return { status: 'not-ready', database, redis: redisState };
    if (redisState === 'down') return { status: 'degraded', database, redis: redisState };
    return { status: 'ready', database, redis: redisState };
  }
}
