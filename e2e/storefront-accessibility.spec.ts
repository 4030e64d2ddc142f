import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { wholeProducts } from './fixtures/products';

const shop = useBrowser();

type ApiProduct = { slug: string; name: string; stock: number; images: string[] };
type ApiCategory = { id: string; name: string };

async function catalogue() {
  const products = (await (await fetch(`${shop.baseUrl}/api/products?inStock=true&pageSize=50`)).json())
    .products as ApiProduct[];
  const { categories } = (await (await fetch(`${shop.baseUrl}/api/categories`)).json()) as {
    categories: ApiCategory[];
  };
  const product = products.find((p) => p.stock >= 2);
  const category = categories[0];
  if (!product || !category) throw new Error('the demo catalogue has no product in stock or no category');
  return { product, category };
}

const firstCard = (page: Page, list: string) =>
  page.getByRole('list', { name: list }).locator(':scope > li').first().waitFor();

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, most = 80 } = {}) {
  await target.waitFor();
  for (let i = 0; i < most; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} not reached with ${most} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** The focused element draws a focus ring a sighted keyboard user can see. */
const focusRingShown = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
  });

describe('the storefront for visitors using assistive technology', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation on any storefront page in ${mode} mode`, async () => {
      const { product, category } = await catalogue();
      const { page, context } = await shop.newPage();
      // Transitions over; colours are measured as they finally are.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
      const found: string[] = [];

      await page.goto('/');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      await firstCard(page, 'Featured products');
      await firstCard(page, 'Hot buy products');
      found.push(...(await seriousViolations(page, 'home')));

      await page.goto('/shop');
      await firstCard(page, 'Products');
      found.push(...(await seriousViolations(page, 'shop')));

      await page.goto(`/categories/${category.id}`);
      await firstCard(page, `${category.name} products`);
      found.push(...(await seriousViolations(page, 'category')));

      await page.goto('/search?q=lace');
      await firstCard(page, 'Search results');
      found.push(...(await seriousViolations(page, 'search')));

      await page.goto(`/products/${product.slug}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await firstCard(page, 'Related products');
      await page
        .getByRole('button', { name: /^Add to Cart/ })
        .first()
        .click();
      await page.locator('.Toastify__toast').first().waitFor();
      found.push(...(await seriousViolations(page, 'product with a toast')));

      await page.getByRole('button', { name: /^Cart/ }).click();
      await page.getByRole('dialog', { name: 'Your Cart' }).getByTestId('cart-line').waitFor();
      found.push(...(await seriousViolations(page, 'cart drawer')));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('searchbox', { name: 'Search products' }).fill('lace');
      await page.getByRole('list', { name: 'Search suggestions' }).waitFor();
      found.push(...(await seriousViolations(page, 'search drawer')));
      await page.keyboard.press('Escape');

      await page.goto('/about');
      await page.getByRole('heading', { name: 'Meet the team' }).waitFor();
      found.push(...(await seriousViolations(page, 'about')));

      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Full name is required').waitFor();
      found.push(...(await seriousViolations(page, 'contact with its field errors')));

      await page.setViewportSize({ width: 375, height: 740 });
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Shop' }).waitFor();
      found.push(...(await seriousViolations(page, 'mobile menu at 375 px')));

      expect(found, `axe found in ${mode} mode:\n${found.join('\n')}`).toEqual([]);
      await context.close();
    });
  }

  it('uses the shop by keyboard alone: skip link, search, gallery, quantity, cart and notifications', async () => {
    const products = await wholeProducts<ApiProduct>(shop.baseUrl, '/api/products?inStock=true&pageSize=100');
    const product = products.find((p) => p.images.length >= 2 && p.stock >= 3);
    if (!product) throw new Error('no product with two images and three in stock in the demo catalogue');
    const count = product.images.length;
    const { page, context, errors } = await shop.newPage();
    const keys = page.keyboard;

    await page.goto('/shop');
    await firstCard(page, 'Products');
    await keys.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await isFocused(skip)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await keys.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await keys.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);

    // The header search, back up from the page, to a live result.
    await tabTo(page, page.getByRole('button', { name: 'Search', exact: true }), { backwards: true });
    expect(await focusRingShown(page)).toBe(true);
    await keys.press('Enter');
    expect(await isFocused(page.getByRole('searchbox', { name: 'Search products' }))).toBe(true);
    await keys.type('lace');
    const result = page.getByRole('list', { name: 'Search suggestions' }).getByRole('link').first();
    await tabTo(page, result);
    expect(await focusRingShown(page)).toBe(true);
    const resultHref = await result.getAttribute('href');
    await keys.press('Enter');
    await page.waitForURL(`**${resultHref}`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The gallery: arrows move the image and the focus together.
    await page.goto(`/products/${product.slug}`);
    await tabTo(page, page.getByRole('button', { name: `Show image 1 of ${count}` }));
    expect(await focusRingShown(page)).toBe(true);
    await keys.press('ArrowRight');
    await page.getByRole('img', { name: `${product.name}, image 2 of ${count}` }).waitFor();
    expect(await isFocused(page.getByRole('button', { name: `Show image 2 of ${count}` }))).toBe(true);
    await keys.press('ArrowLeft');
    await keys.press('ArrowLeft');
    await page.getByRole('img', { name: `${product.name}, image ${count} of ${count}` }).waitFor();
    expect(await isFocused(page.getByRole('button', { name: `Show image ${count} of ${count}` }))).toBe(true);

    // Quantity 3 (arrow in the field, then the + button), Add to Cart, and Alt+T to the toast.
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await tabTo(page, quantity);
    await keys.press('ArrowUp');
    expect(await quantity.inputValue()).toBe('2');
    await keys.press('Tab');
    expect(await isFocused(page.getByRole('button', { name: 'Increase quantity', exact: true }))).toBe(true);
    await keys.press('Space');
    expect(await quantity.inputValue()).toBe('3');
    await tabTo(page, page.getByRole('button', { name: /^Add to Cart/ }).first());
    await keys.press('Enter');
    await page.locator('.Toastify__toast').first().waitFor();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('3');
    await keys.press('Alt+KeyT');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.Toastify__toast-container') !== null))
      .toBe(true);

    // The cart drawer: open, one less, Escape, and focus is back on the cart button.
    const cartButton = page.getByRole('button', { name: /^Cart/ });
    await tabTo(page, cartButton, { backwards: true, most: 120 });
    expect(await focusRingShown(page)).toBe(true);
    await keys.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    expect(await isFocused(drawer.getByRole('button', { name: 'Close cart' }))).toBe(true);
    await tabTo(page, drawer.getByRole('button', { name: `Decrease quantity of ${product.name}` }));
    await keys.press('Enter');
    await expect.poll(() => drawer.getByTestId('cart-line-quantity').textContent()).toContain('2');
    await keys.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await isFocused(cartButton)).toBe(true);
    expect(await page.getByTestId('cart-count').textContent()).toBe('2');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens, walks and closes the mobile menu by keyboard at 375 px, and by touch', async () => {
    const { page, context } = await shop.newPage({ width: 375, height: 740, touch: true });
    const keys = page.keyboard;
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    const links = menu.getByRole('link');
    const focusInMenu = () => menu.evaluate((nav) => nav.contains(document.activeElement));

    await tabTo(page, toggle);
    expect(await focusRingShown(page)).toBe(true);
    await keys.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await isFocused(links.first())).toBe(true);
    expect(await focusRingShown(page)).toBe(true);
    const linkCount = await links.count();
    for (let i = 1; i < linkCount; i++) {
      await keys.press('Tab');
      expect(await focusInMenu()).toBe(true);
    }
    await keys.press('Escape');
    expect(await menu.isHidden()).toBe(true);
    expect(await isFocused(toggle)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // Space opens it too; Tab past the last link closes it instead of wandering under it.
    await keys.press('Space');
    expect(await isFocused(links.first())).toBe(true);
    for (let i = 0; i < linkCount; i++) await keys.press('Tab');
    expect(await menu.isHidden()).toBe(true);
    // On to the page's next link, which the open menu no longer covers.
    expect(
      await page.evaluate(() => {
        const focused = document.activeElement;
        return focused?.tagName === 'A' && !document.querySelector('header')?.contains(focused);
      }),
    ).toBe(true);

    await toggle.tap();
    await links.filter({ hasText: 'Shop' }).tap();
    await page.waitForURL((url) => url.pathname === '/shop');
    await expect.poll(() => menu.isHidden()).toBe(true);
    await context.close();
  });
});
