import { createHash, randomBytes } from 'node:crypto';
import { formatUnitPrice, isPurchasable, koboToNaira, STOCK_ALERT_LIMITS, STOCK_ALERT_MESSAGES } from '@shop/shared';
import type { Database } from '../../db/client';
import type { OutboxHandler } from '../../jobs/outbox-worker';
import { AppError } from '../../lib/errors';
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
}

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

  /**
   * A visitor asks to be told when a sold-out product is back. The same answer whether the
   * address already waited for it or not (no second row, no second email), so the form tells no
   * one who else is waiting. 404 for an unknown product, 409 `IN_STOCK` when it can be bought now,
   * 409 `STOCK_ALERT_LIMIT` past the address's or the product's limit.
   */
  async request(idOrSlug: string, email: string, context: { ip: string; userId: string | null }): Promise<void> {
    await spendLimit(this.limits, `stock-alert:${context.ip}`, REQUESTS_PER_IP);
    await this.database.db.transaction(async (tx) => {
      const product = await this.repository.lockProduct(tx, idOrSlug);
      if (!product) throw new AppError('NOT_FOUND', STOCK_ALERT_MESSAGES.productNotFound);
      if (isPurchasable(product, product.stockHundredths)) {
        throw new AppError('IN_STOCK', STOCK_ALERT_MESSAGES.inStock);
      }
      const open = await this.repository.openCounts(tx, product.id, email);
      if (open.exists) return;
      if (open.forEmail >= STOCK_ALERT_LIMITS.openPerEmail) {
        throw new AppError('STOCK_ALERT_LIMIT', STOCK_ALERT_MESSAGES.tooManyForEmail);
      }
      if (open.forProduct >= STOCK_ALERT_LIMITS.openPerProduct) {
        throw new AppError('STOCK_ALERT_LIMIT', STOCK_ALERT_MESSAGES.tooManyForProduct);
      }
      await this.repository.insertOpen(tx, { productId: product.id, email, userId: context.userId });
    });
  }

  /**
   * The unsubscribe link of a back-in-stock email (or a mail client's one-click): that alert is
   * already closed, so it stops the others its address still waits for (what unsubscribing from a
   * kind of email means). Says nothing about whether the token existed; a second time changes
   * nothing.
   */
  async unsubscribe(token: string): Promise<void> {
    if (!TOKEN_PATTERN.test(token)) return;
    await this.repository.cancelByTokenHash(tokenHash(token));
  }

  /**
   * A product with open alerts became purchasable (the trigger's job). In one transaction: lock
   * its open alerts, check it can still be bought (if not, they stay open for the next restock),
   * queue one email per alert and close each. Two handlers for one product (two restocks, two
   * processes) send once: the second waits on the locks, then finds nothing open.
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
      for (const alert of alerts) {
        const token = randomBytes(24).toString('base64url');
        const unsubscribeUrl = this.unsubscribeUrl(token);
        await this.repository.markNotified(tx, alert.id, tokenHash(token));
        await enqueueEmail(tx, {
          to: alert.email,
          template: 'stock-returned',
          data: { productName: product.name, price, productUrl, unsubscribeUrl },
          listUnsubscribe: unsubscribeUrl,
        });
      }
      return alerts.length;
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
