// @vitest-environment jsdom
import {
  formatNaira,
  type Product,
  priceLineKobo,
  productCardOf,
  QUANTITY_MESSAGES,
  type ShopInfo,
  saleTermsOf,
} from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aLaceByTheYard, aPackOfButtons, aProduct, aShopInfo } from '../../../testing/fixtures';
import { shopInfoQueryKey } from '../../shop-info/api/get-shop-info';
import { cartStore } from '../cart-store';
import { CartDrawer } from './cart-drawer';

const lace = aLaceByTheYard();
const buttons = aPackOfButtons();
const catalogue: Record<string, Product> = { [lace.id]: lace, [buttons.id]: buttons };

function openDrawer(
  fetchProduct = vi.fn(async (id: string) => catalogue[id] as Product),
  shop: ShopInfo = aShopInfo(),
) {
  // The shop's details as a drawn page brings them (GET /api/settings), for the WhatsApp link.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(shopInfoQueryKey, shop);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <CartDrawer open onClose={() => {}} fetchProduct={fetchProduct} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchProduct;
}

const lineOf = async (name: string) =>
  (await screen.findAllByTestId('cart-line')).find((line) => line.textContent?.includes(name)) as HTMLElement;

beforeEach(() => {
  window.localStorage.clear();
  cartStore.resetForTests();
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('the cart drawer', () => {
  it('sends the cart to the shop’s WhatsApp: each line’s name, quantity in its unit and total, then the subtotal', async () => {
    cartStore.add(productCardOf(lace), 250);
    cartStore.add(productCardOf(buttons), 300);
    openDrawer();
    // The drawer's lines are a chunk of their own (cart-drawer-lines.tsx): the file's first test
    // waits for its import, which a busy machine can take past the default second.
    const link = await screen.findByRole(
      'link',
      { name: 'Send cart on WhatsApp (opens WhatsApp in a new tab)' },
      { timeout: 10_000 },
    );
    const message = [
      "Hello Stitch & Trim Supplies, I'd like to order what is in my cart:",
      '- French Lace, Ivory: 2.5 yd, ₦3,000.00',
      '- Gold Shank Buttons: 3 packs (36 buttons), ₦7,500.00',
      'Subtotal: ₦10,500.00',
    ].join('\n');
    expect(link.getAttribute('href')).toBe(`https://wa.me/2348094445566?text=${encodeURIComponent(message)}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // It follows the cart: one line fewer, a new subtotal.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Gold Shank Buttons' }));
    const after = new URL(
      screen.getByRole('link', { name: /Send cart on WhatsApp/ }).getAttribute('href') ?? '',
    ).searchParams.get('text');
    expect(after).toBe(
      [
        "Hello Stitch & Trim Supplies, I'd like to order what is in my cart:",
        '- French Lace, Ivory: 2.5 yd, ₦3,000.00',
        'Subtotal: ₦3,000.00',
      ].join('\n'),
    );
  });

  it('offers no WhatsApp link when the settings hold no number WhatsApp can open', async () => {
    cartStore.add(productCardOf(lace), 250);
    openDrawer(undefined, aShopInfo({ whatsapp: '12345' }));
    await lineOf('French Lace');
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('shows each line’s quantity in its unit, the price per unit it pays and its total', async () => {
    cartStore.add(productCardOf(lace), 250);
    cartStore.add(productCardOf(buttons), 300);
    openDrawer();
    const laceLine = await lineOf('French Lace');
    expect(within(laceLine).getByTestId('cart-line-quantity').textContent).toBe('2.5 yd');
    expect(within(laceLine).getByTestId('cart-line-price').textContent).toBe('₦1,200.00 / yard');
    expect(within(laceLine).getByTestId('cart-line-total').textContent).toBe('₦3,000.00');
    expect(within(laceLine).queryByTestId('cart-line-list-price')).toBeNull();
    const buttonLine = await lineOf('Gold Shank Buttons');
    expect(within(buttonLine).getByTestId('cart-line-quantity').textContent).toBe('3 packs (36 buttons)');
    expect(within(buttonLine).getByTestId('cart-line-price').textContent).toBe('₦2,500.00 / pack of 12');
    expect(within(buttonLine).getByTestId('cart-line-total').textContent).toBe('₦7,500.00');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('₦10,500.00');
  });

  it('lowers the price per yard, strikes the plain one and updates the totals as the quantity crosses a break', async () => {
    cartStore.add(productCardOf(lace), 950);
    openDrawer();
    const line = await lineOf('French Lace');
    expect(within(line).getByTestId('cart-line-total').textContent).toBe('₦11,400.00');
    fireEvent.click(within(line).getByRole('button', { name: 'Increase quantity of French Lace, Ivory' }));
    expect(within(line).getByTestId('cart-line-quantity').textContent).toBe('10 yd');
    expect(within(line).getByTestId('cart-line-price').textContent).toBe('₦1,050.00 / yard');
    expect(within(line).getByTestId('cart-line-list-price').textContent).toBe('was ₦1,200.00');
    const priced = priceLineKobo(120_000, saleTermsOf(lace), 1000);
    expect(within(line).getByTestId('cart-line-total').textContent).toBe(formatNaira(priced.lineTotalKobo / 100));
    expect(within(line).getByTestId('cart-line-total').textContent).toBe('₦10,500.00');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('₦10,500.00');
    expect(screen.getByTestId('cart-announcer').textContent).toBe('French Lace, Ivory: quantity 10 yd, ₦10,500.00.');
    // And back under the break, the plain price again.
    fireEvent.click(within(line).getByRole('button', { name: 'Decrease quantity of French Lace, Ivory' }));
    expect(within(line).getByTestId('cart-line-price').textContent).toBe('₦1,200.00 / yard');
    expect(within(line).queryByTestId('cart-line-list-price')).toBeNull();
  });

  it('takes a typed quantity, and refuses one off the step without changing the line', async () => {
    cartStore.add(productCardOf(lace), 250);
    openDrawer();
    const line = await lineOf('French Lace');
    const field = within(line).getByRole('spinbutton', { name: 'Quantity (yards) of French Lace, Ivory' });
    fireEvent.change(field, { target: { value: '4.2' } });
    fireEvent.blur(field);
    expect(within(line).getByRole('alert').textContent).toBe(QUANTITY_MESSAGES.offStep(saleTermsOf(lace)));
    expect(cartStore.getLines()[0]?.hundredths).toBe(250);
    fireEvent.change(field, { target: { value: '4.5' } });
    fireEvent.blur(field);
    expect(cartStore.getLines()[0]?.hundredths).toBe(450);
    expect(within(line).getByTestId('cart-line-total').textContent).toBe('₦5,400.00');
  });

  it('re-checks every line on opening and says what changed', async () => {
    cartStore.add(productCardOf(lace), 500);
    cartStore.add(productCardOf(aProduct({ id: 'p-ribbon', name: 'Ribbon' })), 200);
    const fetchProduct = openDrawer(
      vi.fn(async (id: string) =>
        id === lace.id ? aLaceByTheYard({ stock: 3.5 }) : aProduct({ id: 'p-ribbon', name: 'Ribbon', price: 1600 }),
      ),
    );
    const changes = await screen.findByTestId('cart-changes');
    expect([...changes.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Only 3.5 yd of French Lace, Ivory left in stock: quantity lowered to 3.5 yd.',
      'The price of Ribbon changed from ₦1,500.00 to ₦1,600.00.',
    ]);
    expect(fetchProduct.mock.calls.map(([id]) => id)).toEqual([lace.id, 'p-ribbon']);
    expect(within(await lineOf('French Lace')).getByTestId('cart-line-quantity').textContent).toBe('3.5 yd');
    expect(within(await lineOf('Ribbon')).getByTestId('cart-line-quantity').textContent).toBe('2 pieces');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('₦7,400.00');
  });
});
