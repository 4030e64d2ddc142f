import type { ShopSettings } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../test/accounts';
import { createMailingTestApp, testEngine } from '../../../test/helper';
import { createProduct, placeOrder } from '../../../test/orders';
import type { TestSmtpServer } from '../../../test/smtp';

// What the shop emails after the admin saves the settings (decision 025), through the outbox and
// a real SMTP server: the next order's email names the new account and the shop's new phone, the
// shop's own copy goes to the new orders email, and a contact message to the new shop email.

let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
let app: FastifyInstance;
let smtp: TestSmtpServer;
let admin: Session;

beforeAll(async () => {
  shop = await createMailingTestApp();
  app = shop.app;
  smtp = shop.smtp;
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => shop?.close());

const BANK = { accountName: 'Adire Trims Ltd', bankName: 'Access Bank', accountNumber: '0112233445' };

describe(`emails after a save of the settings (${testEngine})`, () => {
  it('go out with the new bank account, phone, hours and inboxes', async () => {
    // Before any save, the shop's own emails go to the first admin, as before (no CONTACT_EMAIL).
    expect(await app.settings.inbox()).toEqual({ ordersEmail: undefined, contactEmail: undefined });

    const current = (await app.inject({ method: 'GET', url: '/api/settings/admin', headers: bearer(admin) })).json()
      .settings as ShopSettings;
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(admin),
      payload: {
        ...current,
        name: 'Adire Trims',
        phone: '0809 111 2222',
        whatsapp: '0809 111 2222',
        email: 'Hello@Adire.example',
        ordersEmail: 'orders@adire.example',
        bankAccount: BANK,
        openingHours: [{ days: 'Every day', hours: '9:00 – 20:00' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const { session, email } = await customer(app);
    const product = await createProduct(shop.database, { priceKobo: 250_000 });
    const placed = await placeOrder(app, session, [{ productId: product.id, quantity: 2, price: 2_500 }], {
      paymentDetails: { method: 'bankTransfer', transactionId: null },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderNumber = placed.json().order.orderNumber as string;

    const mail = await smtp.waitFor(email, (m) => m.subject === `Order ${orderNumber} received`, 15_000);
    expect(mail.text).toContain('Account name: Adire Trims Ltd');
    expect(mail.text).toContain('Bank: Access Bank');
    expect(mail.text).toContain('Account number: 0112233445');
    expect(mail.text).toContain('Call or WhatsApp us on +234 809 111 2222, or write to hello@adire.example.');
    expect(mail.text.trimEnd().endsWith('Adire Trims')).toBe(true);
    expect(mail.raw).not.toContain('0000000000'); // the demo account of the environment

    const toShop = await smtp.waitFor('orders@adire.example', (m) => m.subject.startsWith(`New order ${orderNumber}`));
    expect(toShop.text).toContain(orderNumber);

    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '198.51.100.77',
      payload: {
        fullname: 'Ngozi Adebayo',
        email: 'ngozi.settings@example.com',
        subject: 'Opening hours',
        message: 'Are you open on Sundays in December?',
        privacyPolicy: true,
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const toInbox = await smtp.waitFor('hello@adire.example', (m) => m.subject.startsWith('Contact form:'));
    expect(toInbox.text).toContain('Are you open on Sundays in December?');
    const confirmation = await smtp.waitFor('ngozi.settings@example.com');
    expect(confirmation.subject).toBe('We received your message - Adire Trims');
    expect(confirmation.text).toContain('Every day: 9:00 – 20:00');
  });
});
