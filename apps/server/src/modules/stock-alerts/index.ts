import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StockAlertsRepository } from './stock-alerts.repository';
import { stockAlertsRoutes } from './stock-alerts.routes';
import { STOCK_RETURNED_OUTBOX_KIND, StockAlertsService } from './stock-alerts.service';

/**
 * Back-in-stock alerts (decision 031): the request on a sold-out product and the link that
 * confirms it, the `stock-returned` outbox job migration 0015's trigger queues when it can be
 * bought again, and the email's unsubscribe link (docs/SECURITY.md, "Mail only to people who asked").
 */
export default fp(
  async (app: FastifyInstance) => {
    // PUBLIC_URL, never the request's Host: anyone may ask for any address, so a forged Host
    // would put a link of the sender's choosing into the email.
    const shopUrl = app.publicAddress.links;
    const service = new StockAlertsService(app.database, new StockAlertsRepository(app.database), app.rateLimits, {
      shopUrl,
      onEmailQueued: () => app.outbox.nudge(),
      mailsPerWeek: app.config.stockAlerts.mailsPerWeek,
      log: app.log,
    });
    app.outbox.handle(STOCK_RETURNED_OUTBOX_KIND, service.outboxHandler());
    await app.register(stockAlertsRoutes, { prefix: '/api', service, shopUrl });
  },
  { name: 'stock-alerts', dependencies: ['config', 'database', 'rate-limit', 'outbox', 'auth', 'catalog'] },
);
