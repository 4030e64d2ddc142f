import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TrustProxy } from '../config';
import { errorResponses } from '../lib/api-errors';
import { settleWithin } from '../lib/settle-within';
import { READINESS_CHECK_TIMEOUT_MS } from '../modules/health/health.service';
import { addressMatcher, hasBearerToken } from './metrics/access';
import { ShopMetrics } from './metrics/shop-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry and the shop's metrics (GET /api/metrics). */
    metrics: ShopMetrics;
  }
}

export const METRICS_PATH = '/api/metrics';

/**
 * The client address the allow-list may judge, or undefined for none. With TRUST_PROXY as a list
 * of proxies (or a hop count), `request.ip` is an address those proxies vouched for. With
 * TRUST_PROXY=true every X-Forwarded-For is believed, so a stranger could name an allowed
 * address: only the socket's own address counts then, and a forwarded request (one that came
 * through a proxy, or says it did) is never let in by address; a token still works.
 */
export function vouchedClientAddress(
  trustProxy: TrustProxy,
): (request: Pick<FastifyRequest, 'ip' | 'headers' | 'socket'>) => string | undefined {
  if (trustProxy !== true) return (request) => request.ip;
  return (request) => (request.headers['x-forwarded-for'] === undefined ? request.socket.remoteAddress : undefined);
}

/**
 * GET /api/metrics in Prometheus's text format (docs/decisions/027-metrics-and-readiness.md):
 * requests by route and status, orders placed and paid, payment provider calls, the outbox, the
 * catalogue cache and the database pool, and Node's own. Only for a bearer METRICS_TOKEN or a
 * client address in METRICS_ALLOWED_ADDRESSES; anyone else gets the 404 of an unknown route.
 * Registered before the modules, so its hook times every route; it reads theirs at scrape time.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const { database } = app;
    const metrics = new ShopMetrics({
      async outboxBacklog() {
        // Metrics matter most when the database is in trouble: a count that fails or takes
        // longer than a readiness check is unknown (NaN), and the rest of the scrape is sent.
        const count = database
          .query<{ backlog: number }>('SELECT count(*)::int AS backlog FROM outbox WHERE done_at IS NULL')
          .then(
            ([row]) => row?.backlog ?? 0,
            () => Number.NaN,
          );
        return settleWithin(count, READINESS_CHECK_TIMEOUT_MS, Number.NaN);
      },
      outboxFailures: () => app.outbox.failures,
      catalogLookups: () => app.catalog.cache.lookups,
      poolStats: () => database.poolStats(),
    });
    app.decorate('metrics', metrics);

    // Synchronous, as every hook that runs on every request (decision 013).
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      // Scrapes are left out: they would count themselves every 15 s.
      if (route !== METRICS_PATH) {
        metrics.request(request.method, route ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      }
      done();
    });
    app.addHook('onReady', async () => {
      app.orders.events.on('placed', (event) => metrics.orderPlaced(event));
      app.orders.events.on('paid', (event) => metrics.orderPaid(event));
    });

    const { token, allowedAddresses } = app.config.metrics;
    const fromAllowedAddress = addressMatcher(allowedAddresses);
    const vouchedAddress = vouchedClientAddress(app.config.trustProxy);
    app.get(
      METRICS_PATH,
      {
        schema: {
          summary: 'Prometheus metrics (a bearer METRICS_TOKEN or an allowed address; 404 for anyone else)',
          tags: ['Health'],
          documentedResponses: {
            200: { description: "Prometheus's text format", contentType: 'text/plain', schema: { type: 'string' } },
          },
          response: errorResponses('NOT_FOUND'),
        },
      },
      async (request, reply) => {
        const address = vouchedAddress(request);
        const allowed =
          (token !== undefined && hasBearerToken(request.headers.authorization, token)) ||
          (address !== undefined && fromAllowedAddress(address));
        if (!allowed) {
          // The same answer as a route that does not exist: nothing tells a stranger it is here.
          return reply
            .status(404)
            .type('application/json; charset=utf-8')
            .send({ code: 'NOT_FOUND', message: 'Not Found' });
        }
        const { contentType, body } = await metrics.scrape();
        return reply.header('cache-control', 'no-store').type(contentType).send(body);
      },
    );
  },
  { name: 'metrics', dependencies: ['config', 'database'] },
);
