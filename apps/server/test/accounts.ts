import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Helpers for tests that talk to the accounts API through HTTP (inject). */

export const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' } as const;
export const GOOD_PASSWORD = 'Tailor@2024';

let counter = 0;
/** A unique email per call, so tests never collide. */
export const uniqueEmail = (label = 'customer') =>
  `${label}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

export interface Session {
  token: string;
  cookie: string;
  user: { id: string; email: string; role: string; emailVerified: boolean };
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const session = cookies.find((cookie) => cookie.startsWith('shop_session='));
  return session?.split(';')[0];
}

let registrations = 0;

/**
 * A new customer account. Each comes from its own address, as real sign-ups do, so a file that
 * needs many accounts stays clear of the per-address registration limit it is not testing.
 */
export async function register(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = { firstName: 'Ada', lastName: 'Obi', email: uniqueEmail(), password: GOOD_PASSWORD, ...overrides };
  registrations += 1;
  const remoteAddress = `10.77.${Math.floor(registrations / 250) % 250}.${(registrations % 250) + 1}`;
  const response = await app.inject({ method: 'POST', url: '/api/users/register', payload: body, remoteAddress });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { ...body, id: response.json().user.id as string, response };
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return { token: body.token, cookie: sessionCookieOf(response) ?? '', user: body.user };
}

/** A new customer, logged in. */
export async function customer(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const account = await register(app, overrides);
  return { ...account, session: await login(app, account.email, account.password) };
}

/**
 * Marks the account's email address verified, as opening its emailed link does (the link itself
 * is tested in modules/users/email-verification.test.ts): for tests of what a verified customer
 * may do, such as paying on delivery.
 */
export async function verifyEmailOf(app: FastifyInstance, userId: string): Promise<void> {
  await app.database.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [userId]);
}

/** A new customer whose email address is verified, logged in (pay on delivery needs one). */
export async function verifiedCustomer(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const account = await customer(app, overrides);
  await verifyEmailOf(app, account.id);
  return account;
}

export const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });
