// @vitest-environment jsdom
import { LINE_MAX_UNITS, type Product, priceLineKobo, productCardOf, saleTermsOf } from '@shop/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { priceCartLine } from '../../lib/line-price';
import { storageKeys } from '../../lib/storage-keys';
import { aLaceByTheYard, aPackOfButtons, aProduct } from '../../testing/fixtures';
import { type CartLine, cartCount, cartStore, cartSubtotal } from './cart-store';
import { applyRecheck, recheckCart } from './recheck-cart';

const lace = aProduct({ id: 'p1', slug: 'french-lace', name: 'French Lace', price: 1500.5, stock: 3 });
const stones = aProduct({ id: 'p2', slug: 'stones', name: 'Rhinestones', price: 0.1, images: [], stock: 10 });
// ₦1,200 a yard, ₦1,050 from 10 yards; steps of 0.5 from 1 yard; 37.5 yards in stock.
const yardLace = aLaceByTheYard();
// ₦2,500 a pack of 12, ₦2,200 from 5 packs; 40 packs in stock.
const buttons = aPackOfButtons();

const quantities = () => cartStore.getLines().map((line) => [line.productId, line.hundredths]);

beforeEach(() => {
  window.localStorage.clear();
  cartStore.resetForTests();
});
afterEach(() => window.localStorage.clear());

