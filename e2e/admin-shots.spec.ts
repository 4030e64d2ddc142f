import path from 'node:path';
import { it } from 'vitest';
import { createCustomer, PASSWORD } from './fixtures/accounts';
import { outputDir, useBrowser } from './fixtures/browser';
import { productsToBuy } from './fixtures/checkout';
import { apiToken, logInAsAdmin, payOrderByApi, placeOrderByApi } from './fixtures/orders';

const shop = useBrowser();
it('shots', async () => {
  const customer = await createCustomer({ firstName: 'Tunde' });
  const token = await apiToken(customer.email, PASSWORD);
  const order = await placeOrderByApi({ ...customer, token }, await productsToBuy(2));
  await payOrderByApi(token, order.id);
  const bank = await placeOrderByApi({ ...customer, token }, await productsToBuy(1), 'bankTransfer');
  await fetch(`${shop.baseUrl}/api/newsletter/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'x@example.com' }) });
  for (const width of [375, 1280]) {
    const { page, context } = await shop.newPage({ width, height: 900 });
    await logInAsAdmin(page);
    for (const [name, p] of [['dash', '/admin'], ['users', '/admin/users'], ['orders', '/admin/orders'], ['order', `/admin/orders/${order.id}`], ['bank', `/admin/orders/${bank.id}`], ['news', '/admin/newsletter']]) {
      await page.goto(p);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: path.join(outputDir, `admin-${name}-${width}.png`), fullPage: true });
    }
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/admin');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(outputDir, `admin-dash-dark-${width}.png`), fullPage: true });
    await context.close();
  }
});
