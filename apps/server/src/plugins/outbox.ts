import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OutboxWorker } from '../jobs/outbox-worker';
import { emailJobHandler } from '../mail/email-job';
import { unsubscribedAfter } from '../mail/mail-consent';
import { createMailer } from '../mail/mailer';
import { EMAIL_OUTBOX_KIND } from '../mail/outbox-email';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker; `nudge()` after committing a row so it is delivered at once. */
    outbox: OutboxWorker;
  }
}

/**
 * Emails go through the outbox (`enqueueEmail` in the transaction of the change); this worker
 * delivers them over SMTP, unless the config turns it off in this process. Each is written as it
 * is sent, with the shop's details from the settings (registered before this plugin).
 */
export const outboxPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    const mailer = createMailer(config.mail);
    const outbox = new OutboxWorker({
      database,
      log: app.log,
      handlers: {
        [EMAIL_OUTBOX_KIND]: emailJobHandler(
          mailer,
          app.log,
          () => app.settings.emailShop(),
          (email, since) => unsubscribedAfter(database.db, email, since),
          // The users module is registered after this plugin: asked when an email is written.
          async (email) => (await app.users.findAccountByEmail(email))?.user.emailVerified === true,
        ),
      },
      pollMs: config.outbox.pollMs,
      retryBaseMs: config.outbox.retryBaseMs,
    });
    app.decorate('outbox', outbox);
    if (config.outbox.worker) {
      if (mailer.canSend) await outbox.wakeParked([EMAIL_OUTBOX_KIND]);
      await outbox.start();
    }
    app.addHook('onClose', async () => {
      await outbox.stop();
      mailer.close();
    });
  },
  { name: 'outbox', dependencies: ['config', 'database', 'settings'] },
);
