import { DELIVERY_FEE_KOBO, type DeliveryMethod, STANDARD_DELIVERY_MIN_SUBTOTAL_KOBO } from './constants';

// The one pricing rule of an order, used by the checkout summary and by the server that
// charges it, so what the customer is shown is what they pay. Integer kobo throughout.

/** STANDARD needs a subtotal of at least ₦20,000; every other method is always offered. */
export function isDeliveryMethodAvailable(method: DeliveryMethod, subtotalKobo: number): boolean {
  return method !== 'STANDARD' || subtotalKobo >= STANDARD_DELIVERY_MIN_SUBTOTAL_KOBO;
}

export interface OrderTotalsKobo {
  subtotalKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
}

/** Subtotal, delivery fee and total of lines priced in kobo. */
export function orderTotalsKobo(
  lines: readonly { priceKobo: number; quantity: number }[],
  method: DeliveryMethod,
): OrderTotalsKobo {
  const subtotalKobo = lines.reduce((sum, line) => sum + line.priceKobo * line.quantity, 0);
  const deliveryFeeKobo = DELIVERY_FEE_KOBO[method];
  return { subtotalKobo, deliveryFeeKobo, totalKobo: subtotalKobo + deliveryFeeKobo };
}
