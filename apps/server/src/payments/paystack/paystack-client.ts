import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentConfig } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';

// The one adapter between the shop and Paystack's REST API (docs/payments.md). It speaks HTTP
// to PAYSTACK_API_URL, so the same code talks to Paystack in production and to the built-in
// test gateway everywhere else.

export type PaystackStatus =
  | 'success'
  | 'failed'
  | 'abandoned'
  | 'ongoing'
  | 'pending'
  | 'processing'
  | 'queued'
  | 'reversed';

export interface PaystackTransaction {
  /** Paystack's transaction id, as a string. */
  id: string;
  reference: string;
  status: PaystackStatus;
  amountKobo: number;
  currency: string;
  paidAt: string | null;
  gatewayResponse: string | null;
  channel: string | null;
  customerEmail: string | null;
  /** Paystack's `data` as received, for the payment_events log. */
  raw: unknown;
}

/** Paystack could not be reached, timed out or answered 5xx, after bounded retries: nothing happened for sure. */
export class PaymentProviderUnavailableError extends Error {
  override name = 'PaymentProviderUnavailableError';
}

/** initialize() with a reference Paystack has already seen. */
export class DuplicateReferenceError extends Error {
  override name = 'DuplicateReferenceError';
}

/**
 * Paystack refused a request (a 4xx other than the cases above): a wrong key (401, logged as a
 * configuration error) or a bug; never retried. It is a PaymentProviderUnavailableError too, so a
 * caller that only knows that class still marks nothing and tells the customer to try later.
 */
export class PaymentProviderRejectedError extends PaymentProviderUnavailableError {
  override name = 'PaymentProviderRejectedError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface PaymentGateway {
  initialize(input: {
    email: string;
    amountKobo: number;
    reference: string;
    metadata?: Record<string, unknown>;
  }): Promise<{ accessCode: string; authorizationUrl: string; reference: string }>;
  /** null when the provider does not know the reference (400 or 404). */
  verify(reference: string): Promise<PaystackTransaction | null>;
  refund(input: { reference: string; amountKobo?: number }): Promise<{ status: string; amountKobo: number }>;
  /** x-paystack-signature: hex HMAC-SHA512 of the raw bytes with the secret key, compared in constant time. */
  isValidWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
  readonly publicConfig: PaymentConfig;
}

export interface PaystackClientOptions {
  secretKey: string;
  /** Base URL of the API, without a trailing slash; a function when it is known only later. */
  apiUrl: string | (() => string | Promise<string>);
  publicConfig: PaymentConfig;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Per attempt; 10 s by default. */
  timeoutMs?: number;
  /** Attempts for timeouts, network errors and 5xx; 3 by default. 4xx is never retried. */
  attempts?: number;
  /** First pause between attempts, doubled each time (capped at 8×); 300 ms by default. */
  backoffMs?: number;
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

class RetryableError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Paystack's `data` of verify or charge.success as the shop's shape. */
export function toPaystackTransaction(data: PaystackVerifyData): PaystackTransaction {
  return {
    id: String(data.id),
    reference: data.reference,
    status: data.status,
    amountKobo: Number(data.amount),
    currency: data.currency,
    paidAt: data.paid_at ?? data.paidAt ?? null,
    gatewayResponse: data.gateway_response ?? null,
    channel: data.channel ?? null,
    customerEmail: data.customer?.email ?? null,
    raw: data,
  };
}

/** hex HMAC-SHA512 of the raw body keyed with the secret key, as Paystack signs webhooks. */
export function paystackSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export class PaystackClient implements PaymentGateway {
  readonly publicConfig: PaymentConfig;
  readonly #secretKey: string;
  readonly #apiUrl: PaystackClientOptions['apiUrl'];
  readonly #log: PaystackClientOptions['log'];
  readonly #timeoutMs: number;
  readonly #attempts: number;
  readonly #backoffMs: number;

  constructor(options: PaystackClientOptions) {
    this.#secretKey = options.secretKey;
    this.#apiUrl = options.apiUrl;
    this.publicConfig = options.publicConfig;
    this.#log = options.log;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#attempts = Math.max(1, options.attempts ?? 3);
    this.#backoffMs = options.backoffMs ?? 300;
  }

  async initialize(input: {
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
      channels: ['card'],
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

  async verify(reference: string): Promise<PaystackTransaction | null> {
    const { status, body } = await this.#request('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    if (status === 200 && body.status === true && body.data)
      return toPaystackTransaction(body.data as PaystackVerifyData);
    if (status === 400 || status === 404) return null;
    throw this.#rejected('verify', status, body);
  }

  async refund(input: { reference: string; amountKobo?: number }): Promise<{ status: string; amountKobo: number }> {
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
      throw new RetryableError(name === 'TimeoutError' ? `no answer in ${this.#timeoutMs} ms` : 'network error');
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
