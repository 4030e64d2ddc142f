import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, verifyEmailOf } from '../../test/accounts';
import { createMailingTestApp } from '../../test/helper';
import { createProduct, placeOrder, SHIPPING } from '../../test/orders';
import type { TestSmtpServer } from '../../test/smtp';
import type { EmailOrderLineData } from './order-lines';
import { type EmailTemplateName, type EmailTemplates, renderEmail, SHOP_TEMPLATES } from './templates';

// A mail to an unverified address never carries text the customer typed (SECURITY.md "Verified
// email"): an account registered under a stranger's address must not make the shop mail them
// the words typed into its name or address fields.

/** What an attacker types into every free field: none of it may reach an unverified address. */
const TYPED = 'Urgent Reenter Your Card';
const STREET = 'URGENT call 0901 to re-enter your card';

const LINE: EmailOrderLineData = {
  name: 'Gold lace',
  quantityHundredths: 100,
  unit: 'piece',
  packSize: null,
  packItemName: null,
  priceKobo: 100_000,
  listPriceKobo: null,
  lineTotalKobo: 100_000,
};
const ORDER = { orderNumber: 'TS-7K4Q9M2X', orderUrl: 'https://shop.example.ng/orders/1' };
const BANK = { accountName: 'Stitch & Trim Ltd', bankName: 'GTBank', accountNumber: '0123456789' };

/**
 * One example of every template, typed so that a new template cannot be added without one here:
 * each customer template is checked below.
 */
const EXAMPLES: { [Name in EmailTemplateName]: EmailTemplates[Name] } = {
  'password-reset-otp': { firstName: TYPED, otp: '123456' },
  welcome: { firstName: TYPED, verifyUrl: 'https://shop.example.ng/verify-email#token=x' },
  'email-verification': { firstName: TYPED, verifyUrl: 'https://shop.example.ng/verify-email#token=x' },
  'email-changed': { firstName: TYPED, newEmail: 'urgent.reenter.your.card@example.com' },
  'contact-message': { fullname: TYPED, email: 'a@example.com', subject: null, message: 'Hi', receivedAt: 'now' },
  'contact-confirmation': { fullname: TYPED },
  'order-paid': { firstName: TYPED, ...ORDER, items: [LINE], subtotalKobo: 1, deliveryFeeKobo: 0, totalKobo: 1 },
  'order-status-changed': { firstName: TYPED, ...ORDER, from: 'PENDING', to: 'SHIPPED' },
  'order-payment-reminder': { firstName: TYPED, ...ORDER, totalKobo: 1, deadline: '2026-11-27T13:30:00Z', bank: BANK },
  'order-placed': {
    firstName: TYPED,
    ...ORDER,
    items: [LINE],
    subtotalKobo: 100_000,
    deliveryFeeKobo: 0,
    totalKobo: 100_000,
    deliveryMethod: 'EXPRESS',
    address: {
      firstName: TYPED,
      lastName: TYPED,
      phoneNumber: '+2348031234567',
      address: STREET,
      area: 'Ikeja',
      city: 'Lagos',
      state: 'Lagos',
      zipCode: '100001',
      country: 'Nigeria',
    },
    paymentMethod: 'bankTransfer',
    bank: BANK,
  },
  'order-placed-shop': {
    orderNumber: ORDER.orderNumber,
    customerName: TYPED,
    customerEmail: 'a@example.com',
    paymentMethod: 'card',
    deliveryMethod: 'EXPRESS',
    totalKobo: 1,
    items: [LINE],
  },
  'transfer-proof-shop': {
    orderNumber: ORDER.orderNumber,
    customerName: TYPED,
    customerEmail: 'a@example.com',
    totalKobo: 1,
    fileName: 'proof.png',
  },
  'transfer-proof-rejected': { firstName: TYPED, ...ORDER, reason: 'Blurred', totalKobo: 1 },
  'newsletter-welcome': { unsubscribeUrl: 'https://shop.example.ng/u' },
  'stock-returned': { productName: 'Gold lace', price: '₦1,000', productUrl: 'https://x', unsubscribeUrl: 'https://u' },
  'stock-alert-confirm': { productName: 'Gold lace', confirmUrl: 'https://shop.example.ng/c', hours: 24 },
  'newsletter-confirm': { confirmUrl: 'https://shop.example.ng/c', hours: 24 },
  'pod-confirm-reminder-shop': {
    orderNumber: ORDER.orderNumber,
    customerName: TYPED,
    phoneNumber: '+2348031234567',
    totalKobo: 1,
    deadline: '2026-11-27T13:30:00Z',
  },
  'proof-review-reminder-shop': {
    orderNumber: ORDER.orderNumber,
    customerName: TYPED,
    totalKobo: 1,
    deadline: '2026-11-27T13:30:00Z',
  },
};
const NAMES = Object.keys(EXAMPLES) as EmailTemplateName[];
const render = (name: EmailTemplateName, verified: boolean) => {
  const email = renderEmail(name, EXAMPLES[name] as never, undefined, { verified });
  return `${email.subject}\n${email.text}\n${email.html}`;
};

