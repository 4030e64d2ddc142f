import { ACCOUNT_MESSAGES as M, userPageSchema } from '@shop/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  bearer,
  customer,
  GOOD_PASSWORD,
  login,
  register,
  type Session,
  uniqueEmail,
} from '../../../test/accounts';
import { createMailingTestApp, createTestApp, productionConfig, testConfig } from '../../../test/helper';
import { otpFrom, type TestSmtpServer } from '../../../test/smtp';
import { buildApp } from '../../app';

let shop: Awaited<ReturnType<typeof createMailingTestApp>>;
let app: FastifyInstance;
let admin: Session;
let smtp: TestSmtpServer;

beforeAll(async () => {
  shop = await createMailingTestApp();
  ({ app, smtp } = shop);
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => shop?.close());

const asAdmin = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: bearer(admin) });

describe('user management by an admin', () => {
  it('lists users newest first with paging and a search over names and emails', async () => {
    const marker = `zz${Date.now().toString(36)}`;
    for (const name of ['Amaka', 'Bisi', 'Chidi']) await register(app, { firstName: name, lastName: marker });
    const page = await asAdmin('GET', `/api/users?search=${marker}&pageSize=2`);
    expect(page.statusCode).toBe(200);
    const body = userPageSchema.parse(page.json());
    expect(body.total).toBe(3);
    expect(body.users.map((u) => u.firstName)).toEqual(['Chidi', 'Bisi']);
    const second = userPageSchema.parse((await asAdmin('GET', `/api/users?search=${marker}&pageSize=2&page=2`)).json());
    expect(second.users.map((u) => u.firstName)).toEqual(['Amaka']);
    expect((await asAdmin('GET', '/api/users?pageSize=500')).statusCode).toBe(400);
  });

  it('filters users by role (a stored USER is a customer) and by active or disabled', async () => {
    const marker = `yy${Date.now().toString(36)}`;
    const ids: Record<string, string> = {};
    for (const name of ['Ada', 'Bola', 'Chinwe', 'Dayo']) {
      ids[name] = (await customer(app, { firstName: name, lastName: marker })).id;
    }
    await asAdmin('PUT', `/api/users/${ids.Bola}`, { role: 'ADMIN' });
    await asAdmin('PUT', `/api/users/${ids.Chinwe}`, { active: false });
    await shop.database.query(`UPDATE users SET role = 'USER' WHERE id = $1`, [ids.Dayo]);
    const names = async (query: string) => {
      const page = await asAdmin('GET', `/api/users?search=${marker}&${query}`);
      expect(page.statusCode).toBe(200);
      const body = userPageSchema.parse(page.json());
      expect(body.total).toBe(body.users.length);
      return body.users.map((u) => u.firstName).sort();
    };
    expect(await names('role=ADMIN')).toEqual(['Bola']);
    expect(await names('role=CUSTOMER')).toEqual(['Ada', 'Chinwe', 'Dayo']);
    expect(await names('active=false')).toEqual(['Chinwe']);
    expect(await names('active=true&role=CUSTOMER')).toEqual(['Ada', 'Dayo']);
    expect((await asAdmin('GET', '/api/users?role=OWNER')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/users?active=yes')).statusCode).toBe(400);
    // The other tests count on one active admin.
    await asAdmin('DELETE', `/api/users/${ids.Bola}`);
  });

  it('makes a customer an admin and back; the role comes from the database at once', async () => {
    const { id, session } = await customer(app);
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: bearer(session) })).statusCode).toBe(403);
    const promoted = await asAdmin('PUT', `/api/users/${id}`, { role: 'ADMIN' });
    expect(promoted.json()).toMatchObject({ message: M.userUpdated, user: { role: 'ADMIN' } });
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: bearer(session) })).statusCode).toBe(200);
    await asAdmin('PUT', `/api/users/${id}`, { role: 'CUSTOMER' });
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: bearer(session) })).statusCode).toBe(403);
  });

  it('reads a stored role USER as a customer', async () => {
    const { id, session } = await customer(app);
    await shop.database.query(`UPDATE users SET role = 'USER' WHERE id = $1`, [id]);
    const verify = await app.inject({ method: 'GET', url: '/api/users/verify', headers: bearer(session) });
    expect(verify.json().user.role).toBe('CUSTOMER');
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: bearer(session) })).statusCode).toBe(403);
  });

  it('never leaves the shop without an active admin (409)', async () => {
    const demote = await asAdmin('PUT', `/api/users/${admin.user.id}`, { role: 'CUSTOMER' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(M.lastAdmin);
    expect((await asAdmin('PUT', `/api/users/${admin.user.id}`, { active: false })).statusCode).toBe(409);
    expect((await asAdmin('DELETE', `/api/users/${admin.user.id}`)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown user and 400 for an empty change', async () => {
    expect(
      (await asAdmin('PUT', '/api/users/00000000-0000-4000-8000-000000000000', { role: 'ADMIN' })).statusCode,
    ).toBe(404);
    expect((await asAdmin('DELETE', '/api/users/not-a-uuid')).statusCode).toBe(404);
    const { id } = await register(app);
    expect((await asAdmin('PUT', `/api/users/${id}`, {})).statusCode).toBe(400);
    expect((await asAdmin('PUT', `/api/users/${id}`, { role: 'OWNER' })).statusCode).toBe(400);
  });

  it('deletes a user: their sessions end and they cannot log in', async () => {
    const { id, email, session } = await customer(app);
    const response = await asAdmin('DELETE', `/api/users/${id}`);
    expect(response.json()).toEqual({ message: M.userDeleted });
    expect((await app.inject({ method: 'GET', url: '/api/users/verify', headers: bearer(session) })).statusCode).toBe(
      401,
    );
    const again = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: GOOD_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('a disabled account', () => {
  it('cannot log in (403), loses its sessions at once, and gets no reset code', async () => {
    const { id, email, session } = await customer(app);
    expect((await asAdmin('PUT', `/api/users/${id}`, { active: false })).json().user.active).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/users/verify', headers: bearer(session) })).statusCode).toBe(
      401,
    );
    const refused = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: GOOD_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: M.accountDisabled });
    // The wrong password still gets the plain 401: the account's state is not revealed.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'Wrong@123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/users/request-reset', payload: { email } })).statusCode).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(email).filter((m) => m.subject.includes('password reset'))).toEqual([]);

    await asAdmin('PUT', `/api/users/${id}`, { active: true });
    expect(
      (await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: GOOD_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('what responses never contain', () => {
  it('no password, hash, code or token other than the login’s own, across every accounts call', async () => {
    const responses: { label: string; response: LightMyRequestResponse; ownToken?: string }[] = [];
    const call = async (label: string, options: InjectOptions) => {
      const response = await app.inject(options);
      responses.push({ label, response, ownToken: label.startsWith('login') ? response.json().token : undefined });
      return response;
    };
    const email = uniqueEmail('secret');
    const password = 'Secret@Pass9';
    await call('register', {
      method: 'POST',
      url: '/api/users/register',
      payload: { firstName: 'Sade', lastName: 'Ade', email, password },
    });
    await call('register again', {
      method: 'POST',
      url: '/api/users/register',
      payload: { firstName: 'Sade', lastName: 'Ade', email, password },
    });
    const first = (
      await call('login 1', { method: 'POST', url: '/api/users/login', payload: { email, password } })
    ).json().token as string;
    const second = (
      await call('login 2', { method: 'POST', url: '/api/users/login', payload: { email, password } })
    ).json().token as string;
    await call('login wrong', { method: 'POST', url: '/api/users/login', payload: { email, password: 'Wrong@123' } });
    await call('verify', { method: 'GET', url: '/api/users/verify', headers: { authorization: `Bearer ${first}` } });
    await call('profile', {
      method: 'PUT',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${first}` },
      payload: { address: 'Yaba' },
    });
    await call('request reset', { method: 'POST', url: '/api/users/request-reset', payload: { email } });
    const otp = otpFrom(await smtp.waitFor(email, (m) => m.subject.includes('password reset')));
    await call('reset wrong', {
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { email, otp: otp === '999999' ? '000000' : '999999', newPassword: 'Fresh@Pass1' },
    });
    await call('reset', {
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { email, otp, newPassword: 'Fresh@Pass1' },
    });
    await call('list users', { method: 'GET', url: '/api/users?pageSize=100', headers: bearer(admin) });
    const id = (await register(app)).id;
    await call('admin update', {
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: bearer(admin),
      payload: { role: 'ADMIN' },
    });
    await call('logout', { method: 'POST', url: '/api/users/logout', headers: { authorization: `Bearer ${second}` } });

    const hashes = (await shop.database.query<{ password_hash: string }>('SELECT password_hash FROM users')).map(
      (r) => r.password_hash,
    );
    const secrets = [password, 'Fresh@Pass1', otp, first, second, admin.token, ...hashes];
    for (const { label, response, ownToken } of responses) {
      const text = `${response.body}\n${JSON.stringify(response.headers)}`;
      for (const secret of secrets) {
        if (secret === ownToken) continue;
        expect(text.includes(secret), `${label} leaks a secret`).toBe(false);
      }
      expect(text, label).not.toMatch(/argon2|password_?hash|otp_?hash|token_?hash/i);
    }
  });
});

describe('the first admin from the configuration', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD when no admin exists, once', async () => {
    const other = await createTestApp({
      seedDemoCatalogue: false,
      ...productionConfig(),
      admin: { email: 'Owner@Shop.example', password: 'Owner@2025' },
    });
    try {
      const owner = await login(other.app, 'owner@shop.example', 'Owner@2025');
      expect(owner.user.role).toBe('ADMIN');
      // The shop's own address: verified from the start (SECURITY.md "Verified email").
      expect(owner.user.emailVerified).toBe(true);
      const defaults = await other.app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN });
      expect(defaults.statusCode).toBe(401);
      // A later start with another ADMIN_EMAIL: an admin exists, so nothing is made.
      const again = await buildApp(
        testConfig({
          seedDemoCatalogue: false,
          ...productionConfig(),
          admin: { email: 'x@example.com', password: 'Other@2025' },
        }),
        { database: other.database },
      );
      await again.close();
      const [count] = await other.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE role = 'ADMIN'`,
      );
      expect(count?.n).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('is not created with a default password in production', async () => {
    const other = await createTestApp({ seedDemoCatalogue: false, ...productionConfig(), admin: {} });
    try {
      const [count] = await other.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
      expect(count?.n).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('the first admin cannot be taken over', () => {
  it('gives an account that already has ADMIN_EMAIL the configured password and ends its sessions and codes', async () => {
    const before = await createTestApp({ seedDemoCatalogue: false, ...productionConfig(), admin: {} });
    try {
      // Someone registers the owner's address before the owner first starts the shop.
      const squatter = await customer(before.app, { email: 'owner@shop.example', password: 'Squat@2025' });
      const reset = await before.app.inject({
        method: 'POST',
        url: '/api/users/request-reset',
        payload: { email: 'owner@shop.example' },
      });
      expect(reset.statusCode).toBe(200);

      const owner = await buildApp(
        testConfig({
          seedDemoCatalogue: false,
          ...productionConfig(),
          admin: { email: 'owner@shop.example', password: 'Owner@2025' },
        }),
        { database: before.database },
      );
      try {
        const squatterLogin = await owner.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: 'owner@shop.example', password: 'Squat@2025' },
        });
        expect(squatterLogin.statusCode).toBe(401);
        const oldSession = await owner.inject({
          method: 'GET',
          url: '/api/users/verify',
          headers: bearer(squatter.session),
        });
        expect(oldSession.statusCode).toBe(401);
        const [codes] = await before.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND used_at IS NULL',
          [squatter.id],
        );
        expect(codes?.n).toBe(0);
        const ownerSession = await login(owner, 'owner@shop.example', 'Owner@2025');
        expect(ownerSession.user).toMatchObject({ id: squatter.id, role: 'ADMIN' });
      } finally {
        await owner.close();
      }
    } finally {
      await before.close();
    }
  });

  it.each([
    // Unset needs Paystack keys as production does (no test gateway there).
    ['unset', { ...productionConfig(), env: undefined }],
    ['production', productionConfig()],
  ] as const)('makes no default admin when NODE_ENV is %s', async (_label, environment) => {
    const other = await createTestApp({ seedDemoCatalogue: false, ...environment, admin: {} });
    try {
      const refused = await other.app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN });
      expect(refused.statusCode).toBe(401);
      const [count] = await other.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
      expect(count?.n).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('makes the default admin when NODE_ENV is development', async () => {
    const development = await createTestApp({ seedDemoCatalogue: false, env: 'development', admin: {} });
    try {
      expect((await login(development.app, ADMIN.email, ADMIN.password)).user.role).toBe('ADMIN');
    } finally {
      await development.close();
    }
  });
});
