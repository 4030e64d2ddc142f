import { TRANSFER_PROOF_MESSAGES as P } from '@shop/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCustomer, logIn, PASSWORD, trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { addToCart, fillShipping, naira, placeOrder, productsToBuy, squash } from './fixtures/checkout';
import { ORDERS_EMAIL, waitForMessage } from './fixtures/mailbox';
import { logInAsAdmin } from './fixtures/orders';

// Issue 22 §3 and §4 end to end: a bank-transfer order's emails (to the customer and to
// ORDERS_EMAIL, through real SMTP on loopback), the proof uploaded from the order page, refused
// when it is not a picture or PDF, found by the admin first on the dashboard and above the orders
// list, rejected with a reason, then confirmed.

const shop = useBrowser();

/** A real 24 × 16 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWPQqzWiCmIYNUhvNIz0RtNR7WgWqSU/HQAAZtxLkPFGVDAAAAAASUVORK5CYII=',
  'base64',
);

/** axe in both themes, the page as it is now; back in `mode` afterwards. */
async function axeBothThemes(page: Page, where: string, mode: 'light' | 'dark') {
  const found: string[] = [];
  for (const dark of [mode === 'dark', mode !== 'dark']) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    found.push(...(await seriousViolations(page, `${where} (${dark ? 'dark' : 'light'})`)));
  }
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), mode === 'dark');
  return found;
}

async function uploadProof(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(/^(Another p|P)icture or PDF of your transfer$/).setInputFiles(file);
  await page.getByRole('button', { name: 'Upload proof of payment' }).click();
}

