import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { type ApiProduct, customerAtCheckout, fillShipping, naira, placeOrder, squash } from './fixtures/checkout';
import { waitForMessage } from './fixtures/mailbox';
import { apiToken, logInAsAdmin } from './fixtures/orders';

// Pay on delivery, in Lagos only (issue 22 item 2; docs/decisions/022-pay-on-delivery.md): a Lagos
// customer pays on delivery, the admin confirms by phone and records the cash; an Abuja address
// is not offered it; an order over the cap is refused with the message.

const shop = useBrowser();

/** The shipping form for a Lagos address (Surulere) or one in the FCT (Garki, Abuja). */
const fillAddress = (page: Page, state: 'Lagos' | 'FCT') =>
  state === 'Lagos'
    ? fillShipping(page, { city: 'Surulere', state: 'Lagos', area: 'Surulere' })
    : fillShipping(page, { city: 'Garki', state: 'Federal Capital Territory' });

/** A product and a quantity (within its stock) whose total is over the ₦150,000 cap. */
async function productOverTheCap(): Promise<{ product: ApiProduct; quantity: number }> {
  const data = await (
    await fetch(`${inject('baseUrl')}/api/products?inStock=true&pageSize=100&sort=price_desc`)
  ).json();
  for (const product of data.products as ApiProduct[]) {
    const quantity = Math.ceil(150_001 / product.price);
    if (quantity <= Math.min(product.stock, 99)) return { product, quantity };
  }
  throw new Error('no product in the demo catalogue can make an order over ₦150,000');
}

const podOption = (page: Page) => page.getByRole('radio', { name: /^Pay on delivery/ });

async function themed(page: Page, mode: 'light' | 'dark') {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
}

