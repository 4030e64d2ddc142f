import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES as M } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, customer, GOOD_PASSWORD, login, register, uniqueEmail, verifyEmailOf } from '../../../test/accounts';
import { createMailingTestApp } from '../../../test/helper';
import type { TestSmtpServer } from '../../../test/smtp';
import { LOGIN_LIMITS } from './account.service';

let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
let app: FastifyInstance;
let smtp: TestSmtpServer;

beforeAll(async () => {
  shop = await createMailingTestApp();
  ({ app, smtp } = shop);
});
afterAll(async () => shop?.close());

const verify = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/users/verify', headers });
const putProfile = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/users/profile', headers, payload });
const loginFrom = (remoteAddress: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });

describe('changing the email of an account', () => {
  it('needs the current password: 400 without it, 401 when it is wrong, and nothing changes', async () => {
    const { email, session } = await customer(app);
    const newEmail = uniqueEmail('moved');
    const missing = await putProfile(bearer(session), { email: newEmail, firstName: 'Moved' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'CURRENT_PASSWORD_REQUIRED',
      message: M.currentPasswordRequired,
      errors: { currentPassword: M.currentPasswordRequired },
    });
    const wrong = await putProfile(bearer(session), { email: newEmail, currentPassword: 'Wrong@123' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'WRONG_PASSWORD',
      message: M.currentPasswordWrong,
      errors: { currentPassword: M.currentPasswordWrong },
    });
    const user = (await verify(bearer(session))).json().user;
    expect(user).toMatchObject({ email, firstName: 'Ada' });
    // The other fields still change without a password.
    expect((await putProfile(bearer(session), { firstName: 'Kemi' })).statusCode).toBe(200);
  });

  it('with the right password, ends the other sessions, keeps this one, and tells the old address', async () => {
    const { email, session, id } = await customer(app);
    // A verified old address is told the new one; an unverified one only that it changed (below).
    await verifyEmailOf(app, id);
    const other = await login(app, email, GOOD_PASSWORD);
    const newEmail = uniqueEmail('moved');
    const changed = await putProfile(bearer(session), { email: newEmail, currentPassword: GOOD_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ message: M.profileUpdated, user: { email: newEmail } });
    expect((await verify(bearer(session))).statusCode).toBe(200);
    expect((await verify(bearer(other))).statusCode).toBe(401);

    const notice = await smtp.waitFor(email, (mail) => mail.subject.includes('email address was changed'));
    expect(notice.subject).toBe('Your Stitch & Trim email address was changed');
    expect(notice.text).toContain(newEmail);
    expect(smtp.to(newEmail).filter((mail) => mail.subject.includes('was changed'))).toEqual([]);
    expect((await loginFrom('192.0.2.10', newEmail, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await loginFrom('192.0.2.10', email, GOOD_PASSWORD)).statusCode).toBe(401);
  });

  it('tells an unverified old address that the email changed, without naming the new one', async () => {
    const { email, session } = await customer(app);
    const newEmail = uniqueEmail('moved');
    expect((await putProfile(bearer(session), { email: newEmail, currentPassword: GOOD_PASSWORD })).statusCode).toBe(
      200,
    );
    const notice = await smtp.waitFor(email, (mail) => mail.subject.includes('email address was changed'));
    expect(notice.text).toContain('The email address of your Stitch & Trim account was changed.');
    expect(notice.text).not.toContain(newEmail);
  });

  it('stops a session that guesses the current password after 5 wrong tries', async () => {
    const { session } = await customer(app);
    const newEmail = uniqueEmail('guess');
    for (let i = 0; i < ACCOUNT_LIMITS.loginFailuresPerEmail; i += 1) {
      expect((await putProfile(bearer(session), { email: newEmail, currentPassword: `Wrong@${i}23` })).statusCode).toBe(
        401,
      );
    }
    const refused = await putProfile(bearer(session), { email: newEmail, currentPassword: GOOD_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('login limits', () => {
  it("checks the address's limit first: attempts it refuses do not count against the email", async () => {
    const victim = await register(app);
    const attacker = '203.0.113.50';
    for (let i = 0; i < LOGIN_LIMITS.perAddress.max; i += 1)
      await app.rateLimits.hit(`login-ip:${attacker}`, LOGIN_LIMITS.perAddress.windowMs);
    for (let i = 0; i < LOGIN_LIMITS.perEmail.max + 5; i += 1) {
      const refused = await loginFrom(attacker, victim.email, 'Wrong@123');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: M.tooManyLoginAttempts });
    }
    expect((await loginFrom('198.51.100.20', victim.email, victim.password)).statusCode).toBe(200);
  });

  it("locks a stranger's address out of an email after 5 failures while the owner still logs in from theirs", async () => {
    const owner = await register(app);
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndAddress.max; i += 1)
      expect((await loginFrom('203.0.113.60', owner.email, 'Wrong@123')).statusCode).toBe(401);
    const stranger = await loginFrom('203.0.113.60', owner.email, owner.password);
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(800);
    expect((await loginFrom('198.51.100.70', owner.email, owner.password)).statusCode).toBe(200);
  });

  it('locks the email from every address once strangers together fail 20 times in 15 minutes', async () => {
    const owner = await register(app);
    const perAddress = LOGIN_LIMITS.perEmailAndAddress.max;
    for (let n = 0; n < LOGIN_LIMITS.perEmail.max / perAddress; n += 1) {
      for (let i = 0; i < perAddress; i += 1)
        expect((await loginFrom(`203.0.113.${100 + n}`, owner.email, 'Wrong@123')).statusCode).toBe(401);
    }
    const blocked = await loginFrom('198.51.100.80', owner.email, owner.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(M.tooManyLoginAttempts);
  });
});
