import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCustomer, PASSWORD } from './fixtures/accounts';
import { outputDir, useBrowser } from './fixtures/browser';
import { productsToBuy } from './fixtures/checkout';
import { apiToken, logInAsAdmin, payOrderByApi, placeOrderByApi } from './fixtures/orders';

const shop = useBrowser();

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the admin’s tabs on a phone and a desktop', () => {
  it('lay out without sideways scrolling at 375 and 1280 px (screenshots in e2e/output)', async () => {
    const customer = await createCustomer({ firstName: 'Folake', lastName: 'Adeyemi-Williamson' });
    const token = await apiToken(customer.email, PASSWORD);
    const card = await placeOrderByApi({ ...customer, token }, await productsToBuy(2));
    await payOrderByApi(token, card.id);
    const transfer = await placeOrderByApi({ ...customer, token }, await productsToBuy(1), 'bankTransfer');

    const pages: [string, string, string][] = [
      ['dashboard', '/admin', 'Revenue, last 30 days'],
      ['users', `/admin/users?search=${encodeURIComponent(customer.email)}`, customer.email],
      ['orders', `/admin/orders?search=${encodeURIComponent(customer.email)}`, transfer.orderNumber],
      ['order-card', `/admin/orders/${card.id}`, 'Payment events'],
      ['order-transfer', `/admin/orders/${transfer.id}`, 'Confirm bank transfer'],
      ['newsletter', '/admin/newsletter', 'Export CSV'],
    ];
    for (const width of [375, 1280]) {
      const { page, context } = await shop.newPage({ width, height: 900 });
      await logInAsAdmin(page);
      for (const [name, url, shown] of pages) {
        await page.goto(url);
        await page.getByText(shown).first().waitFor();
        await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
        await page.screenshot({ path: path.join(outputDir, `admin-${name}-${width}.png`), fullPage: true });
        expect(await sidewaysScroll(page), `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
  });
});
