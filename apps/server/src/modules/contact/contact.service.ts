import { CONTACT_LIMITS, CONTACT_MESSAGES, type ContactRequest } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import { enqueueEmail } from '../../mail/outbox-email';
import { shopInbox } from '../../mail/shop-inbox';
import { type RateLimitStore, spendLimit, tooManyRequests } from '../../plugins/rate-limit';
import type { ContactRepository } from './contact.repository';

export interface ContactServiceOptions {
  /** The shop's email as saved in the settings (before any save, CONTACT_EMAIL); undefined: the first admin's address. */
  inbox: () => Promise<string | undefined>;
  /** Called after a commit that queued emails, so the worker sends them now. */
  onEmailQueued: () => void;
  log: FastifyBaseLogger;
}

export class ContactService {
  constructor(
    private readonly repository: ContactRepository,
    private readonly rateLimits: RateLimitStore,
    private readonly options: ContactServiceOptions,
  ) {}

  /**
   * Keeps a visitor's message and, in the same transaction, queues the shop's copy (Reply-To the
   * visitor) and the visitor's confirmation: an SMTP server that is down delays them, the outbox
   * sends them when it is back. A filled honeypot is answered like any message and dropped.
   */
  async receiveMessage(request: ContactRequest, from: { ip: string }): Promise<void> {
    const window = await this.rateLimits.hit(`contact:${from.ip}`, CONTACT_LIMITS.windowMinutes * 60_000);
    if (window.count > CONTACT_LIMITS.messagesPerAddress) {
      throw tooManyRequests(CONTACT_MESSAGES.tooManyMessages, window.resetInMs);
    }
    // The visitor's confirmation goes to whatever address was typed in: a few a day at most, so
    // the form cannot be used to flood a stranger's inbox from many IP addresses.
    await spendLimit(
      this.rateLimits,
      `contact-to:${request.email.toLowerCase()}`,
      { max: CONTACT_LIMITS.messagesPerRecipient, windowMs: CONTACT_LIMITS.recipientWindowHours * 3_600_000 },
      CONTACT_MESSAGES.tooManyToAddress,
    );
    if (request.website?.trim()) {
      this.options.log.info({ ip: from.ip }, 'contact message dropped: the hidden field was filled in');
      return;
    }

    const { fullname, email, subject, message } = request;
    let inbox: string | undefined;
    const contactEmail = await this.options.inbox();
    await this.repository.transaction(async (tx) => {
      const saved = await this.repository.insertMessage(tx, { fullname, email, subject, message });
      inbox = await shopInbox(tx, { contactEmail });
      if (inbox) {
        await enqueueEmail(tx, {
          to: inbox,
          replyTo: { name: fullname, address: email },
          template: 'contact-message',
          data: { fullname, email, subject, message, receivedAt: saved.createdAt.toISOString() },
        });
      }
      await enqueueEmail(tx, { to: email, template: 'contact-confirmation', data: { fullname } });
    });
    if (!inbox) {
      this.options.log.warn(
        "a contact message was stored but not emailed to the shop: set the shop's email in the admin's Settings, CONTACT_EMAIL, or create an admin",
      );
    }
    this.options.onEmailQueued();
  }
}
