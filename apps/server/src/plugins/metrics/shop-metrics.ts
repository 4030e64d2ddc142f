import { PAYMENT_METHODS } from '@shop/shared';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/client';
import type { OrderEvent } from '../../modules/orders/order-events';
import type { ProviderCall } from '../../modules/payments/providers/card-provider';

/** What the shop's metrics read when they are scraped (each from its owner, at that moment). */
export interface ScrapeSources {
  /** Outbox rows not yet delivered: one count on the outbox's pending index (NaN: the database did not answer). */
  outboxBacklog(): Promise<number>;
  /** Sends that threw in this process (OutboxWorker.failures). */
  outboxFailures(): number;
  /** The catalogue cache's lookups in this process (CatalogCache.lookups). */
  catalogLookups(): { hits: number; misses: number };
  poolStats(): PoolStats;
}

/** Seconds: from a fast cached answer (~1 ms) to a slow page or a payment call (10 s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Paystack answers in a fraction of a second; a call with retries may take PAYSTACK_TIMEOUT_MS × 3. */
const PROVIDER_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A counter that shows a count kept elsewhere (counters never go down, and neither do those). */
function mirroredCounter(registry: Registry, name: string, help: string, read: () => number) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/**
 * One registry per app (tests build many apps in one process; prom-client's global registry is
 * never used), with the Node process's default metrics and the shop's own.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  readonly #httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly #httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  readonly #ordersPlaced: Counter<'method'>;
  readonly #ordersPaid: Counter<'method'>;
  readonly #providerCalls: Counter<'operation' | 'outcome'>;
  readonly #providerDuration: Histogram<'operation' | 'outcome'>;
  #defaultsCollected = false;

  constructor(sources: ScrapeSources) {
    const registers = [this.registry];
    this.#httpRequests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (unmatched: no route) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status class (2xx, 4xx, …)',
      labelNames: ['method', 'route', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.#ordersPlaced = new Counter({
      name: 'shop_orders_placed_total',
      help: 'Orders placed in this process, by payment method',
      labelNames: ['method'],
      registers,
    });
    this.#ordersPaid = new Counter({
      name: 'shop_orders_paid_total',
      help: 'Orders that became PAID in this process, by payment method',
      labelNames: ['method'],
      registers,
    });
    this.#providerCalls = new Counter({
      name: 'shop_payment_provider_calls_total',
      help: 'Calls to the card payment provider (Paystack or the test gateway), by operation and outcome (ok, failed, timeout)',
      labelNames: ['operation', 'outcome'],
      registers,
    });
    this.#providerDuration = new Histogram({
      name: 'shop_payment_provider_call_duration_seconds',
      help: 'Time a call to the card payment provider took, its retries included',
      labelNames: ['operation', 'outcome'],
      buckets: PROVIDER_BUCKETS,
      registers,
    });
    // Every series from the start at 0, so rate() and alerts see the first one. PayPal is shown
    // disabled at checkout (constants.ts) and takes no orders: no series of its own.
    for (const method of PAYMENT_METHODS.filter((method) => method !== 'paypal')) {
      this.#ordersPlaced.inc({ method }, 0);
      this.#ordersPaid.inc({ method }, 0);
    }
    for (const operation of ['initialize', 'verify', 'refund'] as const) {
      for (const outcome of ['ok', 'failed', 'timeout'] as const) this.#providerCalls.inc({ operation, outcome }, 0);
    }
    new Gauge({
      name: 'shop_outbox_backlog',
      help: 'Outbox messages (emails) not yet delivered, in the whole shop (read from the database at scrape time)',
      registers,
      async collect() {
        this.set(await sources.outboxBacklog());
      },
    });
    mirroredCounter(
      this.registry,
      'shop_outbox_failures_total',
      'Outbox sends that failed in this process (each is retried later, or given up after 20 attempts)',
      sources.outboxFailures,
    );
    new Counter({
      name: 'shop_catalog_cache_requests_total',
      help: 'Catalogue cache lookups in this process: hit (answered from memory) or miss (read from the database)',
      labelNames: ['result'],
      registers,
      collect() {
        const { hits, misses } = sources.catalogLookups();
        this.reset();
        this.labels('hit').inc(hits);
        this.labels('miss').inc(misses);
      },
    });
    new Gauge({
      name: 'shop_db_pool_connections',
      help: "Database connections of this process: total, idle, and waiting (queries queued for one); PGlite's one connection reports total 1",
      labelNames: ['state'],
      registers,
      collect() {
        const stats = sources.poolStats();
        this.reset();
        this.labels('total').set(stats.total);
        if (stats.idle !== undefined) this.labels('idle').set(stats.idle);
        if (stats.waiting !== undefined) this.labels('waiting').set(stats.waiting);
      },
    });
  }

  /** One answered request; `route` is the route's pattern, never the URL (bounded labels). */
  request(method: string, route: string, statusCode: number, seconds: number) {
    this.#httpRequests.inc({ method, route, status: String(statusCode) });
    this.#httpDuration.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
  }

  orderPlaced(event: OrderEvent) {
    this.#ordersPlaced.inc({ method: event.paymentMethod });
  }

  orderPaid(event: OrderEvent) {
    this.#ordersPaid.inc({ method: event.paymentMethod });
  }

  providerCall(call: ProviderCall) {
    this.#providerCalls.inc({ operation: call.operation, outcome: call.outcome });
    this.#providerDuration.observe({ operation: call.operation, outcome: call.outcome }, call.seconds);
  }

  /** The Prometheus text format. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    // Node's metrics start with the first scrape: their event-loop sampler and GC observer run
    // for good once started, and most apps the tests build are never scraped.
    if (!this.#defaultsCollected) {
      collectDefaultMetrics({ register: this.registry });
      this.#defaultsCollected = true;
    }
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
