import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OrderExpiryJob } from '../../jobs/order-expiry';
import { BankTransferMethod } from './methods/bank-transfer';
import { CardMethod } from './methods/card';
import { PayOnDeliveryMethod } from './methods/pay-on-delivery';
import { PaymentExpiry } from './payment-expiry';
import { PaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { PaymentsService } from './payments.service';
import { createCardProvider } from './providers';
import type { CardProvider } from './providers/card-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Payments: the service, the card provider's adapter (Paystack or the test gateway), the
     * deadline job, and `settle()`, which waits for webhook work still running.
     */
    payments: { service: PaymentsService; provider: CardProvider; expiry: OrderExpiryJob; settle(): Promise<void> };
  }
}

/**
 * Paying for orders (docs/payments.md): the payment methods (a card through its provider, a bank
 * transfer, pay on delivery in Lagos), GET /api/payments/config, payment start and confirmation, transfer confirmation, the
 * provider's webhook, and the job that expires unpaid orders. Registered after orders, to which it
 * hands its side (app.orders.usePayments).
 */
export default fp(
  async (app: FastifyInstance) => {
    const provider = await createCardProvider(app);
    const repository = new PaymentsRepository(app.database);
    const log = app.log.child({ module: 'payments' });
    const { orders: config } = app.config;
    const card = new CardMethod(provider, repository, app.orders, {
      holdMs: config.paymentWindowMinutes * 60_000,
      log,
    });
    const bankTransfer = new BankTransferMethod(config.bankTransferWindowHours * 3_600_000, repository, app.orders);
    const payOnDelivery = new PayOnDeliveryMethod(app.config.payments.payOnDeliveryCapNaira, repository, app.orders);
    const service = new PaymentsService(repository, app.orders, card, bankTransfer, payOnDelivery, {
      rateLimits: app.rateLimits,
      callLimits: { perCustomer: config.limits.paymentCallsPerCustomer, perOrder: config.limits.paymentCallsPerOrder },
      log,
      onEmailQueued: () => app.outbox.nudge(),
    });
    app.orders.usePayments(service.forOrders());

    // Work that runs after its answer was sent (webhooks): closing the app waits for it.
    const pending = new Set<Promise<void>>();
    const runAfterReply = (work: () => Promise<void>) => {
      const running = work()
        .catch((error) => log.error({ err: error }, 'payment event could not be applied; it is retried later'))
        .finally(() => pending.delete(running));
      pending.add(running);
    };
    const settle = async () => {
      while (pending.size) await Promise.all([...pending]);
    };

    const deadlines = new PaymentExpiry(app.database, app.orders, service, {
      log,
      shopUrl: app.config.publicUrl?.replace(/\/$/, ''),
      bankAccount: app.config.payments.bankTransfer,
      onEmailQueued: () => app.outbox.nudge(),
    });
    const expiry = new OrderExpiryJob({
      log: app.log,
      pollMs: config.expiryPollMs,
      runRound: () => deadlines.runRound(),
    });
    app.decorate('payments', { service, provider, expiry, settle });
    if (config.expiryWorker) expiry.start();
    app.addHook('onClose', async () => {
      await expiry.stop();
      await settle();
    });

    await app.register(paymentsRoutes, { prefix: '/api', service, runAfterReply });
  },
  { name: 'payments', dependencies: ['config', 'database', 'outbox', 'auth', 'rate-limit', 'orders'] },
);
