import { CONTACT_MESSAGES as M } from '@shop/shared';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';
import { messagesTo, setMailServerRunning, waitForMessage } from './fixtures/mailbox';

const shop = useBrowser();
const SHOP_INBOX = 'admin@example.com'; // the first admin outside production, CONTACT_EMAIL unset

// NOTE: every message sent here comes from 127.0.0.1, which may send 5 an hour: this spec sends 2.

afterAll(() => setMailServerRunning(true));

const form = (page: Page) => page.getByRole('form', { name: 'Send us a message' });

async function fillMessage(page: Page, email: string, subject: string) {
  const f = form(page);
  await f.getByRole('textbox', { name: 'Full name' }).fill('Ngozi Adebayo');
  await f.getByRole('textbox', { name: 'Email' }).fill(email);
  await f.getByRole('textbox', { name: 'Subject (optional)' }).fill(subject);
  await f.getByRole('textbox', { name: 'Message' }).fill('Do you sell French lace by the bolt for my boutique?');
  await f.getByRole('checkbox', { name: /Privacy Policy/ }).check();
}

/** The error under a field: the element its aria-describedby names. */
const errorUnder = (page: Page, name: string, role: 'textbox' | 'checkbox' = 'textbox') =>
  form(page)
    .getByRole(role, { name })
    .evaluate((field) => {
      const id = field.getAttribute('aria-describedby');
      return id ? (document.getElementById(id)?.textContent ?? null) : null;
    });

describe('a visitor writing to the shop from the contact page', () => {
  it('sees the details, store hours, the map with a maps link, and the FAQ', async () => {
    const { page, context, errors } = await shop.newPage({ width: 375, height: 800 });
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    for (const text of ['Lagos', '+234 801 234 5678', 'hello@stitchandtrim.ng', 'Monday to Friday', '8:00 – 18:00']) {
      await page.getByText(text).first().waitFor();
    }
    await page.getByText('Sunday').first().waitFor();
    expect(await page.getByRole('link', { name: 'Chat with us on WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\d+$/,
    );
    const map = page.getByRole('img', { name: /^Street map/ });
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await map.getAttribute('src')).toBe('/pictures/contact/map.webp');
    const mapsLink = await page.getByRole('link', { name: 'Open the address in your maps app' }).getAttribute('href');
    expect(mapsLink).toContain(encodeURIComponent('18 Balogun Street'));
    expect(await page.getByRole('link', { name: 'FAQ', exact: true }).first().getAttribute('href')).toBe('/faq');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sees each rule of the form under its field, and nothing is sent', async () => {
    const { page, context } = await shop.newPage();
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/contact')) posted.push(request.url());
    });
    await page.goto('/contact');
    const send = form(page).getByRole('button', { name: 'Send Message' });
    await send.click();
    await expect.poll(() => errorUnder(page, 'Full name')).toBe(M.fullnameRequired);
    expect(await errorUnder(page, 'Email')).toBe(M.emailRequired);
    expect(await errorUnder(page, 'Message')).toBe(M.messageRequired);
    expect(await errorUnder(page, 'I agree to the Privacy Policy', 'checkbox')).toBe(M.privacyPolicyRequired);

    await form(page).getByRole('textbox', { name: 'Full name' }).fill('N');
    await form(page).getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await form(page).getByRole('textbox', { name: 'Message' }).fill('Too short');
    await send.click();
    await expect.poll(() => errorUnder(page, 'Full name')).toBe(M.fullnameTooShort);
    expect(await errorUnder(page, 'Email')).toBe(M.emailInvalid);
    expect(await errorUnder(page, 'Message')).toBe(M.messageTooShort);
    expect(posted).toEqual([]);
    await context.close();
  });

  it('sends a message: toast and banner, the shop gets it with Reply-To the visitor, the visitor a confirmation', async () => {
    const { page, context, errors } = await shop.newPage();
    const email = `contact-${Date.now()}@example.com`;
    await page.goto('/contact');
    await fillMessage(page, email, 'Wholesale lace');
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.Toastify__toast', { hasText: M.sent }).waitFor();
    await form(page).getByRole('status').filter({ hasText: M.sentBanner }).waitFor();
    expect(await form(page).getByRole('textbox', { name: 'Full name' }).inputValue()).toBe('');

    const toShop = await waitForMessage(SHOP_INBOX, (mail) => mail.text.includes(email));
    expect(toShop.to).toEqual([SHOP_INBOX]);
    expect(toShop.replyTo).toBe(`Ngozi Adebayo <${email}>`);
    expect(toShop.subject).toBe('Contact form: Wholesale lace (from Ngozi Adebayo)');
    const toVisitor = await waitForMessage(email);
    expect(toVisitor.to).toEqual([email]);
    expect(toVisitor.subject).toBe('We received your message - Stitch & Trim');
    expect(toVisitor.replyTo).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the failure toast and banner and keeps what was typed when the message cannot be sent', async () => {
    const { page, context } = await shop.newPage();
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    await page.goto('/contact');
    await fillMessage(page, 'offline@example.com', 'Buttons');
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.Toastify__toast', { hasText: M.failed }).waitFor();
    await form(page).getByRole('alert').filter({ hasText: M.failedBanner }).waitFor();
    expect(await form(page).getByRole('textbox', { name: 'Full name' }).inputValue()).toBe('Ngozi Adebayo');
    expect(await form(page).getByRole('textbox', { name: 'Message' }).inputValue()).toBe(
      'Do you sell French lace by the bolt for my boutique?',
    );
    await context.close();
  });

  it('still sees success while the mail server is down, and both emails arrive once it is back', async () => {
    const { page, context } = await shop.newPage();
    const email = `smtp-down-${Date.now()}@example.com`;
    await setMailServerRunning(false);
    try {
      await page.goto('/contact');
      await fillMessage(page, email, 'While the mail server sleeps');
      await form(page).getByRole('button', { name: 'Send Message' }).click();
      await page.locator('.Toastify__toast', { hasText: M.sent }).waitFor();
      await form(page).getByRole('status').filter({ hasText: M.sentBanner }).waitFor();
      // Long enough for the shop to try and fail at least once.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await messagesTo(email)).toEqual([]);
    } finally {
      await setMailServerRunning(true);
    }
    const toShop = await waitForMessage(SHOP_INBOX, (mail) => mail.text.includes(email), 45_000);
    expect(toShop.replyTo).toBe(`Ngozi Adebayo <${email}>`);
    expect((await waitForMessage(email, () => true, 45_000)).subject).toBe('We received your message - Stitch & Trim');
    await context.close();
  });
});
