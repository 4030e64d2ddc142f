import { readFile } from 'node:fs/promises';
import { NEWSLETTER_ADMIN_MESSAGES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN, trackProblems, uniqueEmail } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { messagesTo, waitForMessage } from './fixtures/mailbox';
import { apiToken, logInAsAdmin } from './fixtures/orders';

const shop = useBrowser();

describe('the admin’s Newsletter tab', () => {
  it('finds a subscriber, deactivates them, and exports the active subscribers without them', async () => {
    const email = uniqueEmail('reader');
    const signup = await fetch(`${shop.baseUrl}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(signup.status).toBe(201);

    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    await logInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Newsletter' }).click();
    await page.getByRole('heading', { name: 'Newsletter' }).waitFor();
    await page.getByTestId('subscriber-row').first().waitFor();
    expect(await seriousViolations(page, '/admin/newsletter')).toEqual([]);

    const search = page.getByRole('searchbox', { name: 'Search by email' });
    await search.fill(email);
    await search.press('Enter');
    const row = page.getByTestId('subscriber-row').filter({ hasText: email });
    await expect.poll(() => page.getByTestId('subscriber-row').count()).toBe(1);
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Deactivate ${email}` }).click();
    await page.getByText(NEWSLETTER_ADMIN_MESSAGES.deactivated).first().waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();

    // Reload keeps the search; the Active filter no longer finds them, the Inactive one does.
    await page.reload();
    await page.getByLabel('Status').selectOption('true');
    await page.getByText('No subscribers match these filters.').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await download).path()) ?? '', 'utf8');
    expect(csv.split('\n')[0]).toContain('email');
    expect(csv).not.toContain(email);

    await page.getByLabel('Status').selectOption('false');
    await page
      .getByTestId('subscriber-row')
      .filter({ hasText: email })
      .getByRole('button', { name: `Reactivate ${email}` })
      .waitFor();
    await page.goBack();
    await page.getByText('No subscribers match these filters.').waitFor();

    expect(problems()).toEqual([]);
    await context.close();
  });

  it('unsubscribes from the welcome email’s link only when its button is pressed, lists them inactive, and takes them back only by the link mailed to them', async () => {
    const email = uniqueEmail('leaver');
    const signup = await fetch(`${shop.baseUrl}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(signup.status).toBe(201);
    const mail = await waitForMessage(email, (message) => message.subject.startsWith('Thanks for subscribing'));
    const link = /(https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const { pathname, search: query } = new URL(link ?? '');

    // A mail scanner opens every link of a message, with GET and HEAD: nothing changes.
    const adminToken = await apiToken(ADMIN.email, ADMIN.password);
    const activeOf = async () => {
      const response = await fetch(`${shop.baseUrl}/api/newsletter/subscribers?search=${encodeURIComponent(email)}`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      const { subscribers } = (await response.json()) as { subscribers: { email: string; active: boolean }[] };
      return subscribers.find((subscriber) => subscriber.email === email)?.active;
    };
    for (const method of ['GET', 'HEAD']) {
      expect((await fetch(`${shop.baseUrl}${pathname}${query}`, { method })).status, method).toBe(200);
    }
    expect(await activeOf()).toBe(true);

    // The reader opens the link as the email has it: a page with the button, and still subscribed.
    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    await page.goto(link ?? '');
    await page.getByText(NEWSLETTER_ADMIN_MESSAGES.unsubscribeConfirm).waitFor();
    const button = page.getByRole('button', { name: NEWSLETTER_ADMIN_MESSAGES.unsubscribeButton });
    await button.waitFor();
    expect(await seriousViolations(page, 'the unsubscribe page')).toEqual([]);
    expect(await activeOf()).toBe(true);

    await button.click();
    await page.getByText(NEWSLETTER_ADMIN_MESSAGES.unsubscribed).waitFor();
    expect(await page.getByRole('button', { name: NEWSLETTER_ADMIN_MESSAGES.unsubscribeButton }).count()).toBe(0);

    await logInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Newsletter' }).click();
    await page.getByRole('heading', { name: 'Newsletter' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search by email' });
    await search.fill(email);
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('subscriber-row').count()).toBe(1);
    const row = page.getByTestId('subscriber-row').filter({ hasText: email });
    await row.getByText('Inactive', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Reactivate ${email}` }).waitFor();

    // Signed up again (by anyone): the usual answer, no second welcome, and still off the list;
    // the address is mailed a link that brings it back, once however often it is signed up.
    for (let i = 0; i < 2; i += 1) {
      const again = await fetch(`${shop.baseUrl}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(again.status).toBe(201);
    }
    const comeback = await waitForMessage(email, (message) => message.subject.startsWith('Confirm your subscription'));
    expect(await activeOf()).toBe(false);
    const comebackLink = /(https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w-]+)/.exec(comeback.text)?.[1];
    expect(comebackLink).toBeDefined();
    const reader = await shop.newPage();
    await reader.page.goto(comebackLink ?? '');
    await reader.page.getByText(NEWSLETTER_ADMIN_MESSAGES.comebackPrompt).waitFor();
    expect(await activeOf()).toBe(false);
    await reader.page.getByRole('button', { name: NEWSLETTER_ADMIN_MESSAGES.comebackButton }).click();
    await reader.page.getByText(NEWSLETTER_ADMIN_MESSAGES.comebackDone).waitFor();
    expect(await activeOf()).toBe(true);
    expect((await messagesTo(email)).map((message) => message.subject.split(' ')[0])).toEqual(['Thanks', 'Confirm']);
    await reader.context.close();

    expect(problems()).toEqual([]);
    await context.close();
  });
});