describe('the cart store', () => {
  it('adds a new product at its minimum, and raises an existing one by the same', () => {
    expect(cartStore.add(productCardOf(lace))).toBe('added');
    expect(cartStore.add(productCardOf(lace))).toBe('increased');
    expect(cartStore.add(productCardOf(yardLace))).toBe('added');
    expect(quantities()).toEqual([
      ['p1', 200],
      ['p-lace', 100],
    ]);
  });

  it('keeps quantities as integer hundredths of the unit, in memory and in storage', () => {
    cartStore.add(productCardOf(yardLace), 250);
    cartStore.add(productCardOf(buttons), 300);
    const stored = JSON.parse(window.localStorage.getItem(storageKeys.cart) ?? '[]');
    expect(
      stored.map((line: { hundredths: number; stockHundredths: number }) => [line.hundredths, line.stockHundredths]),
    ).toEqual([
      [250, 3750],
      [300, 4000],
    ]);
    expect(stored[0]).toMatchObject({ unit: 'yard', step: 0.5, minQuantity: 1, price: 1200 });
    expect(stored[1]).toMatchObject({ unit: 'pack', packSize: 12, packItemName: 'buttons' });
    expect(stored[0].priceBreaks).toEqual([{ minQuantity: 10, price: 1050 }]);
  });

  it('snaps what is added to the rule: down to the step, up to the minimum, never above the stock', () => {
    cartStore.add(productCardOf(yardLace), 270);
    expect(quantities()).toEqual([['p-lace', 250]]);
    cartStore.remove('p-lace');
    cartStore.add(productCardOf(yardLace), 50);
    expect(quantities()).toEqual([['p-lace', 100]]);
    cartStore.add(productCardOf(yardLace), 10_000);
    expect(quantities()).toEqual([['p-lace', 3750]]);
    expect(cartStore.add(productCardOf(yardLace))).toBe('at-stock-limit');
    expect(cartStore.add(productCardOf(aLaceByTheYard({ id: 'p-out', stock: 0.5 })))).toBe('out-of-stock');
    expect(cartStore.getLines()).toHaveLength(1);
  });

  it('stops a line at the most one order may take, as at-stock-limit', () => {
    const plenty = aPackOfButtons({ stock: 500 });
    cartStore.add(productCardOf(plenty), 150 * 100);
    expect(quantities()).toEqual([['p-buttons', LINE_MAX_UNITS.pack * 100]]);
    expect(cartStore.add(productCardOf(plenty))).toBe('at-stock-limit');
  });

  it('merges a second add into the line, taking the product’s newest price, terms and stock', () => {
    cartStore.add(productCardOf(yardLace), 250);
    cartStore.add(productCardOf(aLaceByTheYard({ price: 1300, stock: 4 })), 250);
    const [line] = cartStore.getLines();
    expect(line).toMatchObject({ price: 1300, stockHundredths: 400, hundredths: 400 });
  });

  it('sets a quantity within the line’s rule: on the step, from the minimum, up to the stock', () => {
    cartStore.add(productCardOf(yardLace));
    cartStore.setQuantity('p-lace', 0);
    expect(quantities()).toEqual([['p-lace', 100]]);
    cartStore.setQuantity('p-lace', 575);
    expect(quantities()).toEqual([['p-lace', 550]]);
    cartStore.setQuantity('p-lace', 9_900);
    expect(quantities()).toEqual([['p-lace', 3750]]);
    cartStore.remove('p-lace');
    expect(cartStore.getLines()).toEqual([]);
  });

  it('reads a cart saved before units of sale as pieces, instead of dropping it', () => {
    window.localStorage.setItem(
      storageKeys.cart,
      JSON.stringify([
        {
          productId: 'p1',
          slug: 'french-lace',
          name: 'French Lace',
          price: 1500.5,
          image: '/a.webp',
          stock: 3,
          quantity: 2,
        },
        {
          productId: 'p2',
          slug: 'stones',
          name: 'Rhinestones',
          price: 0.1,
          image: undefined,
          stock: 10,
          quantity: 1.5,
        },
      ]),
    );
    expect(cartStore.getLines()).toEqual([
      {
        productId: 'p1',
        slug: 'french-lace',
        name: 'French Lace',
        price: 1500.5,
        image: '/a.webp',
        unit: 'piece',
        step: 1,
        minQuantity: 1,
        packSize: null,
        packItemName: null,
        priceBreaks: [],
        stockHundredths: 300,
        hundredths: 200,
      },
    ]);
  });

  it('sells a product answer from before units of sale (no sale fields) by the piece', () => {
    const { unit, step, minQuantity, packSize, packItemName, priceBreaks, ...old } = lace;
    expect(cartStore.add(productCardOf(old as unknown as Product), 200)).toBe('added');
    expect(cartStore.getLines()[0]).toMatchObject({
      unit: 'piece',
      step: 1,
      minQuantity: 1,
      priceBreaks: [],
      hundredths: 200,
    });
  });

  it('survives a reload through localStorage', () => {
    cartStore.add(productCardOf(lace));
    cartStore.add(productCardOf(yardLace), 250);
    cartStore.resetForTests();
    expect(quantities()).toEqual([
      ['p1', 100],
      ['p-lace', 250],
    ]);
  });

  it('takes the version another tab wrote', () => {
    let notified = 0;
    const unsubscribe = cartStore.subscribe(() => notified++);
    cartStore.add(productCardOf(buttons), 300);
    const other = cartStore.getLines().map((line) => ({ ...line, hundredths: 400 }));
    notified = 0;
    window.localStorage.setItem('cart', JSON.stringify(other));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    expect(cartStore.getLines()).toEqual(other);
    expect(notified).toBe(1);
    unsubscribe();
  });

  it('ignores a broken stored value, and lines with a quantity that is not whole hundredths', () => {
    window.localStorage.setItem('cart', '{not json');
    expect(cartStore.getLines()).toEqual([]);
    cartStore.resetForTests();
    cartStore.add(productCardOf(yardLace), 250);
    const [line] = cartStore.getLines();
    window.localStorage.setItem(
      'cart',
      JSON.stringify([
        { ...line, hundredths: 2.5 },
        { ...line, unit: 'gallon' },
      ]),
    );
    cartStore.resetForTests();
    expect(cartStore.getLines()).toEqual([]);
  });

  it('counts pieces and packs by their number and a length as one item', () => {
    cartStore.add(productCardOf(stones), 300);
    cartStore.add(productCardOf(buttons), 200);
    cartStore.add(productCardOf(yardLace), 250);
    expect(cartCount(cartStore.getLines())).toBe(6);
  });

  it('prices each line with the shared rule, the break included, and sums in kobo', () => {
    cartStore.add(productCardOf(stones), 300);
    cartStore.add(productCardOf(lace), 200);
    expect(cartSubtotal(cartStore.getLines())).toBe(3001.3);
    cartStore.clear();
    cartStore.add(productCardOf(yardLace), 950);
    cartStore.add(productCardOf(buttons), 500);
    const [laceLine, buttonLine] = cartStore.getLines() as [CartLine, CartLine];
    expect(priceCartLine(laceLine)).toEqual(priceLineKobo(120_000, saleTermsOf(yardLace), 950));
    expect(priceCartLine(laceLine)).toEqual({ unitPriceKobo: 120_000, lineTotalKobo: 1_140_000, listPriceKobo: null });
    expect(priceCartLine(buttonLine)).toEqual({
      unitPriceKobo: 220_000,
      lineTotalKobo: 1_100_000,
      listPriceKobo: 250_000,
    });
    expect(cartSubtotal(cartStore.getLines())).toBe(22_400);
    // Across the 10-yard break the price per yard falls for the whole line.
    cartStore.setQuantity('p-lace', 1000);
    expect(cartSubtotal(cartStore.getLines())).toBe(10_500 + 11_000);
  });
});

