import { createHash, randomBytes } from 'node:crypto';
import { formatUnitPrice, isPurchasable, koboToNaira, STOCK_ALERT_LIMITS, STOCK_ALERT_MESSAGES } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { OutboxHandler } from '../../jobs/outbox-worker';
import { AppError } from '../../lib/errors';
import { countSend, lockAddress, sentSince, unsubscribeAddress, unsubscribedAt } from '../../mail/mail-consent';
import { enqueueEmail } from '../../mail/outbox-email';
import { type RateLimitStore, spendLimit } from '../../plugins/rate-limit';
import type { StockAlertsRepository } from './stock-alerts.repository';

/** The outbox job migration 0015's trigger queues when a product with open alerts can be bought again. */
export const STOCK_RETURNED_OUTBOX_KIND = 'stock-returned';

/** 24 random bytes, base64url: what an unsubscribe token looks like; anything else is refused unread. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

const REQUESTS_PER_IP = {
  max: STOCK_ALERT_LIMITS.requestsPerIp,
  windowMs: STOCK_ALERT_LIMITS.windowMinutes * 60_000,
};

/** Only the hash of a token is kept: the database alone cannot cancel anyone's alert. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface StockAlertsServiceOptions {
  /** The shop's public address without a trailing slash: the product and unsubscribe links. */
  shopUrl: string;
  /** Something was queued in the outbox: deliver it now rather than at the next poll. */
  onEmailQueued: () => void;
  /** Back-in-stock emails one address may be sent in 7 days (STOCK_ALERT_MAILS_PER_WEEK). */
  mailsPerWeek: number;
  /** Where a dropped email is logged, without its address. */
  log: FastifyBaseLogger;
}

/** Who asks: the request's address, and the signed-in customer's account (id and address) if any. */
export interface AlertRequestContext {
  ip: string;
  /** The signed-in customer; their own address needs no link only once their account verified it. */
  user: { id: string; email: string; emailVerified: boolean } | null;
}

/** What the request's answer says: `requested` (confirmed now) or `confirmationSent` (a link was, or may have been, mailed). */
export type AlertRequestOutcome = 'requested' | 'confirmationSent';

export class StockAlertsService {
  constructor(
    private readonly database: Database,
    private readonly repository: StockAlertsRepository,
    private readonly limits: RateLimitStore,
    private readonly options: StockAlertsServiceOptions,
  ) {}

