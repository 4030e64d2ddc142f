import type { FastifyBaseLogger } from 'fastify';
import { OutageLog } from '../lib/database-unavailable';

export interface OrderExpiryJobOptions {
  log: FastifyBaseLogger;
  pollMs: number;
  /**
   * One round: cancel the unpaid orders past their deadline once their payment method has had
   * its say, and remind transfers half-way (the payments module's PaymentExpiry; it claims orders
   * with FOR UPDATE SKIP LOCKED, so several server processes can run rounds at once).
   */
  runRound: () => Promise<{ expired: number; paid: number; deferred: number; extended: number; reminded: number }>;
}

/** Runs a round of order expiry every pollMs, one at a time, until stopped. */
export class OrderExpiryJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private readonly outage: OutageLog;

  constructor(private readonly options: OrderExpiryJobOptions) {
    this.outage = new OutageLog(options.log, 'order expiry');
  }

  start() {
    this.stopped = false;
    this.schedule(this.options.pollMs);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round now (tests call it to skip the wait); waits for a round already running. */
  async runOnce() {
    await this.running;
    const round = this.options.runRound();
    this.running = round.then(
      () => undefined,
      () => undefined,
    );
    return round;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      this.timer = undefined;
      try {
        const result = await this.runOnce();
        this.outage.succeeded();
        if (result.expired || result.paid || result.deferred || result.extended || result.reminded)
          this.options.log.info(result, 'order expiry round');
      } catch (error) {
        if (!this.stopped && !this.outage.failed(error)) {
          this.options.log.warn({ err: error }, 'order expiry: round failed, will retry');
        }
      }
      this.schedule(this.options.pollMs);
    }, delayMs);
    this.timer.unref();
  }
}
