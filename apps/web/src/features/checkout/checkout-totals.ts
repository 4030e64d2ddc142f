import {
  type DeliveryMethod,
  isDeliveryMethodAvailable,
  koboToNaira,
  nairaToKobo,
  orderTotalsKobo,
} from '@shop/shared';

/**
 * The summary's subtotal, delivery fee and total for cart lines, through the one pricing rule
 * the server charges with (packages/shared order-pricing.ts), so the total shown is the total
 * paid. Naira in and out, integer kobo in between.
 */
export function checkoutTotals(lines: readonly { price: number; quantity: number }[], method: DeliveryMethod) {
  const totals = orderTotalsKobo(
    lines.map((line) => ({
      priceKobo: nairaToKobo(line.price) ?? Math.round(line.price * 100),
      quantity: line.quantity,
    })),
    method,
  );
  return {
    subtotalKobo: totals.subtotalKobo,
    subtotal: koboToNaira(totals.subtotalKobo),
    deliveryFee: koboToNaira(totals.deliveryFeeKobo),
    total: koboToNaira(totals.totalKobo),
  };
}

/** The method a new checkout starts with: free Standard delivery when the cart earns it. */
export function defaultDeliveryMethod(subtotalKobo: number): DeliveryMethod {
  return isDeliveryMethodAvailable('STANDARD', subtotalKobo) ? 'STANDARD' : 'REGULAR';
}
