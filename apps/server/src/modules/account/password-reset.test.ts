import { ACCOUNT_MESSAGES as M } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, customer, GOOD_PASSWORD, login, register, uniqueEmail } from '../../../test/accounts';
import { createMailingTestApp, createTestApp } from '../../../test/helper';
import { otpFrom, startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { RESET_FAILURES_PER_DAY } from './account.service';

let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
let app: FastifyInstance;
let smtp: TestSmtpServer;

beforeAll(async () => {
  shop = await createMailingTestApp();
  ({ app, smtp } = shop);
});
afterAll(async () => shop?.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });
const requestReset = (email: string) => post('/api/users/request-reset', { email });
const resetPassword = (email: string, otp: string, newPassword = 'NewPass@2025') =>
  post('/api/users/reset-password', { email, otp, newPassword });

/** Asks for a code and reads it from the email the SMTP server received. */
async function emailedOtp(email: string): Promise<string> {
  const before = smtp.to(email).length;
  expect((await requestReset(email)).statusCode).toBe(200);
  const mail = await smtp.waitFor(
    email,
    (m) => m.subject.includes('password reset') && smtp.to(email).indexOf(m) >= before,
  );
  return otpFrom(mail);
}

describe('password reset by emailed code', () => {
  it('emails a 6-digit code, sets the new password with it, and ends every session', async () => {
    const { email, session } = await customer(app);
    const other = await login(app, email, GOOD_PASSWORD);
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset OTP has been sent to your email' });
    const mail = await smtp.waitFor(email, (m) => m.subject.includes('password reset'));
    const otp = otpFrom(mail);
    expect(otp).toMatch(/^\d{6}$/);
    expect(mail.raw).toContain('Content-Type: text/html');

    const reset = await resetPassword(email, otp);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password has been reset successfully' });
    for (const s of [session, other]) {
      expect((await app.inject({ method: 'GET', url: '/api/users/verify', headers: bearer(s) })).statusCode).toBe(401);
    }
    expect((await post('/api/users/login', { email, password: GOOD_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/users/login', { email, password: 'NewPass@2025' })).statusCode).toBe(200);
    // A code works once.
    expect((await resetPassword(email, otp, 'Again@2025')).statusCode).toBe(400);
  });

  it('stores the code hashed, never as it was sent', async () => {
    const { email } = await register(app);
    const otp = await emailedOtp(email);
    const rows = await shop.database.query<{ otp_hash: string }>(
      'SELECT otp_hash FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = $1',
      [email],
    );
    expect(rows.length).toBe(1);
    expect(rows[0]?.otp_hash).not.toContain(otp);
    expect(rows[0]?.otp_hash).toMatch(/^\$argon2id\$/);
    // Once sent, the outbox no longer holds it either.
    const sent = () =>
      shop.database.query<{ payload: unknown }>(
        `SELECT payload FROM outbox WHERE payload->>'to' = $1 AND payload->>'template' = 'password-reset-otp' AND done_at IS NOT NULL`,
        [email],
      );
    await expect.poll(async () => (await sent()).length, { timeout: 10_000 }).toBe(1);
    expect(JSON.stringify(await sent())).not.toContain(otp);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset OTP has been sent to your email' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(email)).toEqual([]);
  });

  it('refuses a wrong code with 400, and voids the code after 5 wrong tries', async () => {
    const { email } = await register(app);
    const otp = await emailedOtp(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await resetPassword(email, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(M.otpInvalidOrExpired);
    }
    // The right code no longer works.
    expect((await resetPassword(email, otp)).statusCode).toBe(400);
    expect((await post('/api/users/login', { email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('counts parallel guesses too: at most 5 of 10 at once are even checked', async () => {
    const { email } = await register(app);
    const otp = await emailedOtp(email);
    const guesses = Array.from({ length: 10 }, (_, i) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => resetPassword(email, guess)));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const [row] = await shop.database.query<{ failed_attempts: number; used_at: unknown }>(
      `SELECT failed_attempts, used_at FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = $1`,
      [email],
    );
    expect(row?.failed_attempts).toBe(5);
    expect(row?.used_at).not.toBeNull();
  });

  it('caps the wrong codes one email gets in a day across all its codes, then refuses even the right one', async () => {
    const { email } = await register(app);
    const otp = await emailedOtp(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    expect((await resetPassword(email, wrong)).statusCode).toBe(400);
    expect((await app.rateLimits.peek(`reset-failures:${email}`)).count).toBe(1);
    // The rest of a day's wrong codes, as if made over several earlier codes.
    for (let i = 1; i < RESET_FAILURES_PER_DAY; i += 1) await app.rateLimits.hit(`reset-failures:${email}`, 86_400_000);
    const refused = await resetPassword(email, otp);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(M.tooManyResetRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    expect((await post('/api/users/login', { email, password: 'NewPass@2025' })).statusCode).toBe(401);
  });

  it('refuses an expired code', async () => {
    const { email } = await register(app);
    const otp = await emailedOtp(email);
    await shop.database.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    expect((await resetPassword(email, otp)).statusCode).toBe(400);
  });

  it('replaces an earlier code when a new one is asked for', async () => {
    const { email } = await register(app);
    const first = await emailedOtp(email);
    const second = await emailedOtp(email);
    if (first !== second) expect((await resetPassword(email, first)).statusCode).toBe(400);
    expect((await resetPassword(email, second)).statusCode).toBe(200);
  });

  it('allows 3 requests per email in 15 minutes, then 429 with Retry-After (for unknown emails too)', async () => {
    for (const email of [(await register(app)).email, uniqueEmail('ghost')]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email)).statusCode).toBe(200);
      const blocked = await requestReset(email);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().message).toBe(M.tooManyResetRequests);
    }
  });

  it.each([
    ['otp', { otp: '' }, 'OTP must be 6 digits'],
    ['otp', { otp: '12345' }, 'OTP must be 6 digits'],
    ['otp', { otp: '12345a' }, 'OTP must be 6 digits'],
    ['newPassword', { newPassword: '' }, 'Password is required'],
    ['newPassword', { newPassword: 'Ab1@' }, 'Password must be at least 6 characters'],
    [
      'newPassword',
      { newPassword: 'nouppercase1@' },
      'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'bad' }, 'Invalid email address'],
  ])('rejects a bad %s at reset with the SPEC message (%j)', async (field, change, message) => {
    const response = await post('/api/users/reset-password', {
      email: 'a@example.com',
      otp: '123456',
      newPassword: GOOD_PASSWORD,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{}, 'Email is required'],
    [{ email: 'bad@' }, 'Invalid email address'],
  ])('rejects a bad forgot-password email %j with the SPEC message', async (body, message) => {
    const response = await post('/api/users/request-reset', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.email).toBe(message);
  });
});

describe('a mail server that is down', () => {
  it('gets the code once it is back up: the outbox retries', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.stop();
    const outage = await createTestApp({
      seedDemoCatalogue: false,
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'shop@example.com' },
      outbox: { worker: true, pollMs: 100, retryBaseMs: 100 },
    });
    try {
      const { email } = await register(outage.app);
      const response = await outage.app.inject({ method: 'POST', url: '/api/users/request-reset', payload: { email } });
      expect(response.statusCode).toBe(200);
      await expect
        .poll(
          async () =>
            (
              await outage.database.query<{ attempts: number }>(
                `SELECT attempts FROM outbox WHERE payload->>'template' = 'password-reset-otp'`,
              )
            )[0]?.attempts ?? 0,
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(2);
      const up = await startSmtpServer({ port });
      try {
        const mail = await up.waitFor(email, (m) => m.subject.includes('password reset'), 20_000);
        const reset = await outage.app.inject({
          method: 'POST',
          url: '/api/users/reset-password',
          payload: { email, otp: otpFrom(mail), newPassword: 'AfterOutage@1' },
        });
        expect(reset.statusCode).toBe(200);
        // Delivered once, not once per retry.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(up.to(email).filter((m) => m.subject.includes('password reset'))).toHaveLength(1);
      } finally {
        await up.stop();
      }
    } finally {
      await outage.close();
    }
  });
});
