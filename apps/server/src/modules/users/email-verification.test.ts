import { createHash } from 'node:crypto';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES as M } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, GOOD_PASSWORD, login, type Session, uniqueEmail } from '../../../test/accounts';
import { createMailingTestApp } from '../../../test/helper';
import { type ReceivedMail, type TestSmtpServer, verifyTokenFrom } from '../../../test/smtp';

// Verified email (SECURITY.md "Verified email"): registration logs in at once and mails a
// single-use link; opening it verifies the address; the profile may ask for another; a new
// address is unverified until its own link is opened.

let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
let app: FastifyInstance;
let smtp: TestSmtpServer;

beforeAll(async () => {
  shop = await createMailingTestApp({ publicUrl: 'https://shop.example.ng' });
  ({ app, smtp } = shop);
});
afterAll(async () => shop?.close());

const verifyEmail = (token: string, remoteAddress = '198.51.100.9') =>
  app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token }, remoteAddress });
const resend = (session: Session) =>
  app.inject({ method: 'POST', url: '/api/users/resend-verification', headers: bearer(session) });
const me = async (session: Session) =>
  (await app.inject({ method: 'GET', url: '/api/users/verify', headers: bearer(session) })).json().user;
const welcomeTo = (email: string) => smtp.waitFor(email, (mail) => mail.subject.startsWith('Welcome'));
const linksTo = (email: string) => smtp.to(email).filter((mail) => /verify-email#token=/.test(mail.text));

describe('registration', () => {
  it('logs the customer in unverified and mails a link that verifies the address once', async () => {
    const { email, session, response } = await customer(app);
    expect(response.json().user).toMatchObject({ email, emailVerified: false });
    expect(await me(session)).toMatchObject({ emailVerified: false });

    const welcome = await welcomeTo(email);
    expect(welcome.text).toContain('Confirm your email address: https://shop.example.ng/verify-email#token=');
    expect(welcome.text).toContain(`for ${ACCOUNT_LIMITS.verificationValidHours} hours`);
    const token = verifyTokenFrom(welcome);

    const verified = await verifyEmail(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: M.emailVerified, user: { email, emailVerified: true } });
    expect(await me(session)).toMatchObject({ emailVerified: true });

    // A second click (the same link) says so, and changes nothing.
    const again = await verifyEmail(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: M.emailAlreadyVerified, user: { emailVerified: true } });
  });

  it('uses a link once when two clicks land together: one verifies, the other finds it verified', async () => {
    const { email } = await customer(app);
    const token = verifyTokenFrom(await welcomeTo(email));
    const answers = await Promise.all([verifyEmail(token), verifyEmail(token)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().message).sort()).toEqual(
      [M.emailAlreadyVerified, M.emailVerified].sort(),
    );
  });

  it('keeps only the SHA-256 of the token, with a 48-hour expiry', async () => {
    const { email, id } = await customer(app);
    const token = verifyTokenFrom(await welcomeTo(email));
    const rows = await app.database.query<{ token_hash: string; email: string; hours: number }>(
      `SELECT token_hash, email, extract(epoch FROM expires_at - created_at) / 3600 AS hours
         FROM email_verifications WHERE user_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.email).toBe(email);
    expect(Math.round(Number(rows[0]?.hours))).toBe(48);
  });
});

describe('a link that cannot verify', () => {
  it('refuses an expired link with VERIFICATION_LINK_INVALID and leaves the address unverified', async () => {
    const { email, id, session } = await customer(app);
    const token = verifyTokenFrom(await welcomeTo(email));
    await app.database.query(
      "UPDATE email_verifications SET expires_at = now() - interval '1 minute' WHERE user_id = $1",
      [id],
    );
    const refused = await verifyEmail(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VERIFICATION_LINK_INVALID', message: M.verificationLinkInvalid });
    expect(await me(session)).toMatchObject({ emailVerified: false });
  });

  it('refuses an unknown or malformed token the same way', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token', 'x'.repeat(100)]) {
      const refused = await verifyEmail(token);
      expect(refused.statusCode, token).toBe(400);
    }
    expect((await verifyEmail('A'.repeat(43))).json().code).toBe('VERIFICATION_LINK_INVALID');
  });

  it('lets one address open at most 60 links in 15 minutes', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 60; i += 1) expect((await verifyEmail('B'.repeat(43), address)).statusCode).toBe(400);
    const limited = await verifyEmail('B'.repeat(43), address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sending the link again', () => {
  it('mails a new link that replaces the earlier one', async () => {
    const { email, session } = await customer(app);
    const first = verifyTokenFrom(await welcomeTo(email));
    const sent = await resend(session);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: M.verificationSent });
    const mail = await smtp.waitFor(email, (m) => m.subject.startsWith('Confirm your email address'));
    const second = verifyTokenFrom(mail);
    expect(second).not.toBe(first);
    expect((await verifyEmail(first)).statusCode).toBe(400);
    expect((await verifyEmail(second)).statusCode).toBe(200);
  });

  it(`allows ${ACCOUNT_LIMITS.verificationRequestsPerUser} emails an hour per account, then 429`, async () => {
    const { session } = await customer(app);
    for (let i = 0; i < ACCOUNT_LIMITS.verificationRequestsPerUser; i += 1) {
      expect((await resend(session)).statusCode).toBe(200);
    }
    const limited = await resend(session);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: M.tooManyVerificationRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sends nothing to an address already verified, and needs a login', async () => {
    const { email, session } = await customer(app);
    expect((await verifyEmail(verifyTokenFrom(await welcomeTo(email)))).statusCode).toBe(200);
    const before = linksTo(email).length;
    const answer = await resend(session);
    expect(answer.json()).toEqual({ message: M.emailAlreadyVerified });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(linksTo(email)).toHaveLength(before);
    expect((await app.inject({ method: 'POST', url: '/api/users/resend-verification' })).statusCode).toBe(401);
  });
});

describe('changing the email', () => {
  it('makes the account unverified again; only the link sent to the new address verifies it', async () => {
    const { email, session } = await customer(app);
    const oldLink = verifyTokenFrom(await welcomeTo(email));
    const newEmail = uniqueEmail('moved');
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(session),
      payload: { email: newEmail, currentPassword: GOOD_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ email: newEmail, emailVerified: false });

    // The old address's link proves the old address only.
    expect((await verifyEmail(oldLink)).statusCode).toBe(400);
    const mail: ReceivedMail = await smtp.waitFor(newEmail, (m) => m.subject.startsWith('Confirm your email address'));
    expect((await verifyEmail(verifyTokenFrom(mail))).json().user).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
  });

  it('from a verified address, unverifies it', async () => {
    const { email, session } = await customer(app);
    await verifyEmail(verifyTokenFrom(await welcomeTo(email)));
    const newEmail = uniqueEmail('again');
    await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(session),
      payload: { email: newEmail, currentPassword: GOOD_PASSWORD },
    });
    expect(await me(session)).toMatchObject({ email: newEmail, emailVerified: false });
  });
});

describe('the bootstrap admin', () => {
  it('is verified from the start (its address is the shop’s own, ADMIN_EMAIL)', async () => {
    const admin = await login(app, ADMIN.email, ADMIN.password);
    expect(admin.user).toMatchObject({ email: ADMIN.email, emailVerified: true });
  });
});
