import { CONTACT_LIMITS, CONTACT_MESSAGES as M } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, createTestApp } from '../../../test/helper';
import { headerLines, headerOf, startSmtpServer, type TestSmtpServer } from '../../../test/smtp';

const SHOP_INBOX = 'admin@example.com'; // the first admin outside production (README)

let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
let app: FastifyInstance;
let smtp: TestSmtpServer;

beforeAll(async () => {
  shop = await createMailingTestApp();
  smtp = shop.smtp;
  app = shop.app;
});
afterAll(async () => shop?.close());

let nextAddress = 1;
/** Each test writes from an address of its own, so the hourly limit only meets the test about it. */
const freshIp = () => `198.51.100.${nextAddress++}`;

const send = (payload: object, remoteAddress = freshIp()) =>
  app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

const valid = (overrides: Record<string, unknown> = {}) => ({
  fullname: 'Ngozi Adebayo',
  email: `ngozi.${Math.random().toString(36).slice(2, 8)}@example.com`,
  subject: 'Wholesale lace',
  message: 'Do you sell French lace by the bolt for a boutique in Ikeja?',
  privacyPolicy: true,
  ...overrides,
});

const storedFrom = (email: string) =>
  shop.database.query<{ fullname: string; subject: string | null; message: string }>(
    'SELECT fullname, subject, message FROM contact_messages WHERE email = $1',
    [email],
  );
const queuedFor = (email: string) =>
  shop.database.query('SELECT id FROM outbox WHERE payload->>$1 = $2', ['to', email]);

