import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OrderExpiryJob } from '../../jobs/order-expiry';
import { ordersRoutes } from './orders.routes';
import { OrdersService } from './orders.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders: the service (the admin area and payments use it) and its expiry job. */
    orders: { service: OrdersService; expiry: OrderExpiryJob; settle(): Promise<void> };
  }
}

/**
 * Orders, their payment and their expiry (docs/ARCHITECTURE.md, "Orders"): /api/orders and the
 * Paystack webhook. Pays through `app.payments`, the adapter the payments plugin decorates.
 */
export default fp(
  async (app: FastifyInstance) => {
    const service = new OrdersService(app.database, app.payments, {
      paymentWindowMinutes: app.config.orders.paymentWindowMinutes,
      bankTransferWindowHours: app.config.orders.bankTransferWindowHours ?? 72,
      shopUrl: app.config.publicUrl?.replace(/\/$/, ''),
      log: app.log,
      onEmailQueued: () => app.outbox.nudge(),
    });

    // Work that runs after its answer was sent (webhooks): closing the app waits for it.
    const pending = new Set<Promise<void>>();
    const runAfterReply = (work: () => Promise<void>) => {
      const running = work()
        .catch((error) => app.log.error({ err: error }, 'payment event could not be applied; it is retried later'))
        .finally(() => pending.delete(running));
      pending.add(running);
    };
    const settle = async () => {
      while (pending.size) await Promise.all([...pending]);
    };

    const expiry = new OrderExpiryJob({
      log: app.log,
      pollMs: app.config.orders.expiryPollMs,
      runRound: async () => {
        // Orders still expire when the leftover events cannot be read at all.
        try {
          await service.applyLeftoverEvents();
        } catch (error) {
          app.log.error({ err: error }, 'order expiry: leftover payment events could not be applied');
        }
        return service.expireDueOrders();
      },
    });
    app.decorate('orders', { service, expiry, settle });
    // Every committed change to orders, from any process, drops the admin list's counted totals.
    const stopListening = await app.database.listen('orders_changed', () => service.forgetCounts());
    if (app.config.orders.expiryWorker) expiry.start();
    app.addHook('onClose', async () => {
      await stopListening();
      await expiry.stop();
      await settle();
    });

    await app.register(ordersRoutes, { prefix: '/api', service, runAfterReply });
  },
  { name: 'orders', dependencies: ['config', 'database', 'outbox', 'auth', 'payments'] },
);
