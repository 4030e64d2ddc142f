import { NEWSLETTER_ADMIN_MESSAGES, NEWSLETTER_MESSAGES, subscriberPageSchema, subscriberSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../test/accounts';
import { createMailingTestApp } from '../../../test/helper';
import { headerOf, type TestSmtpServer } from '../../../test/smtp';
import { addressHash } from '../../mail/mail-consent';

let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
let app: FastifyInstance;
let smtp: TestSmtpServer;
let admin: Session;

beforeAll(async () => {
  shop = await createMailingTestApp({ publicUrl: 'https://shop.example.ng' });
  ({ app, smtp } = shop);
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => shop?.close());

let visitor = 0;
/** Each signup from its own address, so the per-address limit stays out of the way. */
const subscribe = (email: string) => {
  visitor += 1;
  return app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email },
    remoteAddress: `198.51.100.${visitor % 250}`,
  });
};

const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: bearer(admin) });

const tokenOf = async (email: string) => {
  const [row] = await shop.database.query<{ unsubscribe_token: string; id: string; active: boolean }>(
    'SELECT id, unsubscribe_token, active FROM newsletter_subscribers WHERE email = $1',
    [email],
  );
  if (!row) throw new Error(`${email} is not subscribed`);
  return row;
};

describe('the welcome email of a new subscriber', () => {
  it('thanks them and carries the unsubscribe link in its text, its HTML and the RFC 8058 headers', async () => {
    expect((await subscribe('welcome.me@example.com')).statusCode).toBe(201);
    const mail = await smtp.waitFor('welcome.me@example.com');
    const { unsubscribe_token: token } = await tokenOf('welcome.me@example.com');
    const link = `https://shop.example.ng/api/newsletter/unsubscribe?token=${token}`;
    expect(mail.subject).toBe('Thanks for subscribing to Stitch & Trim');
    expect(mail.text).toContain(link);
    // The HTML part, quoted-printable undone enough to read its link.
    const html = mail.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(html).toContain(`<a href="${link}"`);
    expect(headerOf(mail.raw, 'List-Unsubscribe')).toBe(`<${link}>`);
    expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('is sent once: subscribing again while subscribed sends nothing more and answers the same', async () => {
    await subscribe('twice@example.com');
    await smtp.waitFor('twice@example.com');
    const again = await subscribe('TWICE@example.com');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to('twice@example.com')).toHaveLength(1);
  });
});

describe('the unsubscribe link', () => {
  /** The page's button: its form, as a browser sends it. */
  const pressUnsubscribe = (token: string) =>
    app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      payload: 'answer=page',
    });

  it('opened (GET or HEAD, as mail scanners do), changes nothing and offers the Unsubscribe button', async () => {
    await subscribe('scanned@example.com');
    const { unsubscribe_token: token } = await tokenOf('scanned@example.com');
    const url = `/api/newsletter/unsubscribe?token=${token}`;
    for (let open = 0; open < 3; open++) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['content-security-policy']).toBeTruthy();
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.body).toContain(NEWSLETTER_ADMIN_MESSAGES.unsubscribeConfirm);
      expect(page.body).not.toContain(NEWSLETTER_ADMIN_MESSAGES.unsubscribed);
      // A plain form: it works before (and without) any script.
      expect(page.body).toContain(`<form method="post" action="${url}">`);
      expect(page.body).toContain('<input type="hidden" name="answer" value="page">');
      expect(page.body).toContain(`<button type="submit">${NEWSLETTER_ADMIN_MESSAGES.unsubscribeButton}</button>`);
      expect(page.body).toContain('href="https://shop.example.ng"');
      expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    }
    expect((await tokenOf('scanned@example.com')).active).toBe(true);
  });

  it('turns off that address only once the button is pressed, without a login, and says so on a page', async () => {
    await subscribe('leaver@example.com');
    await subscribe('stayer@example.com');
    const { unsubscribe_token: token } = await tokenOf('leaver@example.com');
    const done = await pressUnsubscribe(token);
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.headers['content-security-policy']).toBeTruthy();
    expect(done.body).toContain(NEWSLETTER_ADMIN_MESSAGES.unsubscribed);
    expect(done.body).not.toContain('<form');
    expect((await tokenOf('leaver@example.com')).active).toBe(false);
    expect((await tokenOf('stayer@example.com')).active).toBe(true);
    // A second press says the same and changes nothing; the link now says it is done.
    expect((await pressUnsubscribe(token)).body).toContain(NEWSLETTER_ADMIN_MESSAGES.unsubscribed);
    const again = await app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${token}` });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(NEWSLETTER_ADMIN_MESSAGES.unsubscribed);
    expect(again.body).not.toContain('<form');
  });

  it('of one address cannot touch another: a changed, partial or missing token is a 404 page', async () => {
    await subscribe('victim@example.com');
    await subscribe('attacker@example.com');
    const { unsubscribe_token: mine } = await tokenOf('attacker@example.com');
    const { unsubscribe_token: theirs } = await tokenOf('victim@example.com');
    const tries = [
      `${mine.slice(0, -1)}${mine.endsWith('A') ? 'B' : 'A'}`,
      mine.slice(0, 10),
      theirs.slice(0, -2),
      '%25',
      "' OR 1=1 --",
    ];
    for (const token of tries) {
      const page = await app.inject({
        method: 'GET',
        url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain(NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid);
      expect(page.headers['content-security-policy']).toBeTruthy();
    }
    expect((await app.inject({ method: 'GET', url: '/api/newsletter/unsubscribe' })).statusCode).toBe(404);
    const pressed = await pressUnsubscribe(theirs.slice(0, -2));
    expect(pressed.statusCode).toBe(404);
    expect(pressed.body).toContain(NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid);
    // The attacker's own token turns off the attacker only.
    await pressUnsubscribe(mine);
    expect((await tokenOf('victim@example.com')).active).toBe(true);
    expect((await tokenOf('attacker@example.com')).active).toBe(false);
  });

  it('takes the RFC 8058 one-click POST from a mail provider, form-encoded, with a foreign Origin and no cookie', async () => {
    await subscribe('oneclick@example.com');
    const { unsubscribe_token: token } = await tokenOf('oneclick@example.com');
    const response = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: NEWSLETTER_ADMIN_MESSAGES.unsubscribed });
    expect((await tokenOf('oneclick@example.com')).active).toBe(false);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe?token=notarealtokenatallnotreal',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ code: 'NOT_FOUND', message: NEWSLETTER_ADMIN_MESSAGES.unsubscribeInvalid });
  });

  it('takes a form-encoded body on the one-click route only: the signup stays JSON', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=form-post@example.com',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('is undone only by the link mailed to the address: subscribing it again answers as usual and mails that link, once', async () => {
    const email = 'comeback@example.com';
    await subscribe(email);
    await smtp.waitFor(email);
    const { unsubscribe_token: token } = await tokenOf(email);
    expect((await pressUnsubscribe(token)).statusCode).toBe(200);

    // A stranger (or the reader) signs the address up again: the usual answer, no welcome, and it
    // stays off the list; the address is mailed a link that brings it back.
    for (let i = 0; i < 3; i += 1) {
      const again = await subscribe(email);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    }
    expect((await tokenOf(email)).active).toBe(false);
    await smtp.waitFor(email, () => smtp.to(email).length === 2);
    const mail = smtp.to(email)[1];
    if (!mail) throw new Error('no second email');
    expect(mail.subject).toBe('Confirm your subscription to Stitch & Trim');
    // Asked three times, mailed once while the link works.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(email)).toHaveLength(2);
    expect(smtp.to(email).filter((sent) => sent.subject.startsWith('Thanks for subscribing'))).toHaveLength(1);
    expect(headerOf(mail.raw, 'List-Unsubscribe')).toBeUndefined();

    const link = /(https:\/\/shop\.example\.ng\/api\/newsletter\/confirm\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const path = (link ?? '').replace('https://shop.example.ng', '');
    // Opening it changes nothing (mail scanners open every link); the button does.
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(NEWSLETTER_ADMIN_MESSAGES.comebackPrompt);
    expect((await tokenOf(email)).active).toBe(false);
    const press = () =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
        payload: 'answer=page',
      });
    const pressed = await press();
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain(NEWSLETTER_ADMIN_MESSAGES.comebackDone);
    expect((await tokenOf(email)).active).toBe(true);
    expect(
      await shop.database.query('SELECT 1 FROM mail_unsubscribed WHERE email_hash = $1', [addressHash(email)]),
    ).toEqual([]);
    // Used up.
    const twice = await press();
    expect(twice.statusCode).toBe(404);
    expect(twice.body).toContain(NEWSLETTER_ADMIN_MESSAGES.comebackInvalid);
  });

  it('puts the address on the one unsubscribed list: the admin cannot put it back, only its own link can', async () => {
    const email = 'no.means.no@example.com';
    await subscribe(email);
    const { unsubscribe_token: token, id } = await tokenOf(email);
    await pressUnsubscribe(token);
    const refused = await asAdmin('PATCH', `/api/newsletter/subscribers/${id}`, { active: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: NEWSLETTER_ADMIN_MESSAGES.reactivateRefused });
    expect((await tokenOf(email)).active).toBe(false);
  });
});

describe('the admin’s subscriber list', () => {
  it('pages newest first, searches a piece of the address and filters active or not', async () => {
    const marker = `nl${Date.now().toString(36)}`;
    for (const name of ['amina', 'bayo', 'chioma']) await subscribe(`${name}.${marker}@example.com`);
    const { id: bayo } = await tokenOf(`bayo.${marker}@example.com`);
    const off = await asAdmin('PATCH', `/api/newsletter/subscribers/${bayo}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(NEWSLETTER_ADMIN_MESSAGES.deactivated);
    expect(subscriberSchema.parse(off.json().subscriber)).toMatchObject({ id: bayo, active: false });

    const page = subscriberPageSchema.parse(
      (await asAdmin('GET', `/api/newsletter/subscribers?search=${marker.toUpperCase()}&pageSize=2`)).json(),
    );
    expect(page.total).toBe(3);
    expect(page.subscribers.map((s) => s.email.split('.')[0])).toEqual(['chioma', 'bayo']);
    const second = subscriberPageSchema.parse(
      (await asAdmin('GET', `/api/newsletter/subscribers?search=${marker}&pageSize=2&page=2`)).json(),
    );
    expect(second.subscribers.map((s) => s.email.split('.')[0])).toEqual(['amina']);
    const inactive = subscriberPageSchema.parse(
      (await asAdmin('GET', `/api/newsletter/subscribers?search=${marker}&active=false`)).json(),
    );
    expect(inactive.subscribers.map((s) => s.id)).toEqual([bayo]);
    const active = subscriberPageSchema.parse(
      (await asAdmin('GET', `/api/newsletter/subscribers?search=${marker}&active=true`)).json(),
    );
    expect(active.total).toBe(2);

    const on = await asAdmin('PATCH', `/api/newsletter/subscribers/${bayo}`, { active: true });
    expect(on.json()).toMatchObject({ message: NEWSLETTER_ADMIN_MESSAGES.reactivated, subscriber: { active: true } });
  });

  it('answers 400 for a bad filter or body and 404 for an unknown subscriber', async () => {
    expect((await asAdmin('GET', '/api/newsletter/subscribers?active=maybe')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/newsletter/subscribers?pageSize=1000')).statusCode).toBe(400);
    const unknown = await asAdmin('PATCH', '/api/newsletter/subscribers/00000000-0000-4000-8000-000000000000', {
      active: false,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await asAdmin('PATCH', '/api/newsletter/subscribers/not-an-id', { active: false })).statusCode).toBe(404);
    const { id } = await tokenOf('welcome.me@example.com');
    expect((await asAdmin('PATCH', `/api/newsletter/subscribers/${id}`, { active: 'no' })).statusCode).toBe(400);
  });

  it('exports the subscribers as CSV, a formula-looking address made inert, filtered by active', async () => {
    const marker = `csv${Date.now().toString(36)}`;
    await subscribe(`=cmd.${marker}@example.com`);
    await subscribe(`plain.${marker}@example.com`);
    const { id } = await tokenOf(`plain.${marker}@example.com`);
    await asAdmin('PATCH', `/api/newsletter/subscribers/${id}`, { active: false });
    const csv = await asAdmin('GET', `/api/newsletter/subscribers/export.csv?search=${marker}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,createdAt,active');
    expect(lines.slice(1).map((line) => line.replace(/,[^,]+,/, ',*,'))).toEqual([
      `'=cmd.${marker}@example.com,*,true`,
      `plain.${marker}@example.com,*,false`,
    ]);
    const activeOnly = await asAdmin('GET', `/api/newsletter/subscribers/export.csv?search=${marker}&active=true`);
    expect(activeOnly.body.trim().split('\r\n')).toHaveLength(2);
  });
});

describe('who may call the newsletter’s admin routes', () => {
  it('answers 401 to a guest and 403 to a customer, before the input is checked', async () => {
    const buyer = (await customer(app)).session;
    const calls = [
      { method: 'GET', url: '/api/newsletter/subscribers?active=maybe' },
      { method: 'GET', url: '/api/newsletter/subscribers/export.csv?active=maybe' },
      { method: 'PATCH', url: '/api/newsletter/subscribers/x', payload: { active: 'no' } },
    ] as const;
    for (const call of calls) {
      const guest = await app.inject(call);
      expect(guest.statusCode, `${call.method} ${call.url} ${guest.body}`).toBe(401);
      const forbidden = await app.inject({ ...call, headers: bearer(buyer) });
      expect(forbidden.statusCode, `${call.method} ${call.url} ${forbidden.body}`).toBe(403);
    }
  });
});
