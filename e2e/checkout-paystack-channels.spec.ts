import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { customerAtCheckout, naira, placeOrder, squash } from './fixtures/checkout';

// PAYSTACK_CHANNELS=card,bank_transfer,ussd (global-setup.ts): the test gateway's window offers a
// bank transfer and USSD beside the card, each settled by a button; the shop confirms them as it
// confirms a card (verify, and the webhook), or shows the failure the card journeys show.

const shop = useBrowser();

/** The test gateway's window, whichever channel it shows ('Pay with card', 'Pay by bank transfer', …). */
const paymentWindow = (page: Page) => page.getByRole('dialog', { name: /^Pay (with|by) / });

/** The gateway's own answer for a reference, as Paystack's verify gives it to the shop. */
async function verified(reference: string) {
  const response = await fetch(`${inject('baseUrl')}/test-gateway/transaction/verify/${reference}`, {
    // The test gateway's fixed key (providers/index.ts TEST_GATEWAY_KEYS): not a secret.
    headers: { authorization: 'Bearer sk_test_stitchandtrim_offline_gateway' },
  });
  return (await response.json()).data as { status: string; channel: string | null; amount: number };
}

/** A logged-in customer with one product in the cart, on /checkout with the order placed; its total. */
async function customerWithPlacedOrder() {
  const { page, context, errors } = await shop.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await customerAtCheckout(page);
  await page.getByRole('radio', { name: /^Express delivery/ }).check();
  const total = squash(await page.getByTestId('summary-total').textContent());
  const orderNumber = await placeOrder(page);
  return { page, context, errors, orderNumber, total };
}

describe('Paystack’s other channels in the test gateway', () => {
  it('a customer pays by bank transfer: the account and the exact amount, "I’ve sent the money", and the order is paid', async () => {
    const { page, context, errors, orderNumber, total } = await customerWithPlacedOrder();
    const problems = trackProblems(page, errors);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const modal = paymentWindow(page);
    // Card first, as before; the other channels beside it.
    await modal.getByLabel('Card number').waitFor();
    expect(await modal.getByRole('button', { name: 'Card' }).getAttribute('aria-pressed')).toBe('true');
    await modal.getByRole('button', { name: 'Bank transfer' }).click();
    await page.getByRole('dialog', { name: 'Pay by bank transfer' }).waitFor();
    expect(await modal.locator('[data-field="account-number"]').textContent()).toBe('0123456789');
    expect(squash(await modal.locator('[data-channel="bank_transfer"] [data-field="amount"]').textContent())).toBe(
      total,
    );
    expect(await modal.getByText('Test Bank').count()).toBe(1);
    const found = await seriousViolations(page, 'bank transfer window');
    expect(found, found.join('\n')).toEqual([]);

    await modal.getByRole('button', { name: 'I’ve sent the money' }).click();
    await page.waitForURL((url) => url.pathname === '/order/success', { timeout: 30_000 });
    expect(squash(await page.getByTestId('order-number').textContent())).toBe(orderNumber);

    // The provider's word: paid by bank transfer, the whole amount.
    const transaction = await verified(orderNumber);
    expect(transaction).toMatchObject({ status: 'success', channel: 'bank_transfer' });
    expect(naira(transaction.amount / 100)).toBe(total);

    await page.goto('/orders');
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
    await row.getByText('PROCESSING').waitFor();
    await row.getByRole('link', { name: `View order ${orderNumber}` }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    expect(await page.locator('[data-field="payment-status"]').textContent()).toBe('Paid');
    // Paid once, though the webhook and the browser's confirmation both told the shop.
    const paidEntry = page.getByTestId('order-history').getByText(/^Payment: UNPAID → PAID/);
    await paidEntry.waitFor();
    expect(await paidEntry.count()).toBe(1);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('a failed USSD payment leaves the order unpaid, with the failure the card journeys show', async () => {
    const { page, context, errors, orderNumber } = await customerWithPlacedOrder();
    const problems = trackProblems(page, errors, ['402 /api/orders/confirm-payment']);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const modal = paymentWindow(page);
    await modal.getByRole('button', { name: 'USSD' }).click();
    await page.getByRole('dialog', { name: 'Pay with USSD' }).waitFor();
    expect(await modal.locator('[data-field="ussd-code"]').textContent()).toMatch(/^\*737\*000\*\d{4}#$/);

    await modal.getByRole('button', { name: 'USSD payment failed' }).click();
    // As a declined card: the reason stays on screen until the customer closes the window.
    await modal.getByRole('alert').filter({ hasText: 'USSD payment failed' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();

    await page.waitForURL((url) => url.pathname === '/order/failed', { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Payment Failed' }).waitFor();
    expect(await page.getByTestId('failure-reason').textContent()).toBe('Payment status: failed');
    expect(await page.getByTestId('failure-detail').textContent()).toBe('USSD payment failed');
    expect(squash(await page.getByTestId('order-number').textContent())).toBe(orderNumber);
    expect(await verified(orderNumber)).toMatchObject({ status: 'failed', channel: 'ussd' });

    await page.goto('/orders');
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
    await row.getByText('PENDING').waitFor();
    await row.getByRole('link', { name: `View order ${orderNumber}` }).click();
    expect(await page.locator('[data-field="payment-status"]').textContent()).toBe('Unpaid');
    expect(problems()).toEqual([]);
    await context.close();
  });
});
