// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { type CartProduct, cartCount, cartStore, cartSubtotal } from './cart-store';
import { applyRecheck, recheckCart } from './recheck-cart';

const lace = { id: 'p1', slug: 'french-lace', name: 'French Lace', price: 1500.5, images: ['/a.webp'], stock: 3 };
const stones = { id: 'p2', slug: 'stones', name: 'Rhinestones', price: 0.1, images: [], stock: 10 };

beforeEach(() => {
  window.localStorage.clear();
  cartStore.resetForTests();
});
afterEach(() => window.localStorage.clear());

describe('the cart store', () => {
  it('adds a new product with quantity 1, and raises an existing one by 1', () => {
    expect(cartStore.add(lace)).toBe('added');
    expect(cartStore.add(lace)).toBe('increased');
    expect(cartStore.getLines()).toHaveLength(1);
    expect(cartStore.getLines()[0]?.quantity).toBe(2);
  });

  it('never goes above the stock when adding', () => {
    cartStore.add(lace, 2);
    cartStore.add(lace, 5);
    expect(cartStore.getLines()[0]?.quantity).toBe(3);
    expect(cartStore.add(lace)).toBe('at-stock-limit');
    expect(cartStore.add({ ...stones, stock: 0 })).toBe('out-of-stock');
    expect(cartStore.getLines()).toHaveLength(1);
  });

  it('keeps quantities between 1 and the stock, and removes a line', () => {
    cartStore.add(lace);
    cartStore.setQuantity('p1', 0);
    expect(cartStore.getLines()[0]?.quantity).toBe(1);
    cartStore.setQuantity('p1', 99);
    expect(cartStore.getLines()[0]?.quantity).toBe(3);
    cartStore.remove('p1');
    expect(cartStore.getLines()).toEqual([]);
  });

  it('survives a reload through localStorage', () => {
    cartStore.add(lace);
    cartStore.add(stones, 3);
    cartStore.resetForTests();
    const lines = cartStore.getLines();
    expect(lines.map((line) => [line.productId, line.quantity])).toEqual([
      ['p1', 1],
      ['p2', 3],
    ]);
  });

  it('takes the version another tab wrote', () => {
    let notified = 0;
    const unsubscribe = cartStore.subscribe(() => notified++);
    const other = [{ productId: 'p9', slug: 'x', name: 'Ribbon', price: 200, image: undefined, stock: 5, quantity: 4 }];
    window.localStorage.setItem('cart', JSON.stringify(other));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    expect(cartStore.getLines()).toEqual(other);
    expect(notified).toBe(1);
    unsubscribe();
  });

  it('ignores a broken stored value', () => {
    window.localStorage.setItem('cart', '{not json');
    expect(cartStore.getLines()).toEqual([]);
  });

  it('counts items and sums the subtotal without floating-point noise', () => {
    cartStore.add(stones, 3);
    cartStore.add(lace, 2);
    expect(cartCount(cartStore.getLines())).toBe(5);
    expect(cartSubtotal(cartStore.getLines())).toBe(3001.3);
  });
});

describe('re-checking the cart against the shop', () => {
  it('updates prices, lowers quantities above the stock, drops missing products and says so', async () => {
    cartStore.add(lace, 3);
    cartStore.add(stones, 2);
    cartStore.add({ ...stones, id: 'p3', name: 'Gone Ribbon' });
    const current: Record<string, CartProduct> = {
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
    expect(next.map((line) => [line.productId, line.price, line.quantity])).toEqual([
      ['p1', 1800, 2],
      ['p2', 0.1, 2],
    ]);
  });

  it('keeps a line when the shop cannot be reached', async () => {
    cartStore.add(lace);
    const outcome = await recheckCart(cartStore.getLines(), async () => {
      throw new ApiError(0, 'Network error');
    });
    expect(outcome.changes).toEqual([]);
    expect(applyRecheck(cartStore.getLines(), outcome)).toEqual(cartStore.getLines());
  });
});
