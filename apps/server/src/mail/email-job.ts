import type { FastifyBaseLogger } from 'fastify';
import type { OutboxHandler } from '../jobs/outbox-worker';
import type { Mailer } from './mailer';
import type { EmailOutboxPayload } from './outbox-email';
import { DEFAULT_EMAIL_SHOP, type EmailRecipient, type EmailShop, renderEmail, SHOP_TEMPLATES } from './templates';

/**
 * Sends one queued email. NOTE: nothing here logs the message body or its data: the data may
 * hold a one-time code.
 */
export function emailJobHandler(
  mailer: Mailer,
  log: FastifyBaseLogger,
  /** The shop's details now (app.settings): every email is signed with them as it is written. */
  shop: () => Promise<EmailShop> = async () => DEFAULT_EMAIL_SHOP,
  /** Whether the address went on the unsubscribed list after this time (a list mail is then not sent). */
  unsubscribedSince: (email: string, since: Date) => Promise<boolean> = async () => false,
  /**
   * Whether an address belongs to an account that verified it (app.users), asked as each
   * customer email is written: an unverified one gets none of the text the customer typed
   * (templates.ts recipientData). Unknown addresses count as unverified.
   */
  isVerifiedAddress: (email: string) => Promise<boolean> = async () => false,
): OutboxHandler {
  return async (job) => {
    const payload = job.payload as unknown as EmailOutboxPayload;
    const about = { outboxId: job.id, to: payload.to, template: payload.template };
    if (payload.expiresAt && Date.parse(payload.expiresAt) <= Date.now()) {
      log.info(about, 'email dropped: it expired before it could be sent');
      return { status: 'done', note: 'dropped: expired before it could be sent', redact: ['data'] };
    }
    if (!payload.data) return { status: 'done', note: 'dropped: no data', redact: [] };
    // A list mail waiting in the outbox (a mail server down) when its address unsubscribed.
    if (payload.listMailQueuedAt && (await unsubscribedSince(payload.to, new Date(payload.listMailQueuedAt)))) {
      log.info({ outboxId: job.id, template: payload.template }, 'email dropped: the address unsubscribed');
      return { status: 'done', note: 'dropped: the address unsubscribed', redact: ['data', 'listUnsubscribe'] };
    }
    if (!mailer.canSend) {
      // A message that expires (a code) is useless later, so its data is not kept either.
      if (payload.expiresAt) {
        log.info(about, 'email not sent: SMTP_URL is not set (a one-time code is not kept for later)');
        return { status: 'done', note: 'not sent: SMTP_URL is not set', redact: ['data'] };
      }
      log.info(about, 'email kept in the outbox, not sent: SMTP_URL is not set');
      return { status: 'kept', note: 'kept: SMTP_URL is not set' };
    }
    const recipient: EmailRecipient = {
      verified:
        SHOP_TEMPLATES.has(payload.template) || (payload.recipientVerified ?? (await isVerifiedAddress(payload.to))),
    };
    await mailer.send(
      payload.to,
      renderEmail(payload.template, payload.data as never, await shop(), recipient),
      payload.replyTo || payload.listUnsubscribe
        ? {
            ...(payload.replyTo ? { replyTo: payload.replyTo } : {}),
            ...(payload.listUnsubscribe ? { listUnsubscribe: payload.listUnsubscribe } : {}),
          }
        : undefined,
    );
    log.info(about, 'email sent');
    // The unsubscribe link holds the address's token: not kept once the message is sent.
    return { status: 'done', redact: payload.listUnsubscribe ? ['data', 'listUnsubscribe'] : ['data'] };
  };
}
