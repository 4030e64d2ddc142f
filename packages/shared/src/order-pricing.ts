import { DELIVERY_FEE_KOBO, type DeliveryMethod, STANDARD_DELIVERY_MIN_SUBTOTAL_KOBO } from './constants';
import { lineTotalKobo, type SaleTerms, unitPriceKobo } from './units';

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

export interface PricedLineKobo {
  /** The price per unit this quantity pays (the best break it reaches, else the price). */
  unitPriceKobo: number;
  /** unitPriceKobo × the quantity, rounded once (units.ts lineTotalKobo). */
  lineTotalKobo: number;
  /** The price before breaks, when a break lowered it; else null. */
  listPriceKobo: number | null;
}

/** One line priced from the product's price and breaks: what the cart shows and the server charges. */
export function priceLineKobo(
  priceKobo: number,
  terms: Pick<SaleTerms, 'priceBreaks'>,
  hundredths: number,
): PricedLineKobo {
  const unitPrice = unitPriceKobo(priceKobo, terms, hundredths);
  return {
    unitPriceKobo: unitPrice,
    lineTotalKobo: lineTotalKobo(unitPrice, hundredths),
    listPriceKobo: unitPrice < priceKobo ? priceKobo : null,
  };
}

/** Subtotal, delivery fee and total of lines already priced (priceLineKobo), in kobo. */
export function orderTotalsKobo(lines: readonly { lineTotalKobo: number }[], method: DeliveryMethod): OrderTotalsKobo {
  const subtotalKobo = lines.reduce((sum, line) => sum + line.lineTotalKobo, 0);
  const deliveryFeeKobo = DELIVERY_FEE_KOBO[method];
  return { subtotalKobo, deliveryFeeKobo, totalKobo: subtotalKobo + deliveryFeeKobo };
}
