import { DELIVERY_FEE_KOBO } from '@shop/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, logIn, PASSWORD, trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { type ApiProduct, naira, productsToBuy, squash } from './fixtures/checkout';
import { apiToken, logInAsAdmin, type PlacedOrder, payOrderByApi, placeOrderByApi } from './fixtures/orders';

// A paid order's printable receipt, from the customer's order page and from the admin's: the
// right figures on screen, and in print only the receipt, black on white, whatever the theme.

const shop = useBrowser();

let customer: { email: string; firstName: string; lastName: string; token: string };
let products: ApiProduct[];
let order: PlacedOrder;

beforeAll(async () => {
  const account = await createCustomer({ firstName: 'Chiamaka', lastName: 'Eze' });
  customer = { ...account, token: await apiToken(account.email, PASSWORD) };
  products = await productsToBuy(2);
  // Two of each, Regular delivery, paid with the success card.
  order = await placeOrderByApi(customer, products, 'card', 2);
  await payOrderByApi(customer.token, order.id);
});

const field = async (page: Page, name: string) =>
  squash(await page.locator(`[data-receipt] [data-field="${name}"]`).textContent());

/** The receipt shows this order's figures: items, totals, method and statuses in words. */
async function expectTheRightFigures(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Receipt' }).waitFor();
  expect(await field(page, 'order-number')).toBe(order.orderNumber);
  expect(await field(page, 'shop-name')).toBe(squash('Stitch & Trim Supplies'));
  const rows = page.getByTestId('receipt-item');
  expect(await rows.count()).toBe(2);
  for (const product of products) {
    const cells = (await rows.filter({ hasText: product.name }).getByRole('cell').allTextContents()).map(squash);
    expect(cells).toEqual([squash(product.name), '2', naira(product.price), naira(product.price * 2)]);
  }
  const subtotal = products.reduce((sum, product) => sum + product.price * 2, 0);
  expect(await field(page, 'subtotal')).toBe(naira(subtotal));
  const fee = DELIVERY_FEE_KOBO.REGULAR / 100;
  expect(await field(page, 'delivery-fee')).toBe(naira(fee));
  expect(await page.locator('[data-receipt]').getByText('Delivery (Regular delivery)').count()).toBe(1);
  expect(await field(page, 'total')).toBe(naira(order.totalAmount));
  expect(order.totalAmount).toBe(subtotal + fee);
  expect(await field(page, 'payment-method')).toBe('Card');
  expect(await field(page, 'payment-status')).toBe('Paid');
  expect(await field(page, 'order-status')).toBe('Processing');
  expect(await field(page, 'payment-reference')).toBe(order.orderNumber);
  expect(await field(page, 'paid-at')).toMatch(/WAT$/);
  expect(await page.locator('[data-receipt] [data-field="delivery-address"]').textContent()).toContain(
    '14 Adeniran Ogunsanya Street',
  );
}

const rgb = (page: Page, selector: string, property: 'color' | 'backgroundColor') =>
  page
    .locator(selector)
    .first()
    .evaluate((node, name) => getComputedStyle(node)[name], property);

/** In print: no header, footer, navigation or buttons; black text on a white page; a PDF comes out. */
async function expectItPrints(page: Page, label: string) {
  await page.emulateMedia({ media: 'print' });
  for (const hidden of ['header', 'footer', 'nav']) {
    expect(await page.locator(hidden).first().isVisible(), `${label}: ${hidden} in print`).toBe(false);
  }
  expect(await page.getByRole('button', { name: 'Print receipt' }).isVisible()).toBe(false);
  expect(await page.getByRole('link', { name: /Back to the order/ }).isVisible()).toBe(false);
  expect(await page.locator('[data-receipt]').isVisible()).toBe(true);
  expect(await rgb(page, 'body', 'backgroundColor')).toBe('rgb(255, 255, 255)');
  expect(await rgb(page, 'html', 'backgroundColor')).toMatch(/^rgba?\((255, 255, 255|0, 0, 0, 0)/);
  for (const selector of ['[data-receipt]', '[data-receipt] h1', '[data-receipt] td', '[data-field="total"]']) {
    expect(await rgb(page, selector, 'color'), `${label}: ${selector}`).toBe('rgb(0, 0, 0)');
  }
  expect(await rgb(page, '[data-receipt]', 'backgroundColor')).toBe('rgba(0, 0, 0, 0)');
  expect(
    await page.locator('[data-receipt]').evaluate((node) => getComputedStyle(node).boxShadow),
    `${label}: shadow`,
  ).toBe('none');
  // Headless Chromium prints it: a real PDF, A4.
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(2_000);
  await page.emulateMedia({ media: 'screen' });
}

describe('a printable receipt', () => {
  it('the customer opens it from the order page, sees the right figures, and it prints alone, black on white', async () => {
    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    await logIn(page, customer.email, PASSWORD);
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('link', { name: 'View receipt' }).click();
    await page.waitForURL((url) => url.pathname === `/orders/${order.id}/receipt`);
    await expectTheRightFigures(page);
    expect(await page.getByRole('button', { name: 'Print receipt' }).isVisible()).toBe(true);
    // The button asks the browser to print.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print receipt' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expectItPrints(page, 'customer, light');
    // Dark on screen, still black on white on paper.
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expectItPrints(page, 'customer, dark');
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('another customer gets Order Not Found, not the receipt', async () => {
    const other = await createCustomer();
    const { page, context } = await shop.newPage();
    await logIn(page, other.email, PASSWORD);
    await page.goto(`/orders/${order.id}/receipt`);
    await page.getByRole('heading', { level: 1, name: 'Order Not Found' }).waitFor();
    expect(await page.locator('[data-receipt]').count()).toBe(0);
    await context.close();
  });

  it('the admin opens the same receipt from the admin order page, and it prints alone', async () => {
    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    await logInAsAdmin(page);
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole('link', { name: 'View receipt' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order.id}/receipt`);
    await expectTheRightFigures(page);
    expect(await field(page, 'customer')).toContain(squash(`${customer.firstName} ${customer.lastName}`));
    await expectItPrints(page, 'admin');
    await page.getByRole('link', { name: /Back to the order/ }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order.id}`);
    expect(problems()).toEqual([]);
    await context.close();
  });

  for (const width of [375, 1280]) {
    for (const mode of ['light', 'dark'] as const) {
      it(`has no serious or critical axe violation at ${width} px in ${mode} mode, and nothing wider than the screen`, async () => {
        const { page, context } = await shop.newPage({ width, height: 800 });
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
        await logIn(page, customer.email, PASSWORD);
        await page.goto(`/orders/${order.id}/receipt`);
        await page.getByRole('heading', { level: 1, name: 'Receipt' }).waitFor();
        await page.getByTestId('receipt-item').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
        const found = await seriousViolations(page, `receipt ${width}px ${mode}`);
        expect(found, found.join('\n')).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await context.close();
      });
    }
  }
});
