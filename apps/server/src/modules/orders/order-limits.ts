import {
  formatNaira,
  formatQuantity,
  hundredthsToUnits,
  koboToNaira,
  ORDER_MESSAGES as M,
  type SaleTerms,
} from '@shop/shared';
import { LIMIT_OFF, type OrderLimits } from '../../config';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { type RateLimitStore, spendLimit } from '../../plugins/rate-limit';
import type { OrdersRepository, ProductForOrder } from './orders.repository';
import { outOfStock } from './out-of-stock';

// What one customer may hold in unpaid orders, and how fast anyone may place orders
// (docs/decisions/020-payments-module-and-hold-limits.md). Paid orders never count.

const HOUR_MS = 3_600_000;

/** Orders placed (or tried) per hour, by customer and by address: 429 with Retry-After past them. */
export async function spendOrderPlacement(
  store: RateLimitStore,
  limits: OrderLimits,
  who: { userId: string; ip: string },
): Promise<void> {
  await spendLimit(
    store,
    `orders:customer:${who.userId}`,
    { max: limits.ordersPerHour, windowMs: HOUR_MS },
    M.tooManyOrders,
  );
  await spendLimit(
    store,
    `orders:address:${who.ip}`,
    { max: limits.ordersPerHourPerAddress, windowMs: HOUR_MS },
    M.tooManyOrders,
  );
}

/**
 * The most of a product one customer's unpaid orders may hold, in hundredths of its unit: a share
 * of what the shop has of it (on the shelf, plus what unpaid orders hold and may give back), down
 * to the product's step, and at least the product's minimum (one line of it can always be held).
 * With `percent`, another share of it (the long holds' share across customers).
 */
export function productHoldMax(
  limits: OrderLimits,
  terms: Pick<SaleTerms, 'stepHundredths' | 'minHundredths'>,
  shelfHundredths: number,
  heldInUnpaidOrders: number,
  percent: number = limits.productSharePercent,
): number {
  const total = Math.max(0, shelfHundredths) + heldInUnpaidOrders;
  const share = Math.floor((total * percent) / 100);
  const onStep = Math.floor(share / terms.stepHundredths) * terms.stepHundredths;
  return Math.max(terms.minHundredths, onStep);
}

/**
 * Refuses, with 409 HOLD_LIMIT_REACHED, an order that would make unpaid orders hold more than the
 * limits allow (docs/decisions/020 and 039). Runs in the order's transaction after
 * `lockCustomer`, so two orders of one customer placed at once are counted one after the other.
 *
 * - The customer's own limits (orders, value, a share of each product) count every unpaid order
 *   of theirs; for a new long hold (LONG_HOLD_METHODS) also the long holds they cancelled or let
 *   expire in the last day, so cancelling and placing again renews nothing.
 * - Long holds of every customer together may hold at most `longHoldSharePercent` of a product:
 *   past it, transfer and pay on delivery are refused for it and card payment is still offered.
 *   The products are locked first, so long holds of one product are counted one after another.
 * - The per-network caps count long holds only and apply only to a new long hold: customers
 *   behind one carrier NAT address can always pay by card.
 */
