import type { FastifyBaseLogger } from 'fastify';
import { paystackSignature } from '../paystack/paystack-client';

export interface WebhookSenderOptions {
  secretKey: string;
  /** Where events go, asked at each delivery (the shop's address may be known only once it runs). */
  url: () => Promise<string>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Deliveries tried per event; 5 by default. */
  attempts?: number;
  /** Pause before the 2nd attempt, doubled after each failure; 1 s by default. */
  retryBaseMs?: number;
  timeoutMs?: number;
}

/**
 * Sends events as Paystack does: `{event, data}` as JSON, `x-paystack-signature` the hex
 * HMAC-SHA512 of those exact bytes with the secret key. Anything but a 2xx is retried a few times
 * in the background; the caller never waits for the shop to answer.
 */
export class WebhookSender {
  readonly #options: Required<Omit<WebhookSenderOptions, 'log' | 'url' | 'secretKey'>> & WebhookSenderOptions;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #inFlight = new Set<Promise<void>>();
  #stopped = false;

  constructor(options: WebhookSenderOptions) {
    this.#options = { attempts: 5, retryBaseMs: 1_000, timeoutMs: 5_000, ...options };
  }

  send(event: string, data: unknown): void {
    if (this.#stopped) return;
    const body = JSON.stringify({ event, data });
    this.#deliver(event, body, 1);
  }

  /** Waits for deliveries under way and drops the retries still to come. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await Promise.allSettled([...this.#inFlight]);
  }

  #deliver(event: string, body: string, attempt: number): void {
    const delivery = this.#post(body).then(
      (status) => {
        if (status >= 200 && status < 300) return;
        this.#retry(event, body, attempt, `HTTP ${status}`);
      },
      (error: Error) => this.#retry(event, body, attempt, error.name === 'TimeoutError' ? 'timeout' : 'network error'),
    );
    this.#inFlight.add(delivery);
    void delivery.finally(() => this.#inFlight.delete(delivery));
  }

  async #post(body: string): Promise<number> {
    const response = await fetch(await this.#options.url(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': paystackSignature(this.#options.secretKey, body),
      },
      body,
      signal: AbortSignal.timeout(this.#options.timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  }

  #retry(event: string, body: string, attempt: number, reason: string): void {
    if (this.#stopped) return;
    if (attempt >= this.#options.attempts) {
      this.#options.log.warn({ event, attempts: attempt, reason }, 'test gateway: webhook not delivered, giving up');
      return;
    }
    const delay = this.#options.retryBaseMs * 2 ** (attempt - 1);
    this.#options.log.info(
      { event, attempt, reason, retryInMs: delay },
      'test gateway: webhook not delivered, retrying',
    );
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#deliver(event, body, attempt + 1);
    }, delay);
    timer.unref();
    this.#timers.add(timer);
  }
}
