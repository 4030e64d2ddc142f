import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentConfig } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  type CardProvider,
  DuplicateReferenceError,
  PaymentProviderRejectedError,
  PaymentProviderUnavailableError,
  type ProviderCall,
  type ProviderEvent,
  type ProviderOutcome,
  type ProviderTransaction,
} from '../card-provider';

// The card method's adapter for Paystack's REST API and webhooks (docs/payments.md). It speaks
// HTTP to PAYSTACK_API_URL, so the same code talks to Paystack in production and to the
// built-in test gateway everywhere else. Paystack's words stop here: the rest of the shop sees
// the CardProvider interface.

export type PaystackStatus =
  | 'success'
  | 'failed'
  | 'abandoned'
  | 'ongoing'
  | 'pending'
  | 'processing'
  | 'queued'
  | 'reversed';

/** Paystack's statuses of a payment still going through: wait for their outcome. */
const IN_PROGRESS = new Set<string>(['ongoing', 'pending', 'processing', 'queued']);

export function outcomeOf(status: string): ProviderOutcome {
  if (status === 'success') return 'paid';
  if (status === 'reversed') return 'reversed';
  return IN_PROGRESS.has(status) ? 'in-progress' : 'unpaid';
}

export interface PaystackClientOptions {
  secretKey: string;
  /** Base URL of the API, without a trailing slash; a function when it is known only later. */
  apiUrl: string | (() => string | Promise<string>);
  publicConfig: Omit<PaymentConfig, 'payOnDelivery'>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Per attempt; 10 s by default. */
  timeoutMs?: number;
  /** Attempts for timeouts, network errors and 5xx; 3 by default. 4xx is never retried. */
  attempts?: number;
  /** First pause between attempts, doubled each time (capped at 8×); 300 ms by default. */
  backoffMs?: number;
  /** Told of every call once it is over (the metrics' provider calls). */
  onCall?: (call: ProviderCall) => void;
}

interface PaystackEnvelope {
  status?: boolean;
  message?: string;
  code?: string;
  data?: unknown;
}

interface PaystackVerifyData {
  id: number | string;
  reference: string;
  status: PaystackStatus;
  amount: number;
  currency: string;
  paid_at?: string | null;
  paidAt?: string | null;
  gateway_response?: string | null;
  channel?: string | null;
  customer?: { email?: string | null } | null;
}

class RetryableError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Paystack's `data` of verify or charge.success as the shop's shape. */
export function toProviderTransaction(data: PaystackVerifyData): ProviderTransaction {
  return {
    id: String(data.id),
    reference: data.reference,
    status: data.status,
    outcome: outcomeOf(data.status),
    amountKobo: Number(data.amount),
    currency: data.currency,
    paidAt: data.paid_at ?? data.paidAt ?? null,
    gatewayResponse: data.gateway_response ?? null,
    channel: data.channel ?? null,
    customerEmail: data.customer?.email ?? null,
  };
}

/** The reference a Paystack event names: a charge's own, or the charge a refund is of. */
export function referenceOfEvent(data: Record<string, unknown>): string | null {
  if (typeof data.reference === 'string') return data.reference;
  if (typeof data.transaction_reference === 'string') return data.transaction_reference;
  const transaction = data.transaction;
  if (transaction && typeof transaction === 'object') {
    const reference = (transaction as Record<string, unknown>).reference;
    if (typeof reference === 'string') return reference;
  }
  return null;
}

/**
 * An event's data as it is kept in payment_events: without the reusable card token
 * (`authorization.authorization_code`) and without the customer's details other than the email.
 */
export function withoutCardSecrets(data: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...data };
  const authorization = data.authorization;
  if (authorization && typeof authorization === 'object') {
    const { authorization_code: _code, ...rest } = authorization as Record<string, unknown>;
    kept.authorization = rest;
  }
  const customer = data.customer;
  if (customer && typeof customer === 'object') {
    const email = (customer as Record<string, unknown>).email;
    kept.customer = email === undefined ? {} : { email };
  }
  return kept;
}

