import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { OutageLog } from '../lib/database-unavailable';

export interface OutboxJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * What a handler made of a job: `done` (delivered, or pointless now), or `kept` (nothing can
 * deliver it in this configuration; it waits until something can). Throwing means "try again
 * later".
 */
export type OutboxOutcome =
  | { status: 'done'; note?: string; redact?: string[] }
  | { status: 'kept'; note: string; redact?: string[] };
export type OutboxHandler = (job: OutboxJob) => Promise<OutboxOutcome>;

export interface OutboxWorkerOptions {
  database: Database;
  log: FastifyBaseLogger;
  handlers: Record<string, OutboxHandler>;
  pollMs: number;
  /** First retry after this, doubling each time up to maxBackoffMs. */
  retryBaseMs: number;
  maxBackoffMs?: number;
  maxAttempts?: number;
  batchSize?: number;
  /** How long a claimed job stays invisible to other workers (another process may be polling). */
  lockMs?: number;
}

/** A job still failing after this many tries is given up and left with its last error. */
const MAX_ATTEMPTS = 20;

/**
 * Delivers the outbox: claims due rows with FOR UPDATE SKIP LOCKED (so several server
 * processes can poll the same table), runs their handler, marks them done, or reschedules
 * them with exponential backoff. Rows a process claimed and never finished (it died) become
 * visible again when their lock expires.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** Set by stop(): finish the job in hand, start no other. */
  private stopping = false;
  private readonly batchSize: number;
  private readonly lockMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxAttempts: number;
  /** Attempts whose handler threw (retried or given up) since this worker was made: metrics read it. */
  failures = 0;

  private readonly outage: OutageLog;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.outage = new OutageLog(options.log, 'outbox');
    this.batchSize = options.batchSize ?? 10;
    this.lockMs = options.lockMs ?? 60_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  }

  async start() {
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /**
   * Adds the handler of a kind of job a module queues (modules register after the outbox plugin):
   * from the next batch on, jobs of `kind` are claimed and run by it.
   */
  handle(kind: string, handler: OutboxHandler) {
    if (this.options.handlers[kind]) throw new Error(`outbox: ${kind} already has a handler`);
    this.options.handlers = { ...this.options.handlers, [kind]: handler };
  }

  /** Look now rather than at the next poll (something was just queued). */
  nudge() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs due jobs until none is left; also what tests call to skip the wait. */
  async drain(): Promise<number> {
    let total = 0;
    while (!this.stopping) {
      const done = await this.runBatch();
      total += done;
      if (done < this.batchSize) break;
    }
    return total;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.tick().finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.schedule(0);
        } else {
          this.schedule(this.options.pollMs);
        }
      });
    }, delayMs);
    this.timer.unref();
  }

  private async tick() {
    try {
      await this.drain();
      this.outage.succeeded();
    } catch (error) {
      if (this.stopped || this.outage.failed(error)) return;
      this.options.log.warn({ err: error }, 'outbox: polling failed, will retry');
    }
  }

  private async runBatch(): Promise<number> {
    const kinds = Object.keys(this.options.handlers);
    // locked_until doubles as the claim: only the worker that set it may renew or finish the job.
    const jobs = await this.options.database.query<OutboxJob & { claim: string }>(
      `UPDATE outbox o
          SET locked_until = now() + ($2::int * interval '1 millisecond'), attempts = o.attempts + 1
         FROM (SELECT id FROM outbox
                WHERE done_at IS NULL AND run_after <= now()
                  AND (locked_until IS NULL OR locked_until < now())
                  AND kind = ANY(string_to_array($1, ','))
                ORDER BY run_after
                LIMIT $3
                FOR UPDATE SKIP LOCKED) due
        WHERE o.id = due.id
      RETURNING o.id, o.kind, o.payload, o.attempts, o.locked_until::text AS claim`,
      [kinds.join(','), this.lockMs, this.batchSize],
    );
    let ran = 0;
    for (const [index, job] of jobs.entries()) {
      if (this.stopping) {
        // Shutting down: hand back what was claimed and not started, for the next process.
        await this.options.database.query(
          `UPDATE outbox SET locked_until = NULL, attempts = attempts - 1
            WHERE id = ANY($1::uuid[]) AND locked_until = $2::timestamptz`,
          [
            `{${jobs
              .slice(index)
              .map((left) => left.id)
              .join(',')}}`,
            job.claim,
          ],
        );
        break;
      }
      // The earlier jobs of the batch may have taken long: renew the claim, or find it lost.
      const [renewed] = await this.options.database.query<{ claim: string }>(
        `UPDATE outbox SET locked_until = now() + ($3::int * interval '1 millisecond')
          WHERE id = $1 AND locked_until = $2::timestamptz AND done_at IS NULL
        RETURNING locked_until::text AS claim`,
        [job.id, job.claim, this.lockMs],
      );
      if (!renewed) continue; // another process took it over after our lock ran out
      await this.runJob({ ...job, claim: renewed.claim });
      ran += 1;
    }
    return this.stopping ? ran : jobs.length;
  }

  private async runJob(job: OutboxJob & { claim: string }) {
    const handler = this.options.handlers[job.kind];
    const { database, log } = this.options;
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      const outcome = await handler(job);
      const redact = outcome.redact ?? [];
      if (outcome.status === 'done') {
        await database.query(
          `UPDATE outbox SET done_at = now(), locked_until = NULL, last_error = $2, payload = payload - $3::text[]
            WHERE id = $1 AND locked_until = $4::timestamptz`,
          [job.id, outcome.note ?? null, `{${redact.join(',')}}`, job.claim],
        );
      } else {
        // NOTE: 'infinity' parks the row; it is woken when a process that can deliver starts.
        await database.query(
          `UPDATE outbox SET run_after = 'infinity', locked_until = NULL, last_error = $2, payload = payload - $3::text[]
            WHERE id = $1 AND locked_until = $4::timestamptz`,
          [job.id, outcome.note, `{${redact.join(',')}}`, job.claim],
        );
      }
    } catch (error) {
      this.failures += 1;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (job.attempts >= this.maxAttempts) {
        log.error({ outboxId: job.id, kind: job.kind, attempts: job.attempts, reason }, 'outbox: giving up on a job');
        await database.query(
          `UPDATE outbox SET done_at = now(), locked_until = NULL, last_error = $2
            WHERE id = $1 AND locked_until = $3::timestamptz`,
          [job.id, `gave up: ${reason}`, job.claim],
        );
        return;
      }
      const backoff = Math.min(this.options.retryBaseMs * 2 ** (job.attempts - 1), this.maxBackoffMs);
      const delayMs = Math.round(backoff * (0.8 + Math.random() * 0.4));
      log.warn(
        { outboxId: job.id, kind: job.kind, attempts: job.attempts, retryInMs: delayMs, reason },
        'outbox: job failed, will retry',
      );
      await database.query(
        `UPDATE outbox SET run_after = now() + ($2::int * interval '1 millisecond'), locked_until = NULL, last_error = $3
          WHERE id = $1 AND locked_until = $4::timestamptz`,
        [job.id, delayMs, reason, job.claim],
      );
    }
  }

  /** Parked jobs of these kinds become due again (a process that can deliver them started). */
  async wakeParked(kinds: string[]) {
    await this.options.database.query(
      `UPDATE outbox SET run_after = now(), last_error = NULL WHERE done_at IS NULL AND run_after = 'infinity' AND kind = ANY(string_to_array($1, ','))`,
      [kinds.join(',')],
    );
  }
}