describe.each([
  { width: 375, mode: 'dark' as const },
  { width: 1280, mode: 'light' as const },
])('a bank transfer with a proof of payment at $width px ($mode)', ({ width, mode }) => {
  it('mails the account details, takes a proof the admin finds first, is rejected with a reason, then confirmed, and every mail arrives', async () => {
    const { page, context, errors } = await shop.newPage({ width, height: 900 });
    await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
    const problems = trackProblems(page, errors);
    const customer = await createCustomer({ firstName: width < 500 ? 'Chioma' : 'Bisi' });
    await logIn(page, customer.email, PASSWORD);
    const [product] = await productsToBuy(1);
    if (!product) throw new Error('no product to buy');
    await addToCart(page, product, 1);
    await page.goto('/checkout');
    await fillShipping(page);
    const orderNumber = await placeOrder(page, /^Regular delivery/, /^Bank transfer/);

    // The customer's order-placed mail: account, bank, number, the exact amount, the reference, the deadline.
    const config = await (await fetch(`${shop.baseUrl}/api/payments/config`)).json();
    const placed = await waitForMessage(customer.email, (mail) => mail.subject === `Order ${orderNumber} received`);
    for (const line of [
      `Account name: ${config.bankTransfer.accountName}`,
      `Bank: ${config.bankTransfer.bankName}`,
      `Account number: ${config.bankTransfer.accountNumber}`,
      `Reference: ${orderNumber}`,
      product.name,
    ]) {
      expect(placed.text).toContain(line);
    }
    expect(placed.text).toMatch(/We keep your items until .+ \(Lagos time\)/);
    const amount = /Amount: (₦[\d,.]+)/.exec(placed.text)?.[1];
    const orderPath = /\/orders\/([0-9a-f-]{36})/.exec(placed.text);
    if (!amount || !orderPath) throw new Error(`the mail lacks the amount or the order link:\n${placed.text}`);
    const orderId = orderPath[1] as string;

    // The shop's own mail, at ORDERS_EMAIL, with the admin's page.
    const shopMail = await waitForMessage(ORDERS_EMAIL, (mail) => mail.subject.startsWith(`New order ${orderNumber}`));
    expect(shopMail.text).toContain(`Customer: ${customer.firstName} ${customer.lastName} <${customer.email}>`);
    expect(shopMail.text).toContain('Payment: Bank transfer');
    expect(shopMail.text).toContain(`/admin/orders/${orderId}`);

    // The order page: the amount matches, and the upload is offered.
    await page.goto(`/orders/${orderId}`);
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    expect(squash(await page.locator('[data-field="total"]').textContent())).toBe(squash(amount));
    await page.getByRole('heading', { name: 'Proof of payment' }).waitFor();
    expect(await axeBothThemes(page, '/orders/:id (transfer proof)', mode)).toEqual([]);

    // A text file renamed .pdf: the server looks at the bytes and refuses it with its message.
    await uploadProof(page, {
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('I paid, honest.\n'),
    });
    await page.getByRole('alert').filter({ hasText: P.unsupportedType }).waitFor();
    // Nothing lost: the chosen file is still there to replace.
    expect(
      await page
        .getByLabel('Picture or PDF of your transfer')
        .evaluate((input: HTMLInputElement) => input.files?.[0]?.name),
    ).toBe('receipt.pdf');

    await uploadProof(page, { name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText(P.uploaded).waitFor();
    await page.getByTestId('transfer-proof-status').getByText(P.statusPending).waitFor();
    expect(await axeBothThemes(page, '/orders/:id (proof awaiting review)', mode)).toEqual([]);
    const proofMail = await waitForMessage(
      ORDERS_EMAIL,
      (mail) => mail.subject === `Transfer proof for order ${orderNumber}`,
    );
    expect(proofMail.text).toContain(`/admin/orders/${orderId}`);

    // The proof is the owner's and the admins' only.
    expect((await fetch(`${shop.baseUrl}/api/orders/${orderId}/transfer-proof`)).status).toBe(401);
    expect(
      await page.evaluate(
        async (id) => (await fetch(`/api/orders/${id}/transfer-proof`)).headers.get('content-type'),
        orderId,
      ),
    ).toBe('image/png');

    // The admin sees it beside the order and rejects it with a reason.
    const admin = await shop.newPage({ width, height: 900 });
    await admin.page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
    const adminProblems = trackProblems(admin.page, admin.errors);
    await logInAsAdmin(admin.page);
    // The dashboard says first that a proof waits, and leads to it: above the orders list.
    await admin.page.goto('/admin');
    const waiting = admin.page.getByTestId('dashboard-proofs-to-review');
    await waiting.waitFor();
    expect(Number(await waiting.textContent())).toBeGreaterThanOrEqual(1);
    expect(await admin.page.locator('dl dt').first().textContent()).toBe('Transfer proofs to review');
    await admin.page.getByRole('link', { name: 'Review proofs' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/admin/orders');
    const toReview = admin.page.getByTestId('proofs-to-review');
    const ours = toReview.getByTestId('proof-to-review').filter({ hasText: orderNumber });
    await ours.waitFor();
    expect(await ours.textContent()).toContain(`${customer.firstName} ${customer.lastName}`);
    expect(await ours.textContent()).toMatch(/Proof sent .+Deadline .+/);
    const group = await toReview.boundingBox();
    const firstRow = await admin.page.getByTestId('order-row').first().boundingBox();
    if (!group || !firstRow) throw new Error('the proofs to review or the list is not shown');
    expect(group.y + group.height).toBeLessThanOrEqual(firstRow.y);
    // On a phone too, it is the first thing under the heading, on the first screen.
    expect(group.y).toBeLessThan(900);
    expect(await axeBothThemes(admin.page, '/admin/orders (proofs to review)', mode)).toEqual([]);
    const proofPage = new URL(/https?:\/\/\S+\/admin\/orders\/\S+/.exec(proofMail.text)?.[0] ?? '').pathname;
    await ours.getByRole('link', { name: orderNumber }).click();
    await admin.page.waitForURL((url) => url.pathname === proofPage);
    const panel = admin.page.getByTestId('admin-transfer-proof');
    const image = panel.getByRole('img', { name: `Proof of payment for order ${orderNumber}` });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
    expect(await axeBothThemes(admin.page, '/admin/orders/:id (transfer proof)', mode)).toEqual([]);
    await panel
      .getByLabel('Reason for rejecting (sent to the customer)')
      .fill('The screenshot does not show the amount.');
    await panel.getByRole('button', { name: 'Reject transfer' }).click();
    await panel.getByTestId('transfer-proof-status').getByText(P.statusRejected).waitFor();

    const rejected = await waitForMessage(customer.email, (mail) =>
      mail.subject.includes(`order ${orderNumber} not accepted`),
    );
    expect(rejected.text).toContain('The screenshot does not show the amount.');
    expect(rejected.text).toContain(`/orders/${orderId}`);

    // The customer sees why, and sends a better proof.
    await page.reload();
    const status = page.getByTestId('transfer-proof-status');
    await status.getByText(P.statusRejected).waitFor();
    expect(await status.textContent()).toContain('Reason: The screenshot does not show the amount.');
    expect(await axeBothThemes(page, '/orders/:id (proof rejected)', mode)).toEqual([]);
    await uploadProof(page, { name: 'transfer-full.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('transfer-proof-status').getByText(P.statusPending).waitFor();

    // The admin confirms the transfer: the proof is confirmed, the order paid.
    await admin.page.reload();
    await panel.getByText('transfer-full.png', { exact: false }).first().waitFor();
    await admin.page.getByLabel('Amount received (₦)').fill(amount.replace(/[₦,]/g, ''));
    await admin.page.getByRole('button', { name: 'Confirm bank transfer' }).click();
    await admin.page.locator('[data-field="Status"]').getByText('Paid').waitFor();
    await panel.getByTestId('transfer-proof-status').getByText(P.statusConfirmed).waitFor();

    const paid = await waitForMessage(
      customer.email,
      (mail) => mail.subject === `Order ${orderNumber} confirmed: payment received`,
    );
    expect(paid.text).toContain(`we have received your bank transfer for order ${orderNumber}`);
    expect(paid.text).toContain(`Total paid: ${naira(Number(amount.replace(/[₦,]/g, '')))}`);

    // Reviewed, it is no longer among the proofs to review.
    await admin.page.goto('/admin/orders');
    await admin.page.getByTestId('order-row').first().waitFor();
    expect(await admin.page.getByTestId('proof-to-review').filter({ hasText: orderNumber }).count()).toBe(0);

    await page.reload();
    await page.getByTestId('transfer-proof-status').getByText(P.statusConfirmed).waitFor();
    expect(await page.getByLabel(/^(Another p|P)icture or PDF of your transfer$/).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The renamed text file was refused by the server (415), which the browser logs; nothing else.
    const refused = (line: string) =>
      /^415 \/api\/orders\/[^/]+\/transfer-proof$/.test(line) || /status of 415/.test(line);
    expect(problems().filter((line) => !refused(line))).toEqual([]);
    expect(adminProblems()).toEqual([]);
    await admin.context.close();
    await context.close();
  });
});
