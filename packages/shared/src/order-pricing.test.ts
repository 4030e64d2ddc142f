import { describe, expect, it } from 'vitest';
import { isDeliveryMethodAvailable, orderTotalsKobo } from './order-pricing';

describe('order pricing', () => {
  it('offers STANDARD only from a ₦20,000 subtotal, and every other method always', () => {
    expect(isDeliveryMethodAvailable('STANDARD', 1_999_999)).toBe(false);
    expect(isDeliveryMethodAvailable('STANDARD', 2_000_000)).toBe(true);
    for (const method of ['PICKUP', 'REGULAR', 'EXPRESS'] as const)
      expect(isDeliveryMethodAvailable(method, 0)).toBe(true);
  });

  it('adds the delivery fee of the method to the subtotal, in whole kobo', () => {
    const lines = [
      { priceKobo: 150_050, quantity: 3 },
      { priceKobo: 99, quantity: 1 },
    ];
    expect(orderTotalsKobo(lines, 'EXPRESS')).toEqual({
      subtotalKobo: 450_249,
      deliveryFeeKobo: 500_000,
      totalKobo: 950_249,
    });
    expect(orderTotalsKobo(lines, 'REGULAR').deliveryFeeKobo).toBe(100_000);
    expect(orderTotalsKobo(lines, 'PICKUP').totalKobo).toBe(450_249);
  });
});