describe('pay on delivery in Lagos', () => {
  for (const [width, mode] of [
    [1280, 'light'],
    [375, 'dark'],
  ] as const) {
    it(`a Lagos customer pays the rider; the admin confirms by phone and records the cash (${width} px, ${mode})`, async () => {
      const found: string[] = [];
      const customerTab = await shop.newPage({ width, height: 900 });
      const { page } = customerTab;
      const problems = trackProblems(page, customerTab.errors);
      await themed(page, mode);
      const { email, product } = await customerAtCheckout(page, { verified: true, shipping: false });
      await fillAddress(page, 'Lagos');
      await expect.poll(() => podOption(page).isEnabled()).toBe(true);
      found.push(...(await seriousViolations(page, 'checkout with pay on delivery')));
      const orderNumber = await placeOrder(page, /^Regular delivery/, /^Pay on delivery/);
      const total = product.price + 1_000;
      const next = page.getByTestId('pay-on-delivery-next-steps');
      expect(squash(await next.textContent())).toContain(
        squash(`We will call you to confirm your order. When it arrives, pay the rider ${naira(total)}`),
      );
      // Until when the shop's call may come (48 hours): unconfirmed by then, the order is cancelled.
      // (squash takes the spaces out of both sides.)
      expect(squash(await next.textContent())).toMatch(
        /Ifwecannotconfirmitwithyouby.+,theorderiscancelledanditsitemsgobackonsale\./,
      );
      expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
      found.push(...(await seriousViolations(page, 'pay-on-delivery order placed')));
      const orderPath = (await page.getByRole('link', { name: 'View order' }).getAttribute('href')) ?? '';
      const orderId = orderPath.split('/').at(-1) ?? '';
      // The order page says the same until the call; after it, the deadline is gone (below).
      await page.goto(orderPath);
      await page.getByTestId('pod-confirm-by').waitFor();

      // The admin calls the customer, then records the cash the rider brought back.
      const adminTab = await shop.newPage({ width, height: 900 });
      await themed(adminTab.page, mode);
      await logInAsAdmin(adminTab.page);
      await adminTab.page.goto(`/admin/orders/${orderId}`);
      const panel = adminTab.page.getByRole('region', { name: 'Settle pay on delivery' });
      await panel.getByRole('button', { name: 'Confirmed by phone' }).waitFor();
      found.push(...(await seriousViolations(adminTab.page, 'admin pay-on-delivery panel')));
      await panel.getByRole('button', { name: 'Confirmed by phone' }).click();
      await panel.getByTestId('pod-confirmed').waitFor();
      await panel.getByLabel('Amount received (₦)').fill(String(total));
      await panel.getByRole('radio', { name: 'Cash' }).check();
      await panel.getByRole('button', { name: 'Record money received' }).click();
      const steps = adminTab.page.getByTestId('pay-on-delivery-steps');
      await steps.locator('[data-step="delivered"][data-done="true"]').waitFor();
      expect(squash(await steps.textContent())).toContain(squash(`${naira(total)} by Cash`));
      expect(await adminTab.page.getByRole('region', { name: 'Settle pay on delivery' }).count()).toBe(0);
      found.push(...(await seriousViolations(adminTab.page, 'admin order paid on delivery')));
      await adminTab.context.close();

      // The customer sees it paid and delivered, with the steps done.
      await page.goto(orderPath);
      await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
      expect(await page.locator('[data-field="payment-status"]').textContent()).toBe('Paid');
      expect(await page.locator('[data-field="payment-method"]').textContent()).toBe('Pay on delivery');
      expect(await page.getByTestId('order-status').textContent()).toContain('DELIVERED');
      const mine = page.getByTestId('pay-on-delivery-steps');
      expect(await mine.locator('[data-done="true"]').count()).toBe(3);
      expect(await page.getByTestId('pod-confirm-by').count()).toBe(0);
      found.push(...(await seriousViolations(page, 'customer order paid on delivery')));

      // Both emails went through real SMTP on loopback.
      const confirmed = await waitForMessage(
        email,
        (mail) => mail.subject === `Order ${orderNumber} is being prepared`,
      );
      expect(confirmed.text).toContain('We have confirmed your order by phone.');
      const receipt = await waitForMessage(
        email,
        (mail) => mail.subject === `Order ${orderNumber} delivered: payment received`,
      );
      expect(squash(receipt.text)).toContain(squash(`payment of ${naira(total)} by Cash`));

      expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
      expect(problems()).toEqual([]);
      await customerTab.context.close();
    });

    it(`is not offered for an Abuja address nor over the cap, and the shop refuses such an order (${width} px, ${mode})`, async () => {
      const found: string[] = [];
      const { page, context } = await shop.newPage({ width, height: 900 });
      await themed(page, mode);
      const { email, firstName, lastName } = await customerAtCheckout(page, {
        verified: true,
        shipping: false,
      });
      await fillAddress(page, 'FCT');
      const reason = page.getByTestId('pay-on-delivery-reason');
      await reason.waitFor();
      expect(await reason.textContent()).toBe('Pay on delivery is available for Lagos addresses only');
      expect(await podOption(page).isDisabled()).toBe(true);
      found.push(...(await seriousViolations(page, 'checkout outside Lagos')));

      // Over the cap, in Lagos: enough of a dearer product to pass ₦150,000 (the order is refused,
      // so nothing is taken from its stock).
      const dear = await productOverTheCap();
      await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), {
        productId: dear.product.id,
        slug: dear.product.slug,
        name: dear.product.name,
        price: dear.product.price,
        stock: dear.product.stock,
        quantity: dear.quantity,
      });
      await page.reload();
      await fillAddress(page, 'Lagos');
      await page.getByText('Pay on delivery is available for orders up to ₦150,000').waitFor();
      expect(await podOption(page).isDisabled()).toBe(true);
      found.push(...(await seriousViolations(page, 'checkout over the cap')));

      // The shop decides again: an order over the cap sent anyway is refused with the message.
      const token = await apiToken(email, PASSWORD);
      const response = await fetch(`${shop.baseUrl}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          shippingDetails: {
            firstName,
            lastName,
            email,
            phoneNumber: '08031234567',
            address: '14 Adeniran Ogunsanya Street',
            city: 'Surulere',
            state: 'Lagos',
            area: 'Surulere',
            zipCode: '101283',
            country: 'Nigeria',
          },
          paymentDetails: { method: 'payOnDelivery' },
          deliveryMethod: 'EXPRESS',
          items: [{ productId: dear.product.id, quantity: dear.quantity, price: dear.product.price }],
        }),
      });
      expect(response.status).toBe(409);
      const body = await response.json();
      expect(body).toMatchObject({
        code: 'PAY_ON_DELIVERY_UNAVAILABLE',
        message: 'Pay on delivery is available for orders up to ₦150,000',
      });
      expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
      await context.close();
    });
  }
});
