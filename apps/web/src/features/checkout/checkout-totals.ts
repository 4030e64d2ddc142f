import {
  type DeliveryMethod,
  hundredthsToUnits,
  isDeliveryMethodAvailable,
  koboToNaira,
  orderTotalsKobo,
  type SaleFields,
} from '@shop/shared';
import { priceCartLine } from '../../lib/line-price';
import type { CartLine } from '../cart';

/** What pricing a cart line needs: its base price, how it is sold and its quantity (hundredths). */
export type PricedCartInput = SaleFields & Pick<CartLine, 'price' | 'hundredths'>;

/**
 * The summary's subtotal, delivery fee and total for cart lines, through the one pricing rule
 * the server charges with (packages/shared order-pricing.ts: priceLineKobo per line, then
 * orderTotalsKobo), so the total shown is the total paid. Naira out, integer kobo in between.
 */
export function checkoutTotals(lines: readonly PricedCartInput[], method: DeliveryMethod) {
  const totals = orderTotalsKobo(lines.map(priceCartLine), method);
  return {
    subtotalKobo: totals.subtotalKobo,
    subtotal: koboToNaira(totals.subtotalKobo),
    deliveryFee: koboToNaira(totals.deliveryFeeKobo),
    total: koboToNaira(totals.totalKobo),
  };
}

/** The order's items as POST /api/orders takes them: the quantity in the unit, the unit price after any break. */
export function orderItemsOf(lines: readonly (PricedCartInput & Pick<CartLine, 'productId'>)[]) {
  return lines.map((line) => ({
    productId: line.productId,
    quantity: hundredthsToUnits(line.hundredths),
    price: koboToNaira(priceCartLine(line).unitPriceKobo),
  }));
}

/** The method a new checkout starts with: free Standard delivery when the cart earns it. */
export function defaultDeliveryMethod(subtotalKobo: number): DeliveryMethod {
  return isDeliveryMethodAvailable('STANDARD', subtotalKobo) ? 'STANDARD' : 'REGULAR';
}