export async function assertWithinHoldLimits(
  tx: Executor,
  repository: OrdersRepository,
  limits: OrderLimits,
  input: {
    userId: string;
    /** The client network it comes from (request.network). */
    address: string;
    /** A transfer or pay on delivery (isLongHold). */
    longHold: boolean;
    totalKobo: number;
    /** `quantity` in hundredths of the product's unit. */
    lines: readonly { product: ProductForOrder; quantity: number }[];
  },
): Promise<void> {
  // A share of 100 % limits nothing, and a limit at LIMIT_OFF is off: their queries are not made.
  // Each count reads no more than its limit allows (a customer's orders past the count limit are
  // refused anyway, so the value summed over the ones read is the value that matters).
  const shared = limits.productSharePercent < 100 || (input.longHold && limits.longHoldSharePercent < 100);
  const countOff = limits.unpaidOrders >= LIMIT_OFF;
  const valueOff = limits.unpaidValueKobo >= LIMIT_OFF * 100;
  const productIds = input.lines.map((line) => line.product.id);
  if (input.longHold && limits.longHoldSharePercent < 100) {
    await repository.lockProductsForLongHold(tx, productIds);
  }
  const holds = await repository.holdsOf(
    tx,
    { userId: input.userId, address: input.address },
    {
      ordersUpTo: countOff ? (valueOff ? 0 : null) : limits.unpaidOrders,
      productIds: shared ? productIds : [],
      longHold: input.longHold,
    },
  );
  if (holds.orders >= limits.unpaidOrders) {
    throw new AppError('HOLD_LIMIT_REACHED', M.unpaidOrdersLimit(holds.orders), {
      extra: { limit: 'unpaidOrders' },
    });
  }
  // Many accounts from one network (registrations are limited per hour, transfers hold a day).
  // Counted without a lock, so customers behind one address never wait on each other: orders
  // placed at the very same moment may pass this coarse bound by a few.
  if (
    input.longHold &&
    limits.unpaidOrdersPerAddress < LIMIT_OFF &&
    (await repository.unpaidOrdersFrom(tx, input.address, limits.unpaidOrdersPerAddress)) >=
      limits.unpaidOrdersPerAddress
  ) {
    throw new AppError('HOLD_LIMIT_REACHED', M.addressUnpaidLimit, { extra: { limit: 'address' } });
  }
  if (holds.valueKobo + input.totalKobo > limits.unpaidValueKobo) {
    throw new AppError('HOLD_LIMIT_REACHED', M.unpaidValueLimit(formatNaira(koboToNaira(limits.unpaidValueKobo))), {
      extra: { limit: 'value' },
    });
  }
  if (!shared) return;
  // The shelf as it is now, after any order of this customer that committed while this one waited.
  const shelf = new Map(
    (await repository.findProductsForOrder(productIds, tx)).map((product) => [product.id, product.stockHundredths]),
  );
  for (const line of input.lines) {
    const onShelf = shelf.get(line.product.id) ?? line.product.stockHundredths;
    if (onShelf < line.quantity) {
      // Sold while this order waited (another order, a reopened one): the shelf is short, which
      // is what the customer must hear, not a share of it that only looks like a hold limit.
      throw outOfStock({ ...line.product, stockHundredths: onShelf });
    }
    const held = holds.units.get(line.product.id) ?? 0;
    const terms = line.product.terms;
    const inUnpaid = holds.everyone.get(line.product.id) ?? 0;
    const most = productHoldMax(limits, terms, onShelf, inUnpaid);
    if (held + line.quantity > most) {
      throw new AppError('HOLD_LIMIT_REACHED', M.productShareLimit(line.product.name, formatQuantity(terms, most)), {
        extra: { limit: 'productShare', productId: line.product.id, most: hundredthsToUnits(most) },
      });
    }
    if (!input.longHold) continue;
    // Every customer's long holds together: a share of the product, the rest for card buyers.
    const longMost = productHoldMax(limits, terms, onShelf, inUnpaid, limits.longHoldSharePercent);
    if ((holds.longHeld.get(line.product.id) ?? 0) + line.quantity > longMost) {
      const message = M.longHoldShareLimit(line.product.name);
      throw new AppError('HOLD_LIMIT_REACHED', message, {
        errors: { 'paymentDetails.method': message },
        extra: { limit: 'longHolds', productId: line.product.id },
      });
    }
    // The customer's share for every account of one network together (many accounts, one network).
    if ((holds.fromAddress.get(line.product.id) ?? 0) + line.quantity > most) {
      throw new AppError('HOLD_LIMIT_REACHED', M.addressUnpaidLimit, {
        extra: { limit: 'address', productId: line.product.id },
      });
    }
  }
}
