import {
  formatNaira,
  nairaToKobo,
  type PricedLineKobo,
  priceLineKobo,
  type SaleFields,
  saleTermsOf,
} from '@shop/shared';

// A line's money as the server works it out (priceLineKobo, integer kobo), for the cart, checkout
// and the product page alike, and the one way its total is written.

/** A line priced as the server prices it: the unit price at this quantity, the line total, the list price. */
export function priceCartLine(line: SaleFields & { price: number; hundredths: number }): PricedLineKobo {
  return priceLineKobo(nairaToKobo(line.price) ?? Math.round(line.price * 100), saleTermsOf(line), line.hundredths);
}

/** "₦9,000.00": a priced line's total, from its integer kobo. */
export const formatLineTotal = (priced: Pick<PricedLineKobo, 'lineTotalKobo'>) =>
  formatNaira(priced.lineTotalKobo / 100);
