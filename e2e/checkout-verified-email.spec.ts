import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mainNav, PASSWORD, trackProblems, uniqueEmail, verificationLinkTo } from './fixtures/accounts';
import { useBrowser } from './fixtures/browser';
import { addToCart, fillShipping, productsToBuy } from './fixtures/checkout';
import { waitForMessage } from './fixtures/mailbox';

// Verified email where it costs the shop (SECURITY.md "Verified email"): a newcomer is logged in
// at once but offered pay on delivery only once the link the shop mailed them is opened; until
// then checkout says why, offers a new link, and keeps card and bank transfer.

const shop = useBrowser();

const UNVERIFIED = 'Pay on delivery needs a verified email address. Open the link we emailed you, or send a new one.';
const podOption = (page: Page) => page.getByRole('radio', { name: /^Pay on delivery/ });

describe('a newcomer and pay on delivery', () => {
  it('registers, sees pay on delivery wait for the email, opens the mailed link, and is offered it', async () => {
    const { page, context, errors } = await shop.newPage({ width: 1280, height: 900 });
    const problems = trackProblems(page, errors);
    const email = uniqueEmail('verify');
    await page.goto('/register');
    await page.getByLabel('First name').fill('Bisola');
    await page.getByLabel('Last name').fill('Ajayi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number (optional)').fill('08031234567');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Logged in at once (SPEC): no step between registering and shopping.
    await page.waitForURL((url) => url.pathname === '/');
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();

    const [product] = await productsToBuy(1);
    if (!product) throw new Error('no product to buy');
    await addToCart(page, product, 1);
    await page.goto('/checkout');
    await fillShipping(page, { city: 'Surulere', state: 'Lagos', area: 'Surulere' });
    await expect.poll(() => podOption(page).isDisabled()).toBe(true);
    expect(await page.getByTestId('pay-on-delivery-reason').textContent()).toBe(UNVERIFIED);
    expect(await page.getByRole('radio', { name: /^Bank transfer/ }).isEnabled()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Card/ }).isChecked()).toBe(true);

    // A new link from checkout, as a customer who lost the welcome would ask.
    await page.getByRole('button', { name: 'Send the verification email again' }).click();
    await page.getByText('We have sent a verification link to your email address.', { exact: false }).waitFor();
    await waitForMessage(email, (mail) => mail.subject.startsWith('Confirm your email address'));

    // The newest link from the real mailbox: the new one replaced the welcome's.
    await page.goto(await verificationLinkTo(email));
    await page.getByText('Your email address is verified', { exact: true }).waitFor();
    // The token leaves the address bar once read.
    expect(new URL(page.url()).hash).toBe('');

    await page.goto('/checkout');
    await fillShipping(page, { city: 'Surulere', state: 'Lagos', area: 'Surulere' });
    await expect.poll(() => podOption(page).isEnabled()).toBe(true);
    expect(await page.getByTestId('pay-on-delivery-reason').count()).toBe(0);

    await page.goto('/profile');
    expect(await page.getByTestId('email-verification').textContent()).toBe('Your email address is verified');
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('says a used link is used, and a second click on the same link still finds the address verified', async () => {
    const { page, context } = await shop.newPage({ width: 375, height: 800 });
    const email = uniqueEmail('twice');
    await page.goto('/register');
    await page.getByLabel('First name').fill('Tunde');
    await page.getByLabel('Last name').fill('Bello');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number (optional)').fill('08031234567');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const link = await verificationLinkTo(email);
    await page.goto(link);
    await page.getByText('Your email address is verified', { exact: true }).waitFor();
    // A second click opens the link afresh (a new tab from the mail client).
    await page.goto('/');
    await page.goto(link);
    await page.getByText('Your email address is already verified', { exact: true }).waitFor();
    // Another link pasted into the same tab: only the fragment changes, and it is sent in turn.
    await page.goto('/verify-email#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByText('This link has expired or was already used. Send yourself a new one.').waitFor();
    await context.close();
  });
});
