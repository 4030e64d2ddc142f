import { describe, expect, it } from 'vitest';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { customerAtCheckout, fillShipping, gateway, placeOrder } from './fixtures/checkout';

const shop = useBrowser();

describe('checkout and orders for visitors using assistive technology', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation on checkout, the payment window and an order page in ${mode} mode`, async () => {
      const { page, context } = await shop.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
      await customerAtCheckout(page, { shipping: false });
      const found: string[] = [];
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByText('Phone number is required').waitFor();
      found.push(...(await seriousViolations(page, 'checkout with errors')));
      await fillShipping(page);
      await placeOrder(page);
      found.push(...(await seriousViolations(page, 'order created')));

      await page.getByRole('button', { name: 'Pay Now' }).click();
      await gateway(page).getByLabel('Card number').waitFor();
      found.push(...(await seriousViolations(page, 'payment window')));
      await gateway(page).getByRole('button', { name: 'Close' }).click();
      await page.waitForURL((url) => url.pathname === '/order/failed');
      await page.getByTestId('failure-reason').waitFor();
      found.push(...(await seriousViolations(page, 'payment failed')));

      await page.goto('/orders');
      await page.getByTestId('order-row').first().getByRole('link').click();
      await page.getByRole('heading', { level: 2, name: 'Items' }).waitFor();
      found.push(...(await seriousViolations(page, 'order page')));

      expect(found, `axe found in ${mode} mode:\n${found.join('\n')}`).toEqual([]);
      await context.close();
    });
  }
});
