// @vitest-environment jsdom
import { productCardOf } from '@shop/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aLaceByTheYard, aPackOfButtons } from '../../testing/fixtures';
import { cartStore } from '../cart/cart-store';
import { CartSummary } from './components/cart-summary';

beforeEach(() => {
  window.localStorage.clear();
  cartStore.resetForTests();
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('the account’s cart summary', () => {
  it('counts a length as one item and packs by their number, and totals at the break prices', () => {
    cartStore.add(productCardOf(aLaceByTheYard()), 1000);
    cartStore.add(productCardOf(aPackOfButtons()), 300);
    render(<CartSummary showCheckout />, { wrapper: MemoryRouter });
    expect(screen.getByTestId('cart-item-count').textContent).toBe('4');
    // 10 yd at ₦1,050 (the break) and 3 packs at ₦2,500.
    expect(screen.getByTestId('cart-total').textContent).toBe('₦18,000.00');
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
  });
});