  unsubscribeUrl(token: string): string {
    return `${this.options.shopUrl}/api/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  confirmUrl(token: string): string {
    return `${this.options.shopUrl}/api/stock-alerts/confirm?token=${encodeURIComponent(token)}`;
  }

  /**
   * A visitor asks to be told when a sold-out product is back. A signed-in customer asking for
   * the account's own address is taken at once (`requested`); any other address is pending until
   * the link mailed to it is pressed (`confirmationSent`). The answer depends on nothing else:
   * the same whether the address already waited for it, confirmed or not, or was past the bounds
   * on confirmation emails (then no email goes), so the form tells no one who else is waiting.
   * Confirmation emails are bounded: none while the address's link for this product still works,
   * and STOCK_ALERT_LIMITS.confirmationsPerDay per address over all products.
   * 404 for an unknown product, 409 `IN_STOCK` when it can be bought now, 409 `STOCK_ALERT_LIMIT`
   * past the address's or the product's limit.
   */
  async request(idOrSlug: string, email: string, context: AlertRequestContext): Promise<AlertRequestOutcome> {
    await spendLimit(this.limits, `stock-alert:${context.ip}`, REQUESTS_PER_IP);
    // An unverified account's address is only a claim (anyone may register under a stranger's):
    // its alert waits for the link, as a guest's does.
    const own = context.user !== null && context.user.emailVerified && context.user.email.toLowerCase() === email;
    const outcome: AlertRequestOutcome = own ? 'requested' : 'confirmationSent';
    const queued = await this.database.db.transaction(async (tx) => {
      const product = await this.repository.lockProduct(tx, idOrSlug);
      if (!product) throw new AppError('NOT_FOUND', STOCK_ALERT_MESSAGES.productNotFound);
      if (isPurchasable(product, product.stockHundredths)) {
        throw new AppError('IN_STOCK', STOCK_ALERT_MESSAGES.inStock);
      }
      // The address's counts (confirmation emails) one request at a time, across processes.
      await lockAddress(tx, email);
      await this.repository.closeExpiredPending(tx, email);
      const open = await this.repository.openCounts(tx, product.id, email);
      if (open.existing) {
        if (own && context.user && !open.existing.confirmed) {
          await this.repository.confirmOwn(tx, open.existing.id, context.user.id);
        }
        return false;
      }
      if (open.forEmail >= STOCK_ALERT_LIMITS.openPerEmail) {
        throw new AppError('STOCK_ALERT_LIMIT', STOCK_ALERT_MESSAGES.tooManyForEmail);
      }
      if (open.forProduct >= STOCK_ALERT_LIMITS.openPerProduct) {
        throw new AppError('STOCK_ALERT_LIMIT', STOCK_ALERT_MESSAGES.tooManyForProduct);
      }
      const userId = context.user?.id ?? null;
      if (own) {
        await this.repository.insertOpen(tx, { productId: product.id, email, userId, confirm: null });
        return false;
      }
      // Past the day's confirmation emails: nothing is saved and nothing is sent, answered the same.
      if ((await sentSince(tx, email, 'stock-alert-confirm', 24)) >= STOCK_ALERT_LIMITS.confirmationsPerDay) {
        return false;
      }
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + STOCK_ALERT_LIMITS.confirmHours * 3_600_000);
      const inserted = await this.repository.insertOpen(tx, {
        productId: product.id,
        email,
        userId,
        confirm: { tokenHash: tokenHash(token), expiresAt },
      });
      if (!inserted) return false;
      await countSend(tx, email, 'stock-alert-confirm');
      await enqueueEmail(tx, {
        to: email,
        template: 'stock-alert-confirm',
        data: { productName: product.name, confirmUrl: this.confirmUrl(token), hours: STOCK_ALERT_LIMITS.confirmHours },
        // Useless once the link has stopped working: not sent, and its token not kept, after that.
        expiresAt: expiresAt.toISOString(),
      });
      return true;
    });
    if (queued) this.options.onEmailQueued();
    return outcome;
  }

  /**
   * Whether this confirmation link can still confirm (what opening it may do: read, never change).
   * Mail scanners and link previews open every link; only the button's POST confirms.
   */
  async canConfirm(token: string): Promise<boolean> {
    if (!TOKEN_PATTERN.test(token)) return false;
    return (await this.repository.byConfirmHash(tokenHash(token)))?.usable ?? false;
  }

  /**
   * The confirmation link's button: the pending alert holding this token is confirmed (pressing
   * it again changes nothing and says the same). The product is share-locked first, as a request
   * does: if it can be bought already (it came back before the address confirmed), its job is
   * queued now, since no restock will fire the trigger. false for an unknown, closed or expired link.
   */
  async confirm(token: string): Promise<boolean> {
    if (!TOKEN_PATTERN.test(token)) return false;
    const alert = await this.repository.byConfirmHash(tokenHash(token));
    if (!alert?.usable) return false;
    const queued = await this.database.db.transaction(async (tx) => {
      const product = await this.repository.lockProduct(tx, alert.productId);
      if (!product) return null;
      const confirmed = await this.repository.confirm(tx, alert.id);
      if (!confirmed) return null;
      if (confirmed === 'already' || !isPurchasable(product, product.stockHundredths)) return false;
      await this.repository.queueRestocked(tx, product.id);
      return true;
    });
    if (queued) this.options.onEmailQueued();
    return queued !== null;
  }

  /**
   * The unsubscribe link of a back-in-stock email (or a mail client's one-click): that alert is
   * already closed, and its address goes on the one list of unsubscribed addresses, which every
   * list mail honours (mail/mail-consent.ts): its other open alerts are cancelled and its
   * newsletter turned off. Says nothing about whether the token existed; a second time changes
   * nothing more.
   */
  async unsubscribe(token: string): Promise<void> {
    if (!TOKEN_PATTERN.test(token)) return;
    await this.database.db.transaction(async (tx) => {
      const email = await this.repository.cancelByTokenHash(tx, tokenHash(token));
      if (email) await unsubscribeAddress(tx, email);
    });
  }

  /**
   * A product with open alerts became purchasable (the trigger's job). In one transaction: lock
   * its open confirmed alerts, check it can still be bought (if not, they stay open for the next
   * restock), queue one email per alert and close each. Two handlers for one product (two
   * restocks, two processes) send once: the second waits on the locks, then finds nothing open.
   * An alert whose address unsubscribed after confirming it, or that already had its
   * `mailsPerWeek` back-in-stock emails in the last 7 days, is closed without its email (logged
   * without the address); the addresses are locked in one order, so two products' handlers count
   * one address one after the other and never wait on each other.
   */
  async notifyRestocked(productId: string): Promise<number> {
    const queued = await this.database.db.transaction(async (tx) => {
      const alerts = await this.repository.lockOpenFor(tx, productId);
      if (alerts.length === 0) return 0;
      const product = await this.repository.product(tx, productId);
      if (!product) return 0;
      if (!isPurchasable(product, product.stockHundredths)) return 0;
      const price = formatUnitPrice(product, koboToNaira(product.priceKobo));
      const productUrl = `${this.options.shopUrl}/products/${encodeURIComponent(product.slug)}`;
      let queuedHere = 0;
      const byAddress = [...alerts].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
      for (const alert of byAddress) {
        await lockAddress(tx, alert.email);
        const gone = await unsubscribedAt(tx, alert.email);
        if (gone && gone >= alert.confirmedAt) {
          await this.repository.markDropped(tx, alert.id);
          this.options.log.info(
            { alertId: alert.id, productId },
            'back-in-stock email dropped: the address unsubscribed',
          );
          continue;
        }
        if ((await sentSince(tx, alert.email, 'stock-returned', 7 * 24)) >= this.options.mailsPerWeek) {
          await this.repository.markDropped(tx, alert.id);
          this.options.log.warn(
            { alertId: alert.id, productId, mailsPerWeek: this.options.mailsPerWeek },
            'back-in-stock email dropped: the address had its emails for the week',
          );
          continue;
        }
        await countSend(tx, alert.email, 'stock-returned');
        queuedHere += 1;
        const token = randomBytes(24).toString('base64url');
        const unsubscribeUrl = this.unsubscribeUrl(token);
        await this.repository.markNotified(tx, alert.id, tokenHash(token));
        await enqueueEmail(tx, {
          to: alert.email,
          template: 'stock-returned',
          data: { productName: product.name, price, productUrl, unsubscribeUrl },
          listUnsubscribe: unsubscribeUrl,
          listMailQueuedAt: new Date().toISOString(),
        });
      }
      return queuedHere;
    });
    if (queued > 0) this.options.onEmailQueued();
    return queued;
  }

  /** The outbox handler of STOCK_RETURNED_OUTBOX_KIND. A failure throws: the worker retries. */
  outboxHandler(): OutboxHandler {
    return async (job) => {
      const productId = (job.payload as { productId?: unknown }).productId;
      if (typeof productId !== 'string') return { status: 'done', note: 'dropped: no product' };
      const sent = await this.notifyRestocked(productId);
      return { status: 'done', note: sent > 0 ? `${sent} emails queued` : 'nothing to send' };
    };
  }
}
