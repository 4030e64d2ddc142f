import { describe, expect, it } from 'vitest';
import { isDeliveryMethodAvailable, orderTotalsKobo, priceLineKobo } from './order-pricing';
import { PIECE_TERMS } from './units';

describe('order pricing', () => {
  it('offers STANDARD only from a ₦20,000 subtotal, and every other method always', () => {
    expect(isDeliveryMethodAvailable('STANDARD', 1_999_999)).toBe(false);
    expect(isDeliveryMethodAvailable('STANDARD', 2_000_000)).toBe(true);
    for (const method of ['PICKUP', 'REGULAR', 'EXPRESS'] as const)
      expect(isDeliveryMethodAvailable(method, 0)).toBe(true);
  });

  it('adds the delivery fee of the method to the subtotal, in whole kobo', () => {
    const lines = [priceLineKobo(150_050, PIECE_TERMS, 300), priceLineKobo(99, PIECE_TERMS, 100)];
    expect(orderTotalsKobo(lines, 'EXPRESS')).toEqual({
      subtotalKobo: 450_249,
      deliveryFeeKobo: 500_000,
      totalKobo: 950_249,
    });
    expect(orderTotalsKobo(lines, 'REGULAR').deliveryFeeKobo).toBe(100_000);
    expect(orderTotalsKobo(lines, 'PICKUP').totalKobo).toBe(450_249);
  });

  it('prices a line from the best break it reaches and says what it would have cost', () => {
    const terms = { priceBreaks: [{ minHundredths: 1000, priceKobo: 105_000 }] };
    expect(priceLineKobo(120_000, terms, 950)).toEqual({
      unitPriceKobo: 120_000,
      lineTotalKobo: 1_140_000,
      listPriceKobo: null,
    });
    expect(priceLineKobo(120_000, terms, 1000)).toEqual({
      unitPriceKobo: 105_000,
      lineTotalKobo: 1_050_000,
      listPriceKobo: 120_000,
    });
  });
});
