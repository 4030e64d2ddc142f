import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OrderEvents } from './order-events';
import { NO_PAYMENTS, type OrderPayments } from './order-payments';
import { OrderState } from './order-state';
import { OrdersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { OrdersService } from './orders.service';
import { OrdersAdminService } from './orders-admin.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Orders: the customer's service (placing, reading, cancelling, and the moves payments make),
     * the admin's, and the order state. The payments module hands over its side with usePayments.
     */
    orders: {
      service: OrdersService;
      admin: OrdersAdminService;
      state: OrderState;
      repository: OrdersRepository;
      /** Orders placed and paid, told after the commit (the metrics count them). */
      events: OrderEvents;
      usePayments(payments: OrderPayments): void;
    };
  }
}

/**
 * Orders and their state (docs/ARCHITECTURE.md, "Orders"): /api/orders. Paying them is the
 * payments module's, registered after this one.
 */
export default fp(
  async (app: FastifyInstance) => {
    const repository = new OrdersRepository(app.database);
    const shopUrl = app.publicAddress.url;
    const events = new OrderEvents();
    const state = new OrderState(repository, { shopUrl, events });
    let payments: OrderPayments = NO_PAYMENTS;
    const currentPayments = () => payments;
    const onEmailQueued = () => app.outbox.nudge();
    const service = new OrdersService(app.database, repository, state, currentPayments, {
      limits: app.config.orders.limits,
      rateLimits: app.rateLimits,
      log: app.log,
      onEmailQueued,
      events,
      placedMail: {
        // As the newsletter's links: outside production (where PUBLIC_URL is required) the local address.
        shopUrl: app.publicAddress.links,
        // The bank account and the shop's inboxes as the settings say when the order is placed.
        shopSettings: async () => {
          const [{ bankAccount }, inbox] = await Promise.all([app.settings.current(), app.settings.inbox()]);
          return { bankAccount, ...inbox };
        },
      },
    });
    const admin = new OrdersAdminService(app.database, repository, state, service, currentPayments, onEmailQueued);
    app.decorate('orders', {
      service,
      admin,
      state,
      repository,
      events,
      usePayments(given: OrderPayments) {
        payments = given;
      },
    });
    app.addHook('onReady', async () => {
      if (payments === NO_PAYMENTS)
        throw new Error('orders: no payments module registered (app.ts registers payments after orders)');
    });
    // Every committed change to orders, from any process, drops the admin list's counted totals.
    const stopListening = await app.database.listen('orders_changed', () => admin.forgetCounts());
    app.addHook('onClose', async () => {
      await stopListening();
    });

    await app.register(ordersRoutes, { prefix: '/api', service, admin });
  },
  { name: 'orders', dependencies: ['config', 'database', 'outbox', 'auth', 'rate-limit', 'settings'] },
);
