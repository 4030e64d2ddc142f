import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trackProblems } from './fixtures/accounts';
import { useBrowser } from './fixtures/browser';
import { customerAtCheckout, gateway, payWithCard, placeOrder, squash, TEST_CARDS } from './fixtures/checkout';

const shop = useBrowser();

const INLINE_SCRIPT = '**/test-gateway/**/inline.js';

/** A logged-in customer with one product in the cart, on /checkout with the order placed. */
async function customerWithPlacedOrder() {
  const { page, context, errors } = await shop.newPage();
  await customerAtCheckout(page);
  const orderNumber = await placeOrder(page);
  return { page, context, errors, orderNumber };
}

async function expectFailedWith(page: Page, orderNumber: string, reason: string, detail?: string) {
  await page.waitForURL((url) => url.pathname === '/order/failed', { timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: 'Payment Failed' }).waitFor();
  expect(await page.getByTestId('failure-reason').textContent()).toBe(reason);
  if (detail) expect(await page.getByTestId('failure-detail').textContent()).toBe(detail);
  expect(squash(await page.getByTestId('order-number').textContent())).toBe(orderNumber);
  expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
}

/** Try Again opens the gateway for the same order, which the success card then pays. */
async function tryAgainPaysTheSameOrder(page: Page, orderNumber: string) {
  await page.getByRole('button', { name: 'Try Again' }).click();
  await gateway(page).getByLabel('Card number').waitFor();
  expect(await gateway(page).textContent()).toContain(orderNumber);
  await payWithCard(page, TEST_CARDS.success);
  await page.waitForURL((url) => url.pathname === '/order/success', { timeout: 30_000 });
  expect(squash(await page.getByTestId('order-number').textContent())).toBe(orderNumber);
  await page.goto('/orders');
  await page.getByTestId('order-row').first().waitFor();
  // Still the one order: Try Again never placed another.
  expect(await page.getByTestId('order-row').count()).toBe(1);
  await page.getByTestId('order-row').filter({ hasText: orderNumber }).getByText('PROCESSING').waitFor();
}

describe('a card payment that does not go through', () => {
  it('a declined card ends on /order/failed with the gateway’s reason, and Try Again pays the same order', async () => {
    const { page, context, errors, orderNumber } = await customerWithPlacedOrder();
    const problems = trackProblems(page, errors, ['402 /api/orders/confirm-payment']);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await payWithCard(page, TEST_CARDS.declined);
    // The gateway shows the reason and stays open until the customer closes it.
    await gateway(page).getByRole('alert').filter({ hasText: 'Declined' }).waitFor();
    await gateway(page).getByRole('button', { name: 'Close' }).click();
    await expectFailedWith(page, orderNumber, 'Payment status: failed', 'Declined');
    await tryAgainPaysTheSameOrder(page, orderNumber);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('insufficient funds ends on /order/failed saying so, and Try Again pays the same order', async () => {
    const { page, context, errors, orderNumber } = await customerWithPlacedOrder();
    const problems = trackProblems(page, errors, ['402 /api/orders/confirm-payment']);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await payWithCard(page, TEST_CARDS.insufficientFunds);
    await gateway(page).getByRole('alert').filter({ hasText: 'Insufficient Funds' }).waitFor();
    await gateway(page).getByRole('button', { name: 'Close' }).click();
    await expectFailedWith(page, orderNumber, 'Payment status: failed', 'Insufficient Funds');
    await tryAgainPaysTheSameOrder(page, orderNumber);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('closing the payment window ends on /order/failed as cancelled, and Try Again pays the same order', async () => {
    const { page, context, errors, orderNumber } = await customerWithPlacedOrder();
    const problems = trackProblems(page, errors, ['402 /api/orders/confirm-payment']);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await gateway(page).getByLabel('Card number').waitFor();
    await gateway(page).getByRole('button', { name: 'Close' }).click();
    await expectFailedWith(page, orderNumber, 'Payment was cancelled before it was completed.');
    await tryAgainPaysTheSameOrder(page, orderNumber);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('a payment script that cannot load is tried 3 times, then fails; Try Again pays once it loads', async () => {
    const { page, context, orderNumber } = await customerWithPlacedOrder();
    let attempts = 0;
    const block = async (route: import('playwright-core').Route) => {
      attempts++;
      await route.abort('internetdisconnected');
    };
    await page.route(INLINE_SCRIPT, block);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expectFailedWith(
      page,
      orderNumber,
      'Failed to load payment modal. Check your internet connection and retry later.',
    );
    expect(attempts).toBe(3);
    await page.unroute(INLINE_SCRIPT, block);
    await tryAgainPaysTheSameOrder(page, orderNumber);
    await context.close();
  });

  it('an unpaid card order is paid later with Pay now on its order page', async () => {
    const { page, context, errors, orderNumber } = await customerWithPlacedOrder();
    const problems = trackProblems(page, errors);
    await page.goto('/orders');
    await page.getByRole('link', { name: `View order ${orderNumber}` }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    expect(await page.locator('[data-field="payment-status"]').textContent()).toBe('Unpaid');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await payWithCard(page, TEST_CARDS.pin);
    await page.waitForURL((url) => url.pathname === '/order/success', { timeout: 30_000 });
    expect(squash(await page.getByTestId('order-number').textContent())).toBe(orderNumber);
    await page.getByRole('link', { name: 'View Order' }).click();
    await page.getByTestId('order-status').getByText('PROCESSING').waitFor();
    expect(await page.locator('[data-field="payment-status"]').textContent()).toBe('Paid');
    expect(await page.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('a reload while paying shows the same order again instead of placing a second one', async () => {
    const { page, context, orderNumber } = await customerWithPlacedOrder();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await gateway(page).getByLabel('Card number').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Order Created Successfully' }).waitFor();
    expect(squash(await page.getByTestId('order-number').textContent())).toBe(orderNumber);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await payWithCard(page, TEST_CARDS.success);
    await page.waitForURL((url) => url.pathname === '/order/success', { timeout: 30_000 });
    expect(squash(await page.getByTestId('order-number').textContent())).toBe(orderNumber);
    await page.goto('/orders');
    await page.getByTestId('order-row').first().waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(1);
    await context.close();
  });
});
