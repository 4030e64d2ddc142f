import path from 'node:path';
import { SHOP_SETTINGS_MESSAGES as M } from '@shop/shared';
import { UNLIMITED_ORDERS_ENV } from '@shop/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, logIn, PASSWORD, trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { outputDir, useBrowser } from './fixtures/browser';
import { type ApiProduct, fillShipping, placeOrder, squash } from './fixtures/checkout';
import { ORDERS_EMAIL } from './fixtures/mailbox';
import { useOwnShop } from './fixtures/own-shop';

// The shop's settings are global: this spec changes them, so it runs its own shop (and mailbox),
// never the one the other specs share (global-setup.ts).

const NEW_PHONE_TYPED = '0809 111 2233';
const NEW_PHONE_SHOWN = '+234 809 111 2233';
const NEW_PHONE_KEPT = '+2348091112233';
const NEW_ACCOUNT_NUMBER = '2233445566';
const NEW_HOURS = { days: 'Monday to Saturday', hours: '9:00 – 19:00' };

const own = useOwnShop('settings', () => ({
  // The specs stand in for many visitors (fixtures/accounts.ts), as in global-setup.ts.
  TRUST_PROXY: '127.0.0.1',
  ORDERS_EMAIL,
  ...UNLIMITED_ORDERS_ENV,
}));
const shop = useBrowser({ baseUrl: own.baseUrl });
const newPage = (options: { width?: number; dark?: boolean } = {}) => shop.newPage({ height: 900, ...options });
const waitForMail = own.mailbox.waitForMessage;

/** The error tied to a field by aria-describedby. */
async function errorOf(page: Page, label: string): Promise<string | null> {
  const described = await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
  return described ? page.locator(`[id="${described}"]`).textContent() : null;
}

describe('the admin’s Settings tab', () => {
  it('refuses a bad NUBAN and phone, saves the new phone, hours and bank account, and every page and the next order email show them', async () => {
    const admin = await newPage();
    const adminProblems = trackProblems(admin.page, admin.errors, ['400 /api/settings']);
    const { page } = admin;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('form', { name: 'Shop settings' }).waitFor();
    expect(await seriousViolations(page, '/admin/settings')).toEqual([]);

    // Refused in the browser, with the shared messages under the fields.
    await page.getByLabel('Account number (NUBAN)').fill('12345');
    await page.getByLabel('Phone', { exact: true }).fill('12ab');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => errorOf(page, 'Account number (NUBAN)')).toBe(M.nubanInvalid);
    expect(await errorOf(page, 'Phone')).toBe(M.phoneInvalid);
    expect(await page.getByLabel('Phone', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page, '/admin/settings with errors')).toEqual([]);

    // The new phone, hours and bank account.
    await page.getByLabel('Phone', { exact: true }).fill(NEW_PHONE_TYPED);
    await page.getByLabel('Account number (NUBAN)').fill(NEW_ACCOUNT_NUMBER);
    await page.getByLabel('Days, line 1').fill(NEW_HOURS.days);
    await page.getByLabel('Hours, line 1').fill(NEW_HOURS.hours);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText(M.saved).first().waitFor();
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe(NEW_PHONE_KEPT);

    // The changes list names the admin and the fields.
    const change = page.getByTestId('settings-change').first();
    await change.locator('[data-field="phone"]').waitFor();
    expect(await change.locator('[data-field="by"]').textContent()).toBe(ADMIN.email);
    expect(await change.locator('[data-field="phone"]').textContent()).toContain(NEW_PHONE_KEPT);
    expect(await change.locator('[data-field="bankAccount.accountNumber"]').textContent()).toContain(
      NEW_ACCOUNT_NUMBER,
    );
    expect(await change.locator('[data-field="openingHours"]').textContent()).toContain(NEW_HOURS.days);

    // The contact page.
    await page.goto('/contact');
    expect(await page.getByTestId('shop-phone').textContent()).toBe(NEW_PHONE_SHOWN);
    expect(await page.getByTestId('shop-hours').textContent()).toContain(`${NEW_HOURS.days}${NEW_HOURS.hours}`);
    expect(await page.getByTestId('footer-contact').textContent()).toContain(NEW_PHONE_SHOWN);

    // A page the server draws: its HTML already has the new footer, before any script runs.
    const html = await (await fetch(`${own.baseUrl()}/shop`)).text();
    expect(html).toContain(NEW_PHONE_SHOWN);
    expect(html).toContain(NEW_HOURS.days);
    await page.goto('/shop');
    expect(await page.getByTestId('footer-contact').textContent()).toContain(NEW_PHONE_SHOWN);
    expect(await page.getByTestId('footer-hours').textContent()).toContain(NEW_HOURS.days);
    expect(adminProblems()).toEqual([]);
    await admin.context.close();

    // A customer's next bank-transfer order: checkout and the order-placed email show the new account.
    const email = `settings.${Date.now().toString(36)}@example.com`;
    const registered = await fetch(`${own.baseUrl()}/api/users/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ngozi', lastName: 'Adebayo', email, password: PASSWORD }),
    });
    expect(registered.status).toBe(201);
    const products = (await (await fetch(`${own.baseUrl()}/api/products?inStock=true&pageSize=20`)).json()) as {
      products: ApiProduct[];
    };
    const product = products.products.find((p) => p.stock >= 5);
    if (!product) throw new Error('no product in stock');

    const customer = await newPage();
    const customerProblems = trackProblems(customer.page, customer.errors);
    await logIn(customer.page, email, PASSWORD);
    await customer.page.goto(`/products/${product.slug}`);
    await customer.page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await customer.page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
    await customer.page.goto('/checkout');
    await fillShipping(customer.page);
    const orderNumber = await placeOrder(customer.page, /^Regular delivery/, /^Bank transfer/);
    const details = customer.page.getByTestId('bank-transfer-details');
    expect(await details.locator('[data-field="account-number"]').textContent()).toBe(NEW_ACCOUNT_NUMBER);

    const mail = await waitForMail(email, (m) => m.subject.includes(orderNumber));
    expect(mail.text).toContain(NEW_ACCOUNT_NUMBER);
    expect(squash(mail.text)).toContain(squash(NEW_PHONE_SHOWN));
    expect(customerProblems()).toEqual([]);
    await customer.context.close();
  });

  it('lays out at 375 px in dark mode without sideways scrolling, axe clean (screenshot in e2e/output)', async () => {
    const { page, context, errors } = await newPage({ width: 375, dark: true });
    const problems = trackProblems(page, errors);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/settings');
    await page.getByRole('form', { name: 'Shop settings' }).waitFor();
    await page.getByTestId('settings-change').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(outputDir, 'admin-settings-375-dark.png'), fullPage: true });
    expect(await seriousViolations(page, '/admin/settings at 375 px, dark')).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
