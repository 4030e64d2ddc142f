import type { AppDatabase } from '../db/client';
import { outbox } from '../db/schema';
import type { MailAddress } from './mailer';
import type { EmailTemplateName, EmailTemplates } from './templates';

export const EMAIL_OUTBOX_KIND = 'email';

export interface EmailOutboxPayload<Name extends EmailTemplateName = EmailTemplateName> {
  to: string;
  /** Where a reply goes when it is not the shop (a contact form message: the visitor). */
  replyTo?: MailAddress;
  template: Name;
  /** A newsletter email's unsubscribe link, sent as the List-Unsubscribe headers (mailer.ts). */
  listUnsubscribe?: string;
  /** Removed once the message is sent or can no longer be useful. */
  data?: EmailTemplates[Name];
  /** After this (ISO time) the message is pointless (an expired code) and is dropped unsent. */
  expiresAt?: string;
  /**
   * A list mail (back-in-stock, the newsletter's welcome), queued at this ISO time: dropped unsent
   * if its address unsubscribes before it goes (mail/mail-consent.ts).
   */
  listMailQueuedAt?: string;
  /**
   * Whether `to` was a verified address when this was queued, for a message to an address no
   * account has any more (the old address of a changed email); otherwise the outbox worker asks
   * when it writes the message (email-job.ts).
   */
  recipientVerified?: boolean;
}

type Executor = Pick<AppDatabase, 'insert'>;

/**
 * Queues an email in the outbox. Call it with the transaction of the change that causes the
 * email, so both are committed or neither is; the outbox worker delivers it.
 */
export async function enqueueEmail<Name extends EmailTemplateName>(
  executor: Executor,
  payload: EmailOutboxPayload<Name>,
) {
  await executor.insert(outbox).values({ kind: EMAIL_OUTBOX_KIND, payload });
}
