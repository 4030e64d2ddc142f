// @vitest-environment jsdom
import {
  breakSavingPercent,
  formatNaira,
  formatPriceBreak,
  type Product,
  priceLineKobo,
  QUANTITY_MESSAGES,
  saleTermsOf,
} from '@shop/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPublicOrigin } from '../../lib/public-origin';
import { aLaceByTheYard, aPackOfButtons, aShopInfo } from '../../testing/fixtures';
import { fakeApi, renderRoute } from '../../testing/render-route';
import { cartStore } from '../cart/cart-store';

// The first render of a page loads its lazy chunk, which a busy machine may take seconds over.
const slow = { timeout: 5000 };

const lace = aLaceByTheYard();
const buttons = aPackOfButtons();

async function openProduct(product: Product) {
  fakeApi({
    [`/api/products/${product.slug}`]: { product },
    [`/api/products/${product.id}/related`]: { products: [] },
  });
  renderRoute(`/products/${product.slug}`);
  await screen.findByRole('heading', { level: 1, name: product.name }, slow);
}

beforeEach(() => {
  window.localStorage.clear();
  cartStore.resetForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('a product page', () => {
  describe('its WhatsApp links', () => {
    const message = (href: string | null) => new URL(href ?? '').searchParams.get('text');
    beforeEach(() => {
      // The drawn page's canonical link names the shop's public address (PUBLIC_URL).
      const canonical = document.createElement('link');
      canonical.rel = 'canonical';
      canonical.href = `https://shop.example.com/products/${lace.slug}`;
      document.head.append(canonical);
      resetPublicOrigin();
    });
    afterEach(() => {
      document.head.querySelector('link[rel="canonical"]')?.remove();
      resetPublicOrigin();
    });

    async function openWithShop(shop = aShopInfo()) {
      fakeApi({
        [`/api/products/${lace.slug}`]: { product: lace },
        [`/api/products/${lace.id}/related`]: { products: [] },
        '/api/settings': shop,
      });
      renderRoute(`/products/${lace.slug}`);
      await screen.findByRole('heading', { level: 1, name: lace.name }, slow);
    }

    it('shares the product and asks the shop about it, with its name, price per unit and address', async () => {
      await openWithShop();
      const address = `https://shop.example.com/products/${lace.slug}`;
      const share = screen.getByRole('link', { name: 'Share on WhatsApp (opens WhatsApp in a new tab)' });
      expect(share.getAttribute('href')).toBe(
        `https://wa.me/?text=${encodeURIComponent(`French Lace, Ivory, ₦1,200 / yard\n${address}`)}`,
      );
      const ask = await screen.findByRole(
        'link',
        { name: 'Ask about this on WhatsApp (opens WhatsApp in a new tab)' },
        slow,
      );
      expect(ask.getAttribute('href')).toBe(
        `https://wa.me/2348094445566?text=${encodeURIComponent(
          `Hello Stitch & Trim Supplies, I'd like to ask about French Lace, Ivory (₦1,200 / yard).\n${address}`,
        )}`,
      );
      expect(message(ask.getAttribute('href'))).toContain('₦1,200 / yard');
      for (const link of [share, ask]) {
        expect(link.getAttribute('target')).toBe('_blank');
        expect(link.getAttribute('rel')).toBe('noopener noreferrer');
        expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
      }
    });

    it('keeps the share link but offers no chat with the shop when its number is not usable', async () => {
      await openWithShop(aShopInfo({ whatsapp: '12345' }));
      expect(screen.getByRole('link', { name: /Share on WhatsApp/ })).toBeTruthy();
      // The settings have arrived (the footer shows them) and still no chat link.
      await screen.findByText('care@stitchandtrim.test', {}, slow);
      expect(screen.queryByRole('link', { name: /Ask about this on WhatsApp/ })).toBeNull();
    });
  });

  it('shows the price per unit, the stock in the unit and starts the quantity at the minimum', async () => {
    await openProduct(lace);
    expect(screen.getByTestId('product-price').textContent).toBe('₦1,200 / yard');
    expect(screen.getByTestId('stock-badge').textContent).toBe('37.5 yd left');
    const field = screen.getByRole('spinbutton', { name: 'Quantity (yards)' }) as HTMLInputElement;
    expect(field.value).toBe('1');
    expect(screen.getByTestId('line-total').textContent).toBe('Total for 1 yd: ₦1,200.00');
    cleanup();
    vi.unstubAllGlobals();
    await openProduct(buttons);
    expect(screen.getByTestId('product-price').textContent).toBe('₦2,500 / pack of 12');
    expect(screen.getByTestId('quantity-words').textContent).toBe('= 1 pack (12 buttons)');
  });

  it('lists the price breaks with their saving', async () => {
    await openProduct(lace);
    const breaks = within(screen.getByRole('region', { name: 'Bulk prices' }));
    const terms = saleTermsOf(lace);
    expect(breaks.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `${formatPriceBreak(terms, { minHundredths: 1000, priceKobo: 105_000 })}save ${breakSavingPercent(120_000, 105_000)}%`,
    ]);
    expect(breaks.getByText('10 yards or more: ₦1,050 / yard')).toBeTruthy();
    expect(breaks.getByText('save 12%')).toBeTruthy();
  });

  it('updates the line total as the quantity changes, and says when the break applies', async () => {
    await openProduct(lace);
    const field = screen.getByRole('spinbutton', { name: 'Quantity (yards)' });
    fireEvent.change(field, { target: { value: '9.5' } });
    fireEvent.blur(field);
    expect(screen.getByTestId('line-total').textContent).toBe('Total for 9.5 yd: ₦11,400.00');
    expect(screen.queryByTestId('line-total-break')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    const total = formatNaira(priceLineKobo(120_000, saleTermsOf(lace), 1000).lineTotalKobo / 100);
    expect(total).toBe('₦10,500.00');
    expect(screen.getByTestId('line-total').textContent).toContain(`Total for 10 yd: ${total}`);
    expect(screen.getByTestId('line-total-break').textContent).toBe(
      ' (bulk price ₦1,050.00 / yard instead of ₦1,200.00)',
    );
  });

  it('puts the chosen quantity in the cart', async () => {
    await openProduct(lace);
    const field = screen.getByRole('spinbutton', { name: 'Quantity (yards)' });
    fireEvent.change(field, { target: { value: '2.5' } });
    fireEvent.blur(field);
    fireEvent.click(screen.getByRole('button', { name: /^Add to Cart/ }));
    expect(cartStore.getLines().map((line) => [line.productId, line.hundredths])).toEqual([['p-lace', 250]]);
  });

  it('will not add while the typed quantity is refused, and says why', async () => {
    await openProduct(lace);
    const field = screen.getByRole('spinbutton', { name: 'Quantity (yards)' });
    fireEvent.change(field, { target: { value: '2.3' } });
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toBe(QUANTITY_MESSAGES.offStep(saleTermsOf(lace)));
    const add = screen.getByRole('button', { name: /^Add to Cart/ }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(cartStore.getLines()).toEqual([]);
  });

  it('is out of stock when less than the minimum is left', async () => {
    await openProduct(aLaceByTheYard({ stock: 0.5 }));
    expect(screen.getByTestId('stock-badge').textContent).toBe('Out of stock');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add to Cart/ })).toBeNull();
  });
});