describe('a customer email to an unverified address', () => {
  it.each(NAMES.filter((name) => !SHOP_TEMPLATES.has(name)))('%s carries nothing the customer typed', (name) => {
    const written = render(name, false);
    expect(written).not.toContain(TYPED);
    expect(written).not.toContain(STREET);
    expect(written.toLowerCase()).not.toContain('urgent');
  });

  it('greets without the name, and shows the order address as area, city and state only', () => {
    const email = renderEmail('order-placed', EXAMPLES['order-placed'], undefined, { verified: false });
    expect(email.text).toMatch(/^Hello,$/m);
    expect(email.text).toContain('Delivery address:\nIkeja\nLagos, Lagos\n');
    for (const left of ['100001', '+2348031234567', 'Nigeria\n']) expect(email.text).not.toContain(left);
    expect(email.html).toContain('<p>Hello,</p>');
  });

  it('says the email was changed without naming the new address', () => {
    const email = renderEmail('email-changed', EXAMPLES['email-changed'], undefined, { verified: false });
    expect(email.text).toContain('The email address of your Stitch & Trim account was changed.');
  });

  it('to a verified address, is written in full', () => {
    for (const name of ['order-placed', 'order-paid', 'order-status-changed', 'welcome'] as const) {
      expect(render(name, true), name).toContain(`Hello ${TYPED},`);
    }
    expect(render('order-placed', true)).toContain(STREET);
  });

  it.each([...SHOP_TEMPLATES])('%s, written to the shop, keeps the customer’s words', (name) => {
    expect(render(name, false)).toContain(TYPED);
  });
});

describe('the order emails the outbox writes', () => {
  let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    shop = await createMailingTestApp();
    ({ app, smtp } = shop);
  });
  afterAll(async () => shop?.close());

  async function orderMail(session: Parameters<typeof placeOrder>[1], email: string) {
    const product = await createProduct(shop.database, { priceKobo: 500_000, stock: 10 });
    const placed = await placeOrder(app, session, [{ productId: product.id, quantity: 1, price: 5_000 }], {
      paymentDetails: { method: 'bankTransfer', transactionId: null },
      shippingDetails: { ...SHIPPING, email, firstName: 'Kunle', lastName: 'Adeyemi', address: STREET },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderNumber } = placed.json().order;
    return smtp.waitFor(email, (mail) => mail.subject === `Order ${orderNumber} received`);
  }

  it('leave out the street, names and phone until the address is verified, then carry them', async () => {
    const { session, email, id } = await customer(app, { firstName: 'Kunle', lastName: 'Adeyemi' });
    const unverified = await orderMail(session, email);
    expect(unverified.text).toMatch(/^Hello,\r?$/m);
    expect(unverified.text).toMatch(/Ikeja\r?\nLagos, Lagos/);
    for (const typed of [STREET, 'Kunle', 'Adeyemi', '08012345678', '+2348012345678']) {
      expect(unverified.text).not.toContain(typed);
      expect(unverified.raw).not.toContain(typed);
    }

    await verifyEmailOf(app, id);
    const verified = await orderMail(session, email);
    expect(verified.text).toContain('Hello Kunle,');
    expect(verified.text).toContain(STREET);
  });
});