/** hex HMAC-SHA512 of the raw body keyed with the secret key, as Paystack signs webhooks. */
export function paystackSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export class PaystackClient implements CardProvider {
  readonly publicConfig: Omit<PaymentConfig, 'payOnDelivery'>;
  readonly #secretKey: string;
  readonly #apiUrl: PaystackClientOptions['apiUrl'];
  readonly #log: PaystackClientOptions['log'];
  readonly #timeoutMs: number;
  readonly #attempts: number;
  readonly #backoffMs: number;
  readonly #onCall: PaystackClientOptions['onCall'];

  constructor(options: PaystackClientOptions) {
    this.#secretKey = options.secretKey;
    this.#apiUrl = options.apiUrl;
    this.publicConfig = options.publicConfig;
    this.#log = options.log;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#attempts = Math.max(1, options.attempts ?? 3);
    this.#backoffMs = options.backoffMs ?? 300;
    this.#onCall = options.onCall;
  }

  initialize(input: {
    email: string;
    amountKobo: number;
    reference: string;
    metadata?: Record<string, unknown>;
  }): Promise<{ accessCode: string; authorizationUrl: string; reference: string }> {
    return this.#observed('initialize', () => this.#initialize(input));
  }

  verify(reference: string): Promise<ProviderTransaction | null> {
    return this.#observed('verify', () => this.#verify(reference));
  }

  refund(input: { reference: string; amountKobo?: number }): Promise<{ status: string; amountKobo: number }> {
    return this.#observed('refund', () => this.#refund(input));
  }

  /** Runs one call and tells onCall how it went and how long it took, retries included. */
  async #observed<T>(operation: ProviderCall['operation'], call: () => Promise<T>): Promise<T> {
    if (!this.#onCall) return call();
    const started = performance.now();
    let outcome: ProviderCall['outcome'] = 'failed';
    try {
      const result = await call();
      outcome = 'ok';
      return result;
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError && error.timedOut) outcome = 'timeout';
      throw error;
    } finally {
      this.#onCall({ operation, outcome, seconds: (performance.now() - started) / 1000 });
    }
  }

  async #initialize(input: {
    email: string;
    amountKobo: number;
    reference: string;
    metadata?: Record<string, unknown>;
  }): Promise<{ accessCode: string; authorizationUrl: string; reference: string }> {
    const { status, body } = await this.#request('POST', '/transaction/initialize', {
      email: input.email,
      amount: input.amountKobo,
      currency: 'NGN',
      reference: input.reference,
      // The window offers only these (PAYSTACK_CHANNELS, `card` by default as SPEC.md §7 says).
      channels: [...this.publicConfig.channels],
      ...(input.metadata ? { metadata: input.metadata } : {}),
    });
    if (status === 200 && body.status === true) {
      const data = body.data as { access_code: string; authorization_url: string; reference: string };
      return { accessCode: data.access_code, authorizationUrl: data.authorization_url, reference: data.reference };
    }
    if (status === 400 && (body.code === 'duplicate_reference' || /duplicate/i.test(body.message ?? ''))) {
      throw new DuplicateReferenceError(`Paystack already has a transaction with reference ${input.reference}`);
    }
    throw this.#rejected('initialize', status, body);
  }

  async #verify(reference: string): Promise<ProviderTransaction | null> {
    const { status, body } = await this.#request('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    if (status === 200 && body.status === true && body.data)
      return toProviderTransaction(body.data as PaystackVerifyData);
    if (status === 400 || status === 404) return null;
    throw this.#rejected('verify', status, body);
  }

  async #refund(input: { reference: string; amountKobo?: number }): Promise<{ status: string; amountKobo: number }> {
    const { status, body } = await this.#request('POST', '/refund', {
      transaction: input.reference,
      ...(input.amountKobo === undefined ? {} : { amount: input.amountKobo }),
    });
    if (status === 200 && body.status === true) {
      const data = body.data as { status: string; amount: number };
      return { status: data.status, amountKobo: Number(data.amount) };
    }
    throw this.#rejected('refund', status, body);
  }

  /**
   * A webhook is Paystack's when `x-paystack-signature` is the HMAC of its raw bytes; its data is
   * then the provider's word. Paystack events carry no id of their own: the event name and
   * `data.id` (or the reference) make the key a redelivery repeats.
   */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent | null {
    const signature = headers['x-paystack-signature'];
    if (!this.isValidWebhookSignature(rawBody, typeof signature === 'string' ? signature : undefined)) return null;
    let body: { event?: unknown; data?: unknown };
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      body = {};
    }
    const event = typeof body.event === 'string' ? body.event : 'unknown';
    const data = body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {};
    const reference = referenceOfEvent(data);
    const key = data.id ?? reference;
    return {
      event,
      dedupeKey: `${event}:${key === undefined || key === null ? 'none' : String(key)}`,
      reference,
      paid: event === 'charge.success' ? toProviderTransaction(data as unknown as PaystackVerifyData) : null,
      payload: { event, data: withoutCardSecrets(data) },
    };
  }

  readKeptEvent(payload: unknown): ProviderTransaction | null {
    const kept = payload as { event?: unknown; data?: unknown } | null;
    if (kept?.event !== 'charge.success' || !kept.data || typeof kept.data !== 'object') return null;
    return toProviderTransaction(kept.data as PaystackVerifyData);
  }

  isValidWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    const expected = Buffer.from(paystackSignature(this.#secretKey, rawBody), 'hex');
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #rejected(call: string, status: number, body: PaystackEnvelope): Error {
    const message = typeof body.message === 'string' ? body.message.slice(0, 200) : `HTTP ${status}`;
    if (status === 401) {
      // A wrong or missing key is the operator's to fix; the key itself is never logged.
      this.#log?.error({ call, status }, `Paystack refused the secret key (${message}): check PAYSTACK_SECRET_KEY`);
    } else {
      this.#log?.warn({ call, status }, `Paystack refused the request: ${message}`);
    }
    return new PaymentProviderRejectedError(`Paystack ${call} failed: ${message}`, status);
  }

  /** One call with a timeout per attempt; timeouts, network errors and 5xx are retried with backoff. */
  async #request(method: 'GET' | 'POST', path: string, payload?: unknown) {
    const base = (typeof this.#apiUrl === 'function' ? await this.#apiUrl() : this.#apiUrl).replace(/\/$/, '');
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.#attempts; attempt += 1) {
      try {
        return await this.#attempt(method, `${base}${path}`, payload);
      } catch (error) {
        if (!(error instanceof RetryableError)) throw error;
        lastError = error;
        this.#log?.warn(
          { path: path.split('/').slice(0, 3).join('/'), attempt, reason: error.message },
          'Paystack call failed',
        );
        if (attempt < this.#attempts) await sleep(this.#backoffMs * Math.min(8, 2 ** (attempt - 1)));
      }
    }
    throw new PaymentProviderUnavailableError(
      `Paystack did not answer after ${this.#attempts} attempts: ${(lastError as Error).message}`,
      { timedOut: lastError instanceof RetryableError && lastError.timedOut },
    );
  }

  async #attempt(method: string, url: string, payload: unknown): Promise<{ status: number; body: PaystackEnvelope }> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.#secretKey}`,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      const timedOut = name === 'TimeoutError';
      throw new RetryableError(timedOut ? `no answer in ${this.#timeoutMs} ms` : 'network error', timedOut);
    }
    if (response.status >= 500) throw new RetryableError(`HTTP ${response.status}`);
    let body: PaystackEnvelope;
    try {
      body = text ? (JSON.parse(text) as PaystackEnvelope) : {};
    } catch {
      if (response.status === 200) throw new RetryableError('an answer that is not JSON');
      body = {};
    }
    return { status: response.status, body };
  }
}
