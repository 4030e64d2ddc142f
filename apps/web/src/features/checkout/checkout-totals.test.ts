import { DELIVERY_METHODS, isDeliveryMethodAvailable, orderTotalsKobo } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { checkoutTotals, defaultDeliveryMethod } from './checkout-totals';

const lines = [
  { price: 4500, quantity: 2 },
  { price: 3500.5, quantity: 1 },
];

describe('the checkout summary', () => {
  it('adds Express delivery’s ₦5,000 to the subtotal', () => {
    expect(checkoutTotals(lines, 'EXPRESS')).toEqual({
      subtotalKobo: 1_250_050,
      subtotal: 12_500.5,
      deliveryFee: 5000,
      total: 17_500.5,
    });
  });

  it('charges Regular ₦1,000 and Pickup and Standard nothing', () => {
    expect(checkoutTotals(lines, 'REGULAR').deliveryFee).toBe(1000);
    expect(checkoutTotals(lines, 'PICKUP').deliveryFee).toBe(0);
    expect(checkoutTotals(lines, 'STANDARD').deliveryFee).toBe(0);
  });

  it('totals in kobo, so prices like ₦19.99 × 3 never show floating-point drift', () => {
    const totals = checkoutTotals(
      [
        { price: 19.99, quantity: 3 },
        { price: 0.1, quantity: 2 },
      ],
      'REGULAR',
    );
    expect(totals.subtotal).toBe(60.17);
    expect(totals.total).toBe(1060.17);
  });

  it('always equals what the server charges through the shared pricing rule', () => {
    for (const method of DELIVERY_METHODS) {
      const server = orderTotalsKobo(
        lines.map((line) => ({ priceKobo: Math.round(line.price * 100), quantity: line.quantity })),
        method,
      );
      expect(checkoutTotals(lines, method).total * 100).toBe(server.totalKobo);
    }
  });

  it('starts on free Standard delivery from ₦20,000 and on Regular below it', () => {
    expect(defaultDeliveryMethod(2_000_000)).toBe('STANDARD');
    expect(defaultDeliveryMethod(1_999_999)).toBe('REGULAR');
    expect(isDeliveryMethodAvailable('STANDARD', 1_999_999)).toBe(false);
    expect(isDeliveryMethodAvailable('EXPRESS', 0)).toBe(true);
  });
});
