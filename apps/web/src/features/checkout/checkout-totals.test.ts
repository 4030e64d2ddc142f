import {
  DELIVERY_METHODS,
  isDeliveryMethodAvailable,
  nairaToKobo,
  orderTotalsKobo,
  priceLineKobo,
  type SaleFields,
  saleTermsOf,
} from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { checkoutTotals, defaultDeliveryMethod, orderItemsOf } from './checkout-totals';

const byThePiece: SaleFields = {
  unit: 'piece',
  step: 1,
  minQuantity: 1,
  packSize: null,
  packItemName: null,
  priceBreaks: [],
};
const byTheYard: SaleFields = {
  unit: 'yard',
  step: 0.5,
  minQuantity: 1,
  packSize: null,
  packItemName: null,
  priceBreaks: [{ minQuantity: 10, price: 1050 }],
};
const byThePack: SaleFields = {
  unit: 'pack',
  step: 1,
  minQuantity: 1,
  packSize: 12,
  packItemName: 'buttons',
  priceBreaks: [{ minQuantity: 5, price: 2200 }],
};

const pieces = (price: number, count: number) => ({ ...byThePiece, price, hundredths: count * 100 });

const lines = [pieces(4500, 2), pieces(3500.5, 1)];

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
    const totals = checkoutTotals([pieces(19.99, 3), pieces(0.1, 2)], 'REGULAR');
    expect(totals.subtotal).toBe(60.17);
    expect(totals.total).toBe(1060.17);
  });

  it('prices lengths and packs, breaks included, line by line as priceLineKobo does', () => {
    const cart = [
      { ...byTheYard, price: 1200, hundredths: 250 },
      { ...byTheYard, price: 1234.57, hundredths: 25 },
      { ...byThePack, price: 2500, hundredths: 500 },
      { ...byTheYard, price: 1200, hundredths: 1050 },
    ];
    const expected = cart.reduce(
      (sum, line) =>
        sum + priceLineKobo(nairaToKobo(line.price) as number, saleTermsOf(line), line.hundredths).lineTotalKobo,
      0,
    );
    // 2.5 yd × ₦1,200 + 0.25 yd × ₦1,234.57 (₦308.6425, rounded once) + 5 packs at ₦2,200 + 10.5 yd at ₦1,050.
    expect(expected).toBe(300_000 + 30_864 + 1_100_000 + 1_102_500);
    expect(checkoutTotals(cart, 'PICKUP').subtotalKobo).toBe(expected);
  });

  it('always equals what the server charges through the shared pricing rule', () => {
    const cart = [
      { ...byTheYard, price: 1200, hundredths: 950 },
      { ...byThePack, price: 2500, hundredths: 700 },
      ...lines,
    ];
    for (const method of DELIVERY_METHODS) {
      const server = orderTotalsKobo(
        cart.map((line) => priceLineKobo(nairaToKobo(line.price) as number, saleTermsOf(line), line.hundredths)),
        method,
      );
      expect(Math.round(checkoutTotals(cart, method).total * 100)).toBe(server.totalKobo);
    }
  });

  it('sends each quantity in its unit and the price per unit after any break', () => {
    expect(
      orderItemsOf([
        { ...byTheYard, productId: 'lace', price: 1200, hundredths: 250 },
        { ...byTheYard, productId: 'lace-10', price: 1200, hundredths: 1000 },
        { ...byThePack, productId: 'buttons', price: 2500, hundredths: 300 },
      ]),
    ).toEqual([
      { productId: 'lace', quantity: 2.5, price: 1200 },
      { productId: 'lace-10', quantity: 10, price: 1050 },
      { productId: 'buttons', quantity: 3, price: 2500 },
    ]);
  });

  it('starts on free Standard delivery from ₦20,000 and on Regular below it', () => {
    expect(defaultDeliveryMethod(2_000_000)).toBe('STANDARD');
    expect(defaultDeliveryMethod(1_999_999)).toBe('REGULAR');
    expect(isDeliveryMethodAvailable('STANDARD', 1_999_999)).toBe(false);
    expect(isDeliveryMethodAvailable('EXPRESS', 0)).toBe(true);
  });
});