describe('re-checking the cart against the shop', () => {
  it('updates prices, lowers quantities above the stock, drops missing products and says so', async () => {
    cartStore.add(productCardOf(lace), 300);
    cartStore.add(productCardOf(stones), 200);
    cartStore.add(productCardOf({ ...stones, id: 'p3', name: 'Gone Ribbon' }));
    const current: Record<string, Product> = {
      p1: { ...lace, price: 1800, stock: 2 },
      p2: stones,
    };
    const outcome = await recheckCart(cartStore.getLines(), async (id) => {
      const product = current[id];
      if (!product) throw new ApiError(404, 'Product Not Found');
      return product;
    });
    expect(outcome.changes).toEqual([
      'The price of French Lace changed from ₦1,500.50 to ₦1,800.00.',
      'Only 2 of French Lace left in stock: quantity lowered to 2.',
      'Gone Ribbon is no longer available and was removed from your cart.',
    ]);
    const next = applyRecheck(cartStore.getLines(), outcome);
    expect(next.map((line) => [line.productId, line.price, line.hundredths])).toEqual([
      ['p1', 1800, 200],
      ['p2', 0.1, 200],
    ]);
  });

  it('takes a product’s new unit of sale, snaps the quantity to it and says so', async () => {
    // A cart from before units of sale: 2 "pieces" of a lace the shop now sells by the yard.
    window.localStorage.setItem(
      storageKeys.cart,
      JSON.stringify([
        { productId: 'p-lace', slug: 'l', name: 'French Lace, Ivory', price: 1200, stock: 9, quantity: 2 },
      ]),
    );
    const outcome = await recheckCart(cartStore.getLines(), async () => yardLace);
    expect(outcome.changes).toEqual(['French Lace, Ivory is now sold by the yard: 2 yd in your cart.']);
    const [line] = applyRecheck(cartStore.getLines(), outcome);
    expect(line).toMatchObject({ unit: 'yard', step: 0.5, hundredths: 200, stockHundredths: 3750 });
  });

  it('says when less is left in the unit, and drops a product with less than its minimum', async () => {
    cartStore.add(productCardOf(yardLace), 500);
    cartStore.add(productCardOf(buttons), 300);
    const outcome = await recheckCart(cartStore.getLines(), async (id) =>
      id === 'p-lace' ? aLaceByTheYard({ stock: 3.5 }) : aPackOfButtons({ stock: 0 }),
    );
    expect(outcome.changes).toEqual([
      'Only 3.5 yd of French Lace, Ivory left in stock: quantity lowered to 3.5 yd.',
      'Gold Shank Buttons is out of stock and was removed from your cart.',
    ]);
    expect(applyRecheck(cartStore.getLines(), outcome).map((line) => line.hundredths)).toEqual([350]);
  });

  it('says when a new price break changes what the line pays per unit', async () => {
    cartStore.add(productCardOf(yardLace), 1000);
    const outcome = await recheckCart(cartStore.getLines(), async () =>
      aLaceByTheYard({ priceBreaks: [{ minQuantity: 10, price: 1000 }] }),
    );
    expect(outcome.changes).toEqual([
      'The price of French Lace, Ivory changed from ₦1,050.00 / yard to ₦1,000.00 / yard.',
    ]);
  });

  it('keeps a line when the shop cannot be reached', async () => {
    cartStore.add(productCardOf(lace));
    const outcome = await recheckCart(cartStore.getLines(), async () => {
      throw new ApiError(0, 'Network error');
    });
    expect(outcome.changes).toEqual([]);
    expect(applyRecheck(cartStore.getLines(), outcome)).toEqual(cartStore.getLines());
  });

  it('never leaves a quantity off the new step', async () => {
    cartStore.add(productCardOf(yardLace), 250);
    const outcome = await recheckCart(cartStore.getLines(), async () => aLaceByTheYard({ step: 1, minQuantity: 1 }));
    expect(outcome.changes).toEqual(['The quantity of French Lace, Ivory changed to 2 yd, as it is sold now.']);
    expect(applyRecheck(cartStore.getLines(), outcome).map((line) => line.hundredths)).toEqual([200]);
  });
});

describe('a line’s picture', () => {
  it('is the card’s thumb when added from a list, and stays the thumb when the drawer re-checks the whole product', async () => {
    const ribbon = aProduct({ id: 'p7', images: ['/images/demo/satin-1-full.webp', '/images/demo/satin-2-full.webp'] });
    cartStore.add(productCardOf(ribbon));
    expect(cartStore.getLines()[0]?.image).toBe('/images/demo/satin-1-thumb.webp');
    const outcome = await recheckCart(cartStore.getLines(), async () => ({
      ...ribbon,
      images: ['/images/demo/satin-3-full.webp'],
    }));
    expect(outcome.updates.get('p7')?.image).toBe('/images/demo/satin-3-thumb.webp');
  });
});
