import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outputDir, useBrowser } from './fixtures/browser';

const shop = useBrowser();

type ApiProduct = {
  id: string;
  slug: string;
  name: string;
  price: number;
  stock: number;
  /** The card's one small picture. */
  image: string | null;
  unit: string;
  priceBreaks: unknown[];
};

const naira = (amount: number) =>
  new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(amount).replace(/\s/g, '');
const squash = (text: string | null) => (text ?? '').replace(/\s/g, '');

async function productWithStock(min: number, max = 1_000_000): Promise<ApiProduct> {
  const data = await (await fetch(`${shop.baseUrl}/api/products?inStock=true&pageSize=100`)).json();
  // Counted in whole pieces, at one price (lengths and packs: units-of-sale.spec.ts).
  const product = (data.products as ApiProduct[]).find(
    (p) => p.unit === 'piece' && p.priceBreaks.length === 0 && p.stock >= min && p.stock <= max,
  );
  if (!product) throw new Error(`no product with stock between ${min} and ${max}`);
  return product;
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart/ });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' });

async function badge(page: Page): Promise<string | null> {
  const count = page.getByTestId('cart-count');
  return (await count.count()) ? count.textContent() : null;
}

// NOTE: on a product page the product's own Add to Cart comes first; related products follow.
describe('a visitor keeping a cart', () => {
  it('sees an empty cart with a Start Shopping link, and Escape closes it and gives focus back', async () => {
    const { page, context, errors } = await shop.newPage();
    await page.goto('/about');
    await cartButton(page).focus();
    await page.keyboard.press('Enter');
    await drawer(page).getByText('Your cart is empty').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer(page).count()).toBe(0);
    expect(await cartButton(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await cartButton(page).click();
    await drawer(page).getByRole('link', { name: 'Start Shopping' }).click();
    await page.waitForURL((url) => url.pathname === '/shop');
    expect(await drawer(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds from a product card with a toast, raises the quantity on a second add, and counts on the header icon', async () => {
    const { page, context, errors } = await shop.newPage();
    await page.goto('/shop');
    const card = page.locator('main article').filter({ has: page.getByRole('button', { name: /^Add to Cart/ }) });
    await card.first().waitFor();
    const name = (await card.first().getByRole('link').textContent()) ?? '';
    const addButton = card.first().getByRole('button', { name: /^Add to Cart/ });

    await addButton.click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: `${name} added to your cart` });
    await toast.first().waitFor();
    await expect.poll(() => badge(page)).toBe('1');
    // Top-right, 320 px wide (SPEC.md §8, §9).
    const container = page.locator('.Toastify__toast-container');
    expect(await container.getAttribute('class')).toContain('Toastify__toast-container--top-right');
    const box = await toast.first().boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(320);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1280 - 40);
    await page.screenshot({ path: path.join(outputDir, 'cart-toast-1280.png') });

    await addButton.click();
    await expect.poll(() => badge(page)).toBe('2');
    await cartButton(page).click();
    const lines = drawer(page).getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().getByTestId('cart-line-quantity').textContent()).toContain('2');
    expect(await lines.first().getByRole('link').textContent()).toBe(name);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes a toast by itself after 5 seconds, and Alt+T moves focus to the notifications', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/shop');
    await page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    const toast = page.locator('.Toastify__toast');
    await toast.first().waitFor();
    await page.keyboard.press('Alt+KeyT');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.Toastify__toast-container') !== null))
      .toBe(true);
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.mouse.move(5, 400);
    await page.waitForTimeout(3000);
    expect(await toast.count()).toBe(1);
    await expect.poll(() => toast.count(), { timeout: 5000 }).toBe(0);
    await context.close();
  });

  it('shows toasts 320 px wide at the top right, and a drag across 80 % of one dismisses it', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/shop');
    const addButtons = page.getByRole('button', { name: /^Add to Cart/ });
    await addButtons.first().click();
    const toast = page.locator('.Toastify__toast');
    await toast.first().waitFor();
    // Measured once its entrance animation has finished.
    await expect.poll(() => toast.first().evaluate((el) => el.getAnimations().length)).toBe(0);
    const box = await toast.first().boundingBox();
    if (!box) throw new Error('the toast has no box');
    expect(Math.round(box.width)).toBe(320);
    expect(1280 - (box.x + box.width)).toBeLessThan(40);
    // Top right, just under the header so it never covers the cart button.
    const header = await page.locator('header').first().boundingBox();
    expect(box.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
    expect(box.y).toBeLessThan(120);

    const drag = async (fraction: number) => {
      const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + box.width * fraction, start.y, { steps: 8 });
      await page.mouse.up();
    };
    // A short drag springs back; a long one closes it.
    await drag(0.3);
    await expect
      .poll(() =>
        toast
          .first()
          .boundingBox()
          .then((b) => Math.round(b?.x ?? 0)),
      )
      .toBe(Math.round(box.x));
    expect(await toast.count()).toBe(1);
    await drag(0.9);
    await expect.poll(() => toast.count(), { timeout: 3000 }).toBe(0);
    await context.close();
  });

  it('changes quantities between 1 and the stock, shows the subtotal with two decimals, removes a line and links to checkout', async () => {
    const product = await productWithStock(2, 4);
    const { page, context, errors } = await shop.newPage();
    await page.goto(`/products/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await expect.poll(() => badge(page)).toBe('1');
    await cartButton(page).click();
    const line = drawer(page).getByTestId('cart-line');
    await line.waitFor();
    expect(squash(await line.getByTestId('cart-line-price').textContent())).toBe(naira(product.price));
    const minus = line.getByRole('button', { name: `Decrease quantity of ${product.name}` });
    const plus = line.getByRole('button', { name: `Increase quantity of ${product.name}` });
    expect(await minus.isDisabled()).toBe(true);
    for (let i = 1; i < product.stock; i++) await plus.click();
    await expect.poll(() => line.getByTestId('cart-line-quantity').textContent()).toContain(String(product.stock));
    expect(await plus.isDisabled()).toBe(true);
    expect(squash(await drawer(page).getByTestId('cart-subtotal').textContent())).toBe(
      naira(product.price * product.stock),
    );
    expect(await drawer(page).getByTestId('cart-subtotal').textContent()).toMatch(/\.\d\d$/);
    expect(await drawer(page).getByTestId('cart-announcer').textContent()).toContain(
      `${product.name}: quantity ${product.stock}`,
    );
    await minus.click();
    await expect.poll(() => badge(page)).toBe(String(product.stock - 1));
    expect(await drawer(page).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    await page.screenshot({ path: path.join(outputDir, 'cart-drawer-1280.png') });

    await line.getByRole('button', { name: `Remove ${product.name}` }).click();
    await drawer(page).getByText('Your cart is empty').waitFor();
    expect(await badge(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('picks a quantity from 1 to the stock on the product page and adds that many; more than the stock is refused with the reason, never changed silently', async () => {
    const product = await productWithStock(3, 50);
    const { page, context } = await shop.newPage();
    await page.goto(`/products/${product.slug}`);
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.waitFor();
    expect(await quantity.inputValue()).toBe('1');
    expect(await page.getByRole('button', { name: 'Decrease quantity', exact: true }).isDisabled()).toBe(true);
    const add = page.getByRole('button', { name: /^Add to Cart/ }).first();
    const problem = page.locator('main [role="alert"]');
    await quantity.fill(String(product.stock + 1));
    await quantity.press('Tab');
    await expect.poll(() => problem.allTextContents()).toContain(`Only ${product.stock} left in stock`);
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    expect(await add.isDisabled()).toBe(true);
    // More than one order takes of anything sold by the piece.
    await quantity.fill('999');
    await quantity.press('Tab');
    await expect.poll(() => problem.allTextContents()).toContain('One order can take at most 99 of this');
    await quantity.fill('3');
    await quantity.press('Tab');
    await expect.poll(() => quantity.getAttribute('aria-invalid')).toBeNull();
    await page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await expect.poll(() => badge(page)).toBe('3');
    await context.close();
  });

  it('keeps the cart across a reload and in a new tab, and a change in one tab shows in the other', async () => {
    const product = await productWithStock(2);
    const { page, context } = await shop.newPage();
    await page.goto(`/products/${product.slug}`);
    await page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await expect.poll(() => badge(page)).toBe('1');
    await page.reload();
    await expect.poll(() => badge(page)).toBe('1');

    const other = await context.newPage();
    await other.goto('/about');
    await expect.poll(() => badge(other)).toBe('1');
    await other.goto(`/products/${product.slug}`);
    await other
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await expect.poll(() => badge(other)).toBe('2');
    await expect.poll(() => badge(page)).toBe('2');
    await context.close();
  });

  it('re-checks prices and stock when the drawer opens and says what changed', async () => {
    const product = await productWithStock(1, 20);
    const { page, context } = await shop.newPage();
    const stale = [
      {
        productId: product.id,
        slug: product.slug,
        name: product.name,
        price: product.price + 500,
        image: product.image,
        stock: 999,
        quantity: product.stock + 5,
      },
      {
        productId: '00000000-0000-0000-0000-000000000000',
        slug: 'discontinued-lace',
        name: 'Discontinued Lace',
        price: 100,
        image: undefined,
        stock: 5,
        quantity: 1,
      },
    ];
    await page.addInitScript((lines) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('cart', JSON.stringify(lines));
        sessionStorage.setItem('seeded', '1');
      }
    }, stale);
    await page.goto('/about');
    await expect.poll(() => badge(page)).toBe(String(product.stock + 6));
    await cartButton(page).click();
    const changes = drawer(page).getByTestId('cart-changes');
    await changes.waitFor();
    const text = (await changes.textContent()) ?? '';
    expect(squash(text)).toContain(
      squash(`The price of ${product.name} changed from ${naira(product.price + 500)} to ${naira(product.price)}.`),
    );
    expect(text).toContain(
      `Only ${product.stock} of ${product.name} left in stock: quantity lowered to ${product.stock}.`,
    );
    expect(text).toContain('Discontinued Lace is no longer available and was removed from your cart.');
    await expect.poll(() => drawer(page).getByTestId('cart-line').count()).toBe(1);
    expect(squash(await drawer(page).getByTestId('cart-subtotal').textContent())).toBe(
      naira(product.price * product.stock),
    );
    await expect.poll(() => badge(page)).toBe(String(product.stock));
    await context.close();
  });
  it('on a phone, the drawer fills the screen and Tab stays inside it', async () => {
    const product = await productWithStock(2);
    const { page, context } = await shop.newPage({ width: 375, height: 740 });
    await page.goto(`/products/${product.slug}`);
    await page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await expect.poll(() => badge(page)).toBe('1');
    await cartButton(page).click();
    await drawer(page).getByTestId('cart-line').waitFor();
    const box = await drawer(page).boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(375);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.screenshot({ path: path.join(outputDir, 'cart-drawer-375.png') });
    await context.close();
  });
});