describe('contact form messages', () => {
  it("stores a visitor's message and emails the shop (Reply-To the visitor) and the visitor", async () => {
    const payload = valid();
    const response = await send(payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: M.sent });
    expect(await storedFrom(payload.email)).toEqual([
      { fullname: 'Ngozi Adebayo', subject: 'Wholesale lace', message: payload.message },
    ]);

    const toShop = await smtp.waitFor(SHOP_INBOX, (mail) => mail.text.includes(payload.email));
    expect(toShop.to).toEqual([SHOP_INBOX]);
    expect(toShop.subject).toBe('Contact form: Wholesale lace (from Ngozi Adebayo)');
    expect(headerOf(toShop.raw, 'Reply-To')).toBe(`Ngozi Adebayo <${payload.email}>`);
    expect(toShop.text).toContain(payload.message);

    const toVisitor = await smtp.waitFor(payload.email);
    expect(toVisitor.to).toEqual([payload.email]);
    expect(toVisitor.subject).toBe('We received your message - Stitch & Trim');
    // The confirmation repeats nothing the visitor typed, not even the name: nobody proved the
    // address is theirs (SECURITY.md "Verified email").
    expect(toVisitor.text).toMatch(/^Hello,\r?$/m);
    expect(toVisitor.text).not.toContain('Ngozi');
    expect(toVisitor.text).not.toContain(payload.message);
    expect(headerOf(toVisitor.raw, 'Reply-To')).toBeUndefined();
  });

  it('refuses each broken field with 400 and the SPEC message under its name', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullname: undefined }, 'fullname', M.fullnameRequired],
      [{ fullname: '   ' }, 'fullname', M.fullnameRequired],
      [{ fullname: 'A' }, 'fullname', M.fullnameTooShort],
      [{ fullname: 'N'.repeat(101) }, 'fullname', M.fullnameTooLong],
      [{ email: undefined }, 'email', M.emailRequired],
      [{ email: '' }, 'email', M.emailRequired],
      [{ email: 'not-an-email' }, 'email', M.emailInvalid],
      [{ email: 'a,victim@example.com' }, 'email', M.emailInvalid],
      [{ subject: 'S'.repeat(151) }, 'subject', M.subjectTooLong],
      [{ message: undefined }, 'message', M.messageRequired],
      [{ message: '  ' }, 'message', M.messageRequired],
      [{ message: 'Too short' }, 'message', M.messageTooShort],
      [{ message: 'm'.repeat(5001) }, 'message', M.messageTooLong],
      [{ privacyPolicy: undefined }, 'privacyPolicy', M.privacyPolicyRequired],
      [{ privacyPolicy: false }, 'privacyPolicy', M.privacyPolicyRequired],
    ];
    for (const [overrides, field, message] of cases) {
      const payload = valid(overrides);
      const response = await send(payload);
      expect(response.statusCode, `${field}: ${JSON.stringify(overrides)}`).toBe(400);
      expect(response.json()).toEqual({ code: 'INVALID_INPUT', message, errors: { [field]: message } });
    }
    expect(await shop.database.query("SELECT 1 FROM contact_messages WHERE fullname IN ('A', '   ')")).toEqual([]);
  });

  it('accepts a message without a subject', async () => {
    const payload = valid({ subject: '' });
    expect((await send(payload)).statusCode).toBe(201);
    expect((await storedFrom(payload.email))[0]?.subject).toBeNull();
    const toShop = await smtp.waitFor(SHOP_INBOX, (mail) => mail.text.includes(payload.email));
    expect(toShop.subject).toBe('Contact form: A message from the contact form (from Ngozi Adebayo)');
  });

  it('answers a filled honeypot like any message, and neither stores nor sends it', async () => {
    const payload = valid({ website: 'https://cheap-followers.example' });
    const response = await send(payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: M.sent });
    expect(await storedFrom(payload.email)).toEqual([]);
    expect(await queuedFor(payload.email)).toEqual([]);
    // A real message sent after it arrives, and still nothing came for the bot's.
    const after = valid();
    expect((await send(after)).statusCode).toBe(201);
    await smtp.waitFor(after.email);
    await smtp.waitFor(SHOP_INBOX, (mail) => mail.text.includes(after.email));
    expect(smtp.to(payload.email)).toEqual([]);
    expect(smtp.to(SHOP_INBOX).filter((mail) => mail.text.includes(payload.email))).toEqual([]);
  });

  it('lets no newline in the subject or the name add a header: a Bcc reaches no one', async () => {
    const payload = valid({
      fullname: 'Mallory\r\nBcc: Victim Name',
      subject: 'Hello\r\nBcc: victim@example.net\r\nX-Injected: yes',
    });
    const response = await send(payload);
    expect(response.statusCode).toBe(201);
    const toShop = await smtp.waitFor(SHOP_INBOX, (mail) => mail.text.includes(payload.email));
    const toVisitor = await smtp.waitFor(payload.email);
    for (const mail of [toShop, toVisitor]) {
      expect(mail.to).toHaveLength(1);
      const headers = headerLines(mail.raw).map((line) => line.split(':')[0]?.toLowerCase());
      expect(headers).not.toContain('bcc');
      expect(headers).not.toContain('x-injected');
    }
    expect(toShop.subject).toBe(
      'Contact form: Hello Bcc: victim@example.net X-Injected: yes (from Mallory Bcc: Victim Name)',
    );
    // Give a smuggled copy time to arrive, then make sure none did.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const everyRecipient = smtp.messages.flatMap((mail) => mail.to);
    expect(everyRecipient).not.toContain('victim@example.net');
    expect(everyRecipient).not.toContain('victim-name@example.net');
  });

  it('refuses a name carrying a link, an address or markup, so the confirmation carries none to a stranger', async () => {
    for (const fullname of [
      'Mallory\r\nBcc: victim-name@example.net',
      'Win a prize at https://prize.example',
      'Claim it on www.prize-lagos.com',
      'prize-lagos.xyz',
      '<a href="x">Ngozi</a>',
      'Ngozi {{promo}}',
    ]) {
      const payload = valid({ fullname });
      const response = await send(payload);
      expect(response.statusCode, fullname).toBe(400);
      expect(response.json().errors.fullname, fullname).toBe(M.fullnameInvalid);
      expect(await storedFrom(payload.email)).toEqual([]);
      expect(await queuedFor(payload.email)).toEqual([]);
    }
    for (const fullname of ["Ngozi O'Neil-Adebayo", 'Chiamaka Nwosu Jr.', 'Adé Ọlá']) {
      expect((await send(valid({ fullname }))).statusCode, fullname).toBe(201);
    }
  });

  it('sends at most 3 messages a day to one email address, from any IP address, with 429 and Retry-After', async () => {
    const email = `target.${Math.random().toString(36).slice(2, 8)}@example.com`;
    for (let i = 0; i < CONTACT_LIMITS.messagesPerRecipient; i += 1) {
      expect((await send(valid({ email }), freshIp())).statusCode).toBe(201);
    }
    const refused = await send(valid({ email: email.toUpperCase() }), freshIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: M.tooManyToAddress });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await storedFrom(email)).toHaveLength(3);
    expect(await queuedFor(email)).toHaveLength(3);
    // Another address is not held back.
    expect((await send(valid(), freshIp())).statusCode).toBe(201);
  });

  it('refuses the sixth message in an hour from one address with 429 and Retry-After, and keeps nothing of it', async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMITS.messagesPerAddress; i += 1) {
      expect((await send(valid(), ip)).statusCode).toBe(201);
    }
    const sixth = valid();
    const refused = await send(sixth, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: M.tooManyMessages });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await storedFrom(sixth.email)).toEqual([]);
    // Another visitor is not held back by the first.
    expect((await send(valid(), freshIp())).statusCode).toBe(201);
  });
});

describe('contact form while the mail server is down', () => {
  it('loses no message: both emails go out once the SMTP server is back', async () => {
    const mailServer = await startSmtpServer();
    const port = mailServer.port;
    await mailServer.stop();
    const downShop = await createTestApp({
      seedDemoCatalogue: false,
      contactEmail: 'orders@stitchandtrim.example',
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Stitch & Trim <shop@example.com>' },
      outbox: { worker: true, pollMs: 50, retryBaseMs: 50 },
    });
    let back: TestSmtpServer | undefined;
    try {
      const payload = valid();
      const response = await downShop.app.inject({ method: 'POST', url: '/api/contact', payload });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: M.sent });
      // The worker tries, fails and keeps both emails for later.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [row] = await downShop.database.query<{ n: number | string }>(
          'SELECT count(*) AS n FROM outbox WHERE attempts > 0 AND done_at IS NULL',
        );
        if (Number(row?.n) >= 2) break;
        if (Date.now() > deadline) throw new Error('the outbox did not try to send the emails');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      back = await startSmtpServer({ port });
      const toShop = await back.waitFor('orders@stitchandtrim.example', () => true, 30_000);
      expect(headerOf(toShop.raw, 'Reply-To')).toBe(`Ngozi Adebayo <${payload.email}>`);
      await back.waitFor(payload.email, () => true, 30_000);
    } finally {
      await downShop.close();
      await back?.stop();
    }
  });
});
