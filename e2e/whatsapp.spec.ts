import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createVerifiedCustomer, logIn, PASSWORD, trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { outputDir, useBrowser } from './fixtures/browser';
import { type ApiProduct, addToCart, fillShipping, naira, placeOrder, productsToBuy } from './fixtures/checkout';

// WhatsApp links (issue 25 item 2): the product page shares itself and asks the shop about it,
// the cart drawer and an order page send their items and total to the shop's number from the
// settings. Links only: their addresses and messages are read here, never followed (no internet).

const shop = useBrowser();
const baseUrl = inject('baseUrl');

type ShopInfo = { name: string; whatsapp: string };

/** The shop's public details as every page gets them (GET /api/settings). */
async function shopInfo(): Promise<ShopInfo> {
  return (await fetch(`${baseUrl}/api/settings`)).json();
}

/** The settings keep a number as `+2348012345678`; wa.me wants its digits alone. */
const chatPrefix = (info: ShopInfo) => `https://wa.me/${info.whatsapp.replace(/^\+/, '')}?text=`;

const messageOf = (href: string | null) => new URL(href ?? '').searchParams.get('text');

/** The product page's price, as formatUnitPrice writes a piece's: ₦4,500, with kobo only when it has them. */
const pagePrice = (price: number) => (Number.isInteger(price) ? naira(price).replace(/\.00$/, '') : naira(price));

async function themed(page: Page, mode: 'light' | 'dark') {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: mode });
  await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
}

const link = (page: Page, name: string) => page.getByRole('link', { name: `${name} (opens WhatsApp in a new tab)` });

async function expectNewTab(page: Page, name: string) {
  const target = link(page, name);
  expect(await target.getAttribute('target')).toBe('_blank');
  expect(await target.getAttribute('rel')).toBe('noopener noreferrer');
  // The icon is drawn inline and hidden from screen readers; nothing is loaded from WhatsApp.
  expect(await target.locator('svg').getAttribute('aria-hidden')).toBe('true');
}

describe('WhatsApp links', () => {
  for (const [width, mode] of [
    [1280, 'light'],
    [375, 'dark'],
  ] as const) {
    it(`a product page shares itself and asks the shop about it, its address the canonical one (${width} px, ${mode})`, async () => {
      const [product] = (await productsToBuy(1)) as [ApiProduct];
      const info = await shopInfo();
      const { page, context, errors } = await shop.newPage({ width, height: 900 });
      const problems = trackProblems(page, errors);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await themed(page, mode);
      await page.goto(`/products/${product.slug}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

      const address = (await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '';
      expect(address).toBe(`${baseUrl}/products/${product.slug}`);
      const price = pagePrice(product.price);
      expect(await page.getByTestId('product-price').textContent()).toBe(price);

      const share = await link(page, 'Share on WhatsApp').getAttribute('href');
      expect(share?.startsWith('https://wa.me/?text=')).toBe(true);
      expect(messageOf(share)).toBe(`${product.name}, ${price}\n${address}`);
      const ask = await link(page, 'Ask about this on WhatsApp').getAttribute('href');
      expect(ask?.startsWith(chatPrefix(info))).toBe(true);
      expect(messageOf(ask)).toBe(`Hello ${info.name}, I'd like to ask about ${product.name} (${price}).\n${address}`);
      await expectNewTab(page, 'Share on WhatsApp');
      await expectNewTab(page, 'Ask about this on WhatsApp');

      // The page as the server drew it carries the same links the started app shows (no mismatch).
      const drawn = await (await fetch(`${baseUrl}/products/${product.slug}`)).text();
      const drawnHrefs = [...drawn.matchAll(/href="(https:\/\/wa\.me\/[^"]*\?text=[^"]*)"/g)].map((match) =>
        (match[1] ?? '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&'),
      );
      expect(drawnHrefs).toEqual([share, ask]);

      // Both fit a phone's width, side by side or one under the other.
      for (const name of ['Share on WhatsApp', 'Ask about this on WhatsApp']) {
        const box = await link(page, name).boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      }
      await link(page, 'Share on WhatsApp').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(outputDir, `whatsapp-product-${width}-${mode}.png`) });
      expect(await seriousViolations(page, `product page with WhatsApp links (${width} px, ${mode})`)).toEqual([]);
      expect(requests.filter((url) => /whatsapp|wa\.me/i.test(new URL(url).hostname))).toEqual([]);
      expect(problems()).toEqual([]);
      await context.close();
    });
  }

  it('the cart drawer sends its two lines and subtotal to the shop’s number', async () => {
    const [first, second] = (await productsToBuy(2)) as [ApiProduct, ApiProduct];
    const info = await shopInfo();
    const { page, context, errors } = await shop.newPage({ width: 375, height: 800 });
    const problems = trackProblems(page, errors);
    await addToCart(page, first, 1);
    await addToCart(page, second, 2);
    await page.getByRole('button', { name: /^Cart/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await drawer.getByTestId('cart-line').nth(1).waitFor();
    const send = drawer.getByRole('link', { name: 'Send cart on WhatsApp (opens WhatsApp in a new tab)' });
    await send.waitFor();
    const href = await send.getAttribute('href');
    expect(href?.startsWith(chatPrefix(info))).toBe(true);
    // The cart adds newest first or last as it will: the message follows the drawer's order.
    const names = await drawer.getByTestId('cart-line').getByRole('link').allTextContents();
    const byName = new Map([first, second].map((product) => [product.name, product]));
    expect(messageOf(href)).toBe(
      [
        `Hello ${info.name}, I'd like to order what is in my cart:`,
        ...names.map((name) => `- ${name}: 1 piece, ${naira(byName.get(name)?.price ?? Number.NaN)}`),
        `Subtotal: ${naira(first.price + second.price)}`,
      ].join('\n'),
    );
    expect(await drawer.getByTestId('cart-subtotal').textContent()).toBe(naira(first.price + second.price));
    await expectNewTab(page, 'Send cart on WhatsApp');
    await page.screenshot({ path: path.join(outputDir, 'whatsapp-cart-375.png') });
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('an order page sends its number, its item and its total to the shop’s number', async () => {
    const [product] = (await productsToBuy(1)) as [ApiProduct];
    const info = await shopInfo();
    const { page, context, errors } = await shop.newPage({ width: 1280, height: 900 });
    const problems = trackProblems(page, errors);
    const { email } = await createVerifiedCustomer();
    await logIn(page, email, PASSWORD);
    await addToCart(page, product, 1);
    await page.goto('/checkout');
    await fillShipping(page, { city: 'Surulere', state: 'Lagos', area: 'Surulere' });
    const orderNumber = await placeOrder(page, /^Regular delivery/, /^Pay on delivery/);
    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    const total = (await page.locator('[data-field="total"]').textContent()) ?? '';
    // Regular delivery in Lagos is ₦1,000 on top of the item.
    expect(total).toBe(naira(product.price + 1_000));
    const send = link(page, 'Send order on WhatsApp');
    const href = await send.getAttribute('href');
    expect(href?.startsWith(chatPrefix(info))).toBe(true);
    expect(messageOf(href)).toBe(
      [
        `Hello ${info.name}, I'm writing about my order ${orderNumber}:`,
        `- ${product.name}: 1 piece, ${naira(product.price)}`,
        `Total: ${total}`,
      ].join('\n'),
    );
    await expectNewTab(page, 'Send order on WhatsApp');
    await page.screenshot({ path: path.join(outputDir, 'whatsapp-order-1280.png') });
    expect(await seriousViolations(page, 'order page with its WhatsApp link')).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
