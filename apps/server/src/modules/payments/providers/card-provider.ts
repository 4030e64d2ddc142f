import type { PaymentConfig } from '@shop/shared';

// What the card payment method needs of a card payment provider, in the shop's words. Paystack's
// adapter (paystack/paystack-client.ts) implements it, over HTTP to Paystack or to the built-in
// test gateway; another provider would be another adapter behind the same interface.

/** What a payment's provider status means for the order. */
export type ProviderOutcome = 'paid' | 'in-progress' | 'reversed' | 'unpaid';

/** One transaction as the provider reports it. */
export interface ProviderTransaction {
  /** The provider's transaction id, as a string. */
  id: string;
  reference: string;
  /** The provider's own word ('success', 'abandoned', …): shown in 'Payment status: {status}'. */
  status: string;
  outcome: ProviderOutcome;
  amountKobo: number;
  currency: string;
  paidAt: string | null;
  /** The provider's last word on the payment ("Approved", "Declined"), shown to the admin. */
  gatewayResponse: string | null;
  channel: string | null;
  customerEmail: string | null;
}

/** A signed event from the provider, read by its adapter. */
export interface ProviderEvent {
  /** The provider's event name (`charge.success`, `refund.processed`, …). */
  event: string;
  /** Unique per event and transaction: a redelivery has the same key. */
  dedupeKey: string;
  /** The payment reference the event is about, if any. */
  reference: string | null;
  /** Set when the event reports a successful charge: the provider's signed word. */
  paid: ProviderTransaction | null;
  /** What is kept in payment_events: the event without card tokens or customer details. */
  payload: { event: string; data: Record<string, unknown> };
}

/** The provider could not be reached, timed out or answered 5xx, after bounded retries: nothing happened for sure. */
export class PaymentProviderUnavailableError extends Error {
  override name = 'PaymentProviderUnavailableError';
  /** Its last attempt got no answer in time (rather than a refused connection or a 5xx). */
  readonly timedOut: boolean;
  constructor(message: string, options: { timedOut?: boolean } = {}) {
    super(message);
    this.timedOut = options.timedOut ?? false;
  }
}

/** One call to the provider as a whole (its retries included), for the metrics. */
export interface ProviderCall {
  operation: 'initialize' | 'verify' | 'refund';
  /** ok: it answered as asked (verify's "unknown reference" too); failed: refused or unreachable; timeout: no answer in time. */
  outcome: 'ok' | 'failed' | 'timeout';
  seconds: number;
}

/** initialize() with a reference the provider has already seen. */
export class DuplicateReferenceError extends Error {
  override name = 'DuplicateReferenceError';
}

/**
 * The provider refused a request (a 4xx other than the cases above): a wrong key (logged as a
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

export interface CardProvider {
  /** Opens a transaction for the amount; the browser completes it in the provider's window. */
  initialize(input: {
    email: string;
    amountKobo: number;
    reference: string;
    metadata?: Record<string, unknown>;
  }): Promise<{ accessCode: string; authorizationUrl: string; reference: string }>;
  /** null when the provider does not know the reference. */
  verify(reference: string): Promise<ProviderTransaction | null>;
  /** A full refund unless an amount is given. */
  refund(input: { reference: string; amountKobo?: number }): Promise<{ status: string; amountKobo: number }>;
  /** The event in a webhook's raw body, or null when its signature is not the provider's. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent | null;
  /** The successful charge in an event's kept payload (ProviderEvent.payload), if it reports one. */
  readKeptEvent(payload: unknown): ProviderTransaction | null;
  /** What the storefront needs to open the provider's window (GET /api/payments/config). */
  readonly publicConfig: Omit<PaymentConfig, 'payOnDelivery'>;
}
