import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OrderExpiryJob } from '../../jobs/order-expiry';
import { createStorage } from '../../storage';
import { BankTransferMethod } from './methods/bank-transfer';
import { CardMethod } from './methods/card';
import { PayOnDeliveryMethod } from './methods/pay-on-delivery';
import { PaymentExpiry } from './payment-expiry';
import { PaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { PaymentsService } from './payments.service';
import { createCardProvider } from './providers';
import type { CardProvider } from './providers/card-provider';
import { TransferProofsRepository } from './transfer-proofs.repository';
import { transferProofsRoutes } from './transfer-proofs.routes';
import { TransferProofsService } from './transfer-proofs.service';

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
    // Every call to the provider is counted and timed (GET /api/metrics).
    const provider = await createCardProvider(app, { onCall: (call) => app.metrics.providerCall(call) });
    const repository = new PaymentsRepository(app.database);
    const log = app.log.child({ module: 'payments' });
    const { orders, settings } = app;
    const { limits, expiryPollMs, expiryWorker } = app.config.orders;
    // The windows and the cap are the shop's settings (decision 025), read as they are now:
    // an order placed after a save takes the new values (holdMs brings the copy up to date first).
    const card = new CardMethod(provider, repository, orders, {
      holdMs: () => settings.latest().cardPaymentWindowMinutes * 60_000,
      log,
    });
    const proofsRepository = new TransferProofsRepository(app.database);
    const bankTransfer = new BankTransferMethod(
      () => settings.latest().bankTransferWindowHours * 3_600_000,
      repository,
      orders,
      proofsRepository,
    );
    const payOnDelivery = new PayOnDeliveryMethod(
      () => settings.latest().payOnDeliveryCapNaira,
      () => settings.latest().podConfirmWindowHours * 3_600_000,
      repository,
      orders,
      app.users,
    );
    const service = new PaymentsService(repository, orders, card, bankTransfer, payOnDelivery, {
      rateLimits: app.rateLimits,
      callLimits: { perCustomer: limits.paymentCallsPerCustomer, perOrder: limits.paymentCallsPerOrder },
      log,
      onEmailQueued: () => app.outbox.nudge(),
      freshSettings: () => settings.current(),
    });
    // Transfer proofs: a storage of their own, never mounted at a public URL (decision 023).
    const privateStorage = createStorage(app.config.privateStorage, { private: true });
    app.addHook('onClose', async () => privateStorage.close());
    const proofs = new TransferProofsService(proofsRepository, app.orders, privateStorage, {
      rateLimits: app.rateLimits,
      log,
      // As the newsletter's links: outside production (where PUBLIC_URL is required) the local address.
      shopUrl: app.publicAddress.links,
      inbox: () => settings.inbox(),
      onEmailQueued: () => app.outbox.nudge(),
    });
    app.orders.usePayments({ ...service.forOrders(), transferProofOf: (orderId: string) => proofs.proofOf(orderId) });

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
      shopUrl: app.publicAddress.url,
      bankAccount: async () => (await settings.current()).bankAccount,
      inbox: () => settings.inbox(),
      onEmailQueued: () => app.outbox.nudge(),
    });
    const expiry = new OrderExpiryJob({
      log: app.log,
      pollMs: expiryPollMs,
      runRound: () => deadlines.runRound(),
    });
    app.decorate('payments', { service, provider, expiry, settle });
    if (expiryWorker) expiry.start();
    app.addHook('onClose', async () => {
      await expiry.stop();
      await settle();
    });

    await app.register(paymentsRoutes, { prefix: '/api', service, runAfterReply, settings });
    await app.register(transferProofsRoutes, { prefix: '/api', service: proofs });
  },
  {
    name: 'payments',
    dependencies: ['config', 'database', 'outbox', 'auth', 'rate-limit', 'settings', 'orders', 'metrics', 'users'],
  },
);
