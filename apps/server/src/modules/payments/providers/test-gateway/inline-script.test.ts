import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../../test/helper';

// The test gateway's card form in Chromium, on the gateway's hosted page (authorization_url),
// which the shop serves under its own Content-Security-Policy. The checkout's end-to-end tests
// drive the same script from the storefront.

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: string;
let browser: Browser;

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

let counter = 0;
async function openCheckout(amountKobo: number) {
  counter += 1;
  const reference = `TS-BROWSER${counter}`;
  const { authorizationUrl } = await t.app.payments.provider.initialize({
    email: 'ada@example.com',
    amountKobo,
    reference,
  });
  const page = await browser.newPage();
  const problems: string[] = [];
  // A CSP refusal shows as a console error; a missing file as a failed response (the browser's
  // own favicon request aside).
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
      problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // authorization_url names localhost; the shop listens on 127.0.0.1 here.
  const response = await page.goto(authorizationUrl.replace('localhost', '127.0.0.1'));
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' https://js.paystack.co");
  return { page, reference, problems };
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Pay with card' });

describe('the test gateway card form', () => {
  it('opens under the shop CSP as an accessible dialog and pays with the success card', async () => {
    const { page, reference, problems } = await openCheckout(1_550_050);
    try {
      await expect.poll(() => dialog(page).isVisible()).toBe(true);
      expect(await dialog(page).getAttribute('aria-modal')).toBe('true');
      // Focus starts in the card number field and stays in the dialog.
      await expect
        .poll(() => page.getByLabel('Card number').evaluate((node) => node === node.getRootNode().activeElement))
        .toBe(true);
      await page.getByLabel('Card number').fill('4084 0840 8408 4081');
      await page.getByLabel('Expiry').fill('12/99');
      await page.getByLabel('CVV').fill('408');
      await page.getByRole('button', { name: 'Pay ₦15,500.50' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Payment successful.');
      expect(await dialog(page).count()).toBe(0);
      expect((await t.app.payments.provider.verify(reference))?.status).toBe('success');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('shows a decline and stays open; Escape then closes it as a cancel', async () => {
    const { page, reference, problems } = await openCheckout(200_000);
    try {
      await page.getByLabel('Card number').fill('4084080000005408');
      await page.getByLabel('Expiry').fill('1299');
      await page.getByLabel('CVV').fill('001');
      await page.getByRole('button', { name: 'Pay ₦2,000.00' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Declined');
      expect(await dialog(page).isVisible()).toBe(true);
      expect((await t.app.payments.provider.verify(reference))?.gatewayResponse).toBe('Declined');
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe('Payment cancelled. You can close this page.');
      expect(await dialog(page).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('asks for the PIN and the OTP of the PIN + OTP card, by keyboard', async () => {
    const { page, reference } = await openCheckout(300_000);
    try {
      await page.getByLabel('Card number').fill('5060 6666 6666 6666 666');
      await page.keyboard.press('Tab');
      await page.keyboard.type('12/99');
      await page.keyboard.press('Tab');
      await page.keyboard.type('123');
      await page.keyboard.press('Enter');
      await page.getByLabel('PIN').fill('1234');
      await page.keyboard.press('Enter');
      await page.getByLabel('OTP').fill('123456');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Payment successful.');
      expect((await t.app.payments.provider.verify(reference))?.status).toBe('success');
    } finally {
      await page.close();
    }
  });

  it('runs PaystackPop v1 and v2 on a page of the shop: callback and onClose, onSuccess and onCancel', async () => {
    const page = await browser.newPage();
    try {
      // Any page of the shop carries its CSP; the script is added as a storefront would add it.
      await page.goto(`${shop}/test-gateway/checkout/none`);
      const config = (await (await fetch(`${shop}/api/payments/config`)).json()) as { publicKey: string };
      await page.addScriptTag({ url: '/test-gateway/v1/inline.js' });
      const v1 = page.evaluate(
        (key) =>
          new Promise((resolve) => {
            type Pop = { setup(options: Record<string, unknown>): { openIframe(): void } };
            (globalThis as unknown as { PaystackPop: Pop }).PaystackPop.setup({
              key,
              email: 'ada@example.com',
              amount: 50_000,
              ref: 'TS-V1-CLOSE',
              callback: (response: unknown) => resolve({ callback: response }),
              onClose: () => resolve('closed'),
            }).openIframe();
          }),
        config.publicKey,
      );
      await page.getByRole('button', { name: 'Close' }).click();
      expect(await v1).toBe('closed');

      const v2 = page.evaluate(
        (key) =>
          new Promise((resolve) => {
            type Pop = new () => { newTransaction(options: Record<string, unknown>): void };
            const Pop = (globalThis as unknown as { PaystackPop: Pop }).PaystackPop;
            new Pop().newTransaction({
              key,
              email: 'ada@example.com',
              amount: 50_000,
              reference: 'TS-V2-PAY',
              onSuccess: (transaction: unknown) => resolve(transaction),
              onCancel: () => resolve('cancelled'),
            });
          }),
        config.publicKey,
      );
      await page.getByLabel('Card number').fill('4084084084084081');
      await page.getByLabel('Expiry').fill('12/99');
      await page.getByLabel('CVV').fill('408');
      await page.getByRole('button', { name: 'Pay ₦500.00' }).click();
      const id = (await t.app.payments.provider.verify('TS-V2-PAY'))?.id;
      expect(await v2).toEqual({
        reference: 'TS-V2-PAY',
        status: 'success',
        trans: id,
        transaction: id,
        trxref: 'TS-V2-PAY',
        message: 'Approved',
        id,
      });
    } finally {
      await page.close();
    }
  });
});
