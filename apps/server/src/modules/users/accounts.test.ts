import { ACCOUNT_LIMITS, loginResponseSchema, ACCOUNT_MESSAGES as M, MESSAGES, userSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, GOOD_PASSWORD, login, register, uniqueEmail } from '../../../test/accounts';
import { createMailingTestApp, createTestApp } from '../../../test/helper';
import type { TestSmtpServer } from '../../../test/smtp';
import { ADDRESS_LIMITS } from './users.service';

let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
let app: FastifyInstance;
let smtp: TestSmtpServer;

beforeAll(async () => {
  shop = await createMailingTestApp();
  ({ app, smtp } = shop);
});
afterAll(async () => shop?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('registration', () => {
  it('creates a customer, answers 201 with the user and no secret, and emails a welcome', async () => {
    const email = uniqueEmail('welcome');
    const response = await post('/api/users/register', {
      firstName: 'Chioma',
      lastName: 'Eze',
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
      phoneNumber: '08012345678',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(M.registerSuccess);
    expect(userSchema.strict().parse(body.user)).toMatchObject({
      firstName: 'Chioma',
      email,
      // A Nigerian mobile is kept in one form (decision 021).
      phoneNumber: '+2348012345678',
      role: 'CUSTOMER',
      active: true,
      emailVerified: false,
    });
    expect(response.body).not.toMatch(/hash|argon|Tailor@2024/i);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Welcome to Stitch & Trim');
    // The address is not verified yet: the welcome repeats nothing typed, not even the name,
    // and carries the link that verifies it (SECURITY.md "Verified email").
    expect(mail.text).toMatch(/^Hello,\r?$/m);
    expect(mail.text).not.toContain('Chioma');
    expect(mail.text).toContain('/verify-email#token=');
    expect(mail.raw).toContain('Content-Type: text/html');
  });

  it('refuses an email that is taken, whatever its case, with 409', async () => {
    const { email } = await register(app);
    const again = await post('/api/users/register', {
      firstName: 'Ada',
      lastName: 'Obi',
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'EMAIL_TAKEN', message: M.emailTaken, errors: { email: M.emailTaken } });
  });

  it.each([
    ['firstName', { firstName: 'A' }, 'First name must be at least 2 characters'],
    ['lastName', { lastName: 'B' }, 'Last name must be at least 2 characters'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['phoneNumber', { phoneNumber: '12345' }, 'Please enter a valid phone number'],
    ['phoneNumber', { phoneNumber: '0801234567890123' }, 'Please enter a valid phone number'],
    ['password', { password: '' }, 'Password is required'],
    ['password', { password: 'Ab1@' }, 'Password must be at least 6 characters'],
    [
      'password',
      { password: 'alllowercase1@' },
      'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
    [
      'password',
      { password: 'Tailor#2024' },
      'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
  ])('rejects a bad %s with the SPEC message (%j)', async (field, change, message) => {
    const body = { firstName: 'Ada', lastName: 'Obi', email: uniqueEmail(), password: GOOD_PASSWORD, ...change };
    const response = await post('/api/users/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });
});

describe('login and sessions', () => {
  it('answers the token and the user, and sets an httpOnly SameSite=Lax cookie', async () => {
    const { email, password } = await register(app);
    const response = await post('/api/users/login', { email: ` ${email.toUpperCase()} `, password });
    expect(response.statusCode).toBe(200);
    const body = loginResponseSchema.strict().parse(response.json());
    expect(body).toMatchObject({ message: M.loginSuccess, email, role: 'CUSTOMER' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^shop_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=604800/);
  });

  it('answers 401 "Invalid email or password" for a wrong password and for an unknown email alike', async () => {
    const { email } = await register(app);
    const wrong = await post('/api/users/login', { email, password: 'Wrong@123' });
    const unknown = await post('/api/users/login', { email: uniqueEmail('nobody'), password: 'Wrong@123' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it.each([
    [{ email: '', password: 'Secret@1' }, 'email', 'Email is required'],
    [{ email: 'nope', password: 'Secret@1' }, 'email', 'Invalid email address'],
    [{ password: 'Secret@1' }, 'email', 'Email is required'],
    [{ email: 'a@example.com', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@example.com', password: '12345' }, 'password', 'Password must be at least 6 characters'],
  ])('rejects bad login input %j with the SPEC message', async (body, field, message) => {
    const response = await post('/api/users/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it('accepts the token from the cookie, from Authorization: Bearer and from x-auth-token', async () => {
    const { email, session } = await customer(app);
    for (const headers of [{ cookie: session.cookie }, bearer(session), { 'x-auth-token': session.token }]) {
      const response = await app.inject({ method: 'GET', url: '/api/users/verify', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.email).toBe(email);
    }
    expect((await app.inject({ method: 'GET', url: '/api/users/verify' })).statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/users/verify',
      headers: { authorization: 'Bearer forged-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("answers the web app's session check with the user, or with no user for a guest (200 either way)", async () => {
    const { email, session } = await customer(app);
    const guest = await app.inject({ method: 'GET', url: '/api/users/session' });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toEqual({ user: null });
    expect(guest.headers['cache-control']).toBe('no-store');
    const known = await app.inject({ method: 'GET', url: '/api/users/session', headers: { cookie: session.cookie } });
    expect(known.json().user.email).toBe(email);
    expect(known.body).not.toMatch(/hash/i);
  });

  it('ends the session at logout: the token no longer works, and the cookie is cleared', async () => {
    const { session } = await customer(app);
    const other = await login(app, session.user.email, GOOD_PASSWORD);
    const response = await post('/api/users/logout', {}, { cookie: session.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: M.logoutSuccess });
    expect(String(response.headers['set-cookie'])).toMatch(/shop_session=;/);
    expect((await app.inject({ method: 'GET', url: '/api/users/verify', headers: bearer(session) })).statusCode).toBe(
      401,
    );
    // Another device's session of the same user is not affected.
    expect((await app.inject({ method: 'GET', url: '/api/users/verify', headers: bearer(other) })).statusCode).toBe(
      200,
    );
  });

  it('stores only a hash of the session token', async () => {
    const { session } = await customer(app);
    const rows = await shop.database.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.some((row) => row.token_hash === session.token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    const users = await shop.database.query<{ password_hash: string }>('SELECT password_hash FROM users');
    expect(users.every((row) => row.password_hash.startsWith('$argon2id$'))).toBe(true);
  });

  it('allows 5 failed logins for one email in 15 minutes, then answers 429 with Retry-After, even to the right password', async () => {
    const { email, password } = await register(app);
    for (let i = 0; i < 5; i++)
      expect((await post('/api/users/login', { email, password: 'Wrong@123' })).statusCode).toBe(401);
    const blocked = await post('/api/users/login', { email, password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.json().message).toBe(M.tooManyLoginAttempts);
    // Other emails are not affected.
    const other = await register(app);
    expect((await post('/api/users/login', { email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it('lets no browser or proxy keep a login answer or the logged-in user', async () => {
    const { email, password } = await register(app);
    const answer = await post('/api/users/login', { email, password });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const profile = await app.inject({
      method: 'GET',
      url: '/api/users/verify',
      headers: { authorization: `Bearer ${answer.json().token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
  });

  it('counts parallel guesses before checking them: of 20 at once, 5 are checked and 15 refused', async () => {
    const { email, password } = await register(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/users/login', { email, password: 'Wrong@123' })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 401)).toHaveLength(ACCOUNT_LIMITS.loginFailuresPerEmail);
    expect(codes.filter((code) => code === 429)).toHaveLength(20 - ACCOUNT_LIMITS.loginFailuresPerEmail);
    expect((await post('/api/users/login', { email, password })).statusCode).toBe(429);
  });

  it('limits registrations from one address before hashing anything, and not those from another', async () => {
    const from = (remoteAddress: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/users/register',
        remoteAddress,
        payload: {
          firstName: 'Burst',
          lastName: 'Signup',
          email: `burst-${remoteAddress}-${n}@example.com`,
          password: 'Burst@2025',
        },
      });
    for (let n = 0; n < ADDRESS_LIMITS.register.max; n += 1)
      expect((await from('198.51.100.4', n)).statusCode).toBe(201);
    const refused = await from('198.51.100.4', ADDRESS_LIMITS.register.max);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await shop.database.query('SELECT 1 FROM users WHERE email = $1', [
      `burst-198.51.100.4-${ADDRESS_LIMITS.register.max}@example.com`,
    ]);
    expect(rows).toEqual([]);
    expect((await from('198.51.100.5', 0)).statusCode).toBe(201);
  });

  it('forgets earlier failures after a successful login', async () => {
    const { email, password } = await register(app);
    for (let i = 0; i < 4; i++) await post('/api/users/login', { email, password: 'Wrong@123' });
    expect((await post('/api/users/login', { email, password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await post('/api/users/login', { email, password: 'Wrong@123' })).statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('updates the fields given and answers the user', async () => {
    const { session } = await customer(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie: session.cookie },
      payload: { firstName: 'Ngozi', phoneNumber: '+2348012345678', address: '12 Balogun Street, Lagos Island' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(M.profileUpdated);
    expect(response.json().user).toMatchObject({
      firstName: 'Ngozi',
      lastName: 'Obi',
      phoneNumber: '+2348012345678',
      address: '12 Balogun Street, Lagos Island',
    });
    const verify = await app.inject({ method: 'GET', url: '/api/users/verify', headers: bearer(session) });
    expect(verify.json().user.firstName).toBe('Ngozi');
    const cleared = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(session),
      payload: { address: '' },
    });
    expect(cleared.json().user.address).toBeNull();
  });

  it('applies the register rules, refuses an email another account has, and needs a login', async () => {
    const { session } = await customer(app);
    const taken = await register(app);
    const put = (payload: object, headers: Record<string, string> = bearer(session)) =>
      app.inject({ method: 'PUT', url: '/api/users/profile', headers, payload });
    expect((await put({ firstName: 'A' })).json().errors.firstName).toBe('First name must be at least 2 characters');
    expect((await put({ email: 'bad' })).json().errors.email).toBe('Invalid email address');
    expect((await put({ phoneNumber: '123' })).json().errors.phoneNumber).toBe('Please enter a valid phone number');
    const conflict = await put({ email: taken.email });
    expect(conflict.statusCode).toBe(409);
    expect((await put({ firstName: 'Tolu' }, {})).statusCode).toBe(401);
    // Changing to its own email (in another case) is fine.
    expect((await put({ email: session.user.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('ignores a role sent to the profile endpoint', async () => {
    const { session } = await customer(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(session),
      payload: { firstName: 'Bola', role: 'ADMIN' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('CUSTOMER');
  });
});

describe('foreign origins', () => {
  it('refuses a cookie-authenticated change from another site, and allows the shop itself and header tokens', async () => {
    const { session } = await customer(app);
    const put = (headers: Record<string, string>) =>
      app.inject({ method: 'PUT', url: '/api/users/profile', headers, payload: { firstName: 'Evil' } });
    const foreign = await put({ cookie: session.cookie, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 'FOREIGN_ORIGIN', message: M.foreignOrigin });
    const viaReferer = await put({ cookie: session.cookie, referer: 'https://evil.example/page' });
    expect(viaReferer.statusCode).toBe(403);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie: session.cookie, origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    // The profile did not change and the session still works.
    const verify = await app.inject({ method: 'GET', url: '/api/users/verify', headers: { cookie: session.cookie } });
    expect(verify.json().user.firstName).toBe('Ada');

    expect(
      (await put({ cookie: session.cookie, origin: 'http://localhost:80', host: 'localhost:80' })).statusCode,
    ).toBe(200);
    expect((await put({ cookie: session.cookie })).statusCode).toBe(200);
    expect((await put({ ...bearer(session), origin: 'https://evil.example' })).statusCode).toBe(200);
  });

  it('refuses a login posted from another site', async () => {
    const response = await post(
      '/api/users/login',
      { email: ADMIN.email, password: ADMIN.password },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('the first admin', () => {
  it('exists outside production as admin@example.com with the README password', async () => {
    const session = await login(app, ADMIN.email, ADMIN.password);
    expect(session.user.role).toBe('ADMIN');
  });
});

describe('behind HTTPS', () => {
  it('marks the session cookie Secure when COOKIE_SECURE is on', async () => {
    const secure = await createTestApp({ seedDemoCatalogue: false, cookieSecure: true });
    try {
      const response = await secure.app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/i);
    } finally {
      await secure.close();
    }
  });
});
