import { MESSAGES, NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper';
import { addressHash } from '../../mail/mail-consent';

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  app = shop.app;
});
afterAll(async () => shop?.close());

const subscribe = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: payload as object });

const subscribers = (email: string) =>
  shop.database.query<{ email: string; active: boolean; unsubscribe_token: string }>(
    'SELECT email, active, unsubscribe_token FROM newsletter_subscribers WHERE lower(email) = lower($1)',
    [email],
  );

describe('newsletter signup', () => {
  it('subscribes a new address with 201 and the SPEC message, and keeps it with an unsubscribe token', async () => {
    const response = await subscribe({ email: '  Ada.Tailor@Example.com ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    const rows = await subscribers('ada.tailor@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe('ada.tailor@example.com');
    expect(rows[0]?.active).toBe(true);
    expect(rows[0]?.unsubscribe_token.length).toBeGreaterThanOrEqual(20);
  });

  it('answers the same for an address already subscribed, in any letter case, without a second row', async () => {
    await subscribe({ email: 'repeat@example.com' });
    const again = await subscribe({ email: 'REPEAT@example.com' });
    // The status too: a different one would tell anyone which addresses are on the list.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    expect(await subscribers('repeat@example.com')).toHaveLength(1);
  });

  it('does not turn a deactivated address back on when it subscribes again: it mails it a link that does, once', async () => {
    await subscribe({ email: 'back@example.com' });
    await shop.database.query("UPDATE newsletter_subscribers SET active = false WHERE email = 'back@example.com'");
    for (let i = 0; i < 3; i += 1) {
      const again = await subscribe({ email: 'Back@example.com' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    }
    expect((await subscribers('back@example.com'))[0]?.active).toBe(false);
    const mails = await shop.database.query<{ template: string }>(
      `SELECT payload->>'template' AS template FROM outbox WHERE payload->>'to' IN ('back@example.com', 'Back@example.com')
        ORDER BY created_at`,
    );
    expect(mails.map((mail) => mail.template)).toEqual(['newsletter-welcome', 'newsletter-confirm']);
  });

  it('an address on the unsubscribed list gets no welcome, even with no row of its own', async () => {
    // It left through a back-in-stock email: the list is one for every list mail.
    await shop.database.query('INSERT INTO mail_unsubscribed (email_hash) VALUES ($1)', [
      addressHash('alerts.only@example.com'),
    ]);
    expect((await subscribe({ email: 'alerts.only@example.com' })).statusCode).toBe(201);
    expect((await subscribers('alerts.only@example.com'))[0]?.active).toBe(false);
    const mails = await shop.database.query<{ template: string }>(
      `SELECT payload->>'template' AS template FROM outbox WHERE payload->>'to' = 'alerts.only@example.com'`,
    );
    expect(mails.map((mail) => mail.template)).toEqual(['newsletter-confirm']);
  });

  it('refuses a bad or missing email with 400 and a clear message', async () => {
    for (const payload of [{ email: 'not-an-email' }, { email: 'a b@example.com' }]) {
      const response = await subscribe(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid email address');
    }
    const missing = await subscribe({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Email is required');
    expect(
      await shop.database.query('SELECT 1 FROM newsletter_subscribers WHERE email LIKE $1', ['%not-an-email%']),
    ).toEqual([]);
  });

  it('refuses an address that signs up too often with 429 and Retry-After, and keeps nothing it refused', async () => {
    const from = (remoteAddress: string, email: string) =>
      app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email }, remoteAddress });
    for (let i = 0; i < NEWSLETTER_LIMITS.signupsPerAddress; i += 1) {
      expect((await from('203.0.113.7', `burst${i}@example.com`)).statusCode).toBe(201);
    }
    const refused = await from('203.0.113.7', 'one-too-many@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await subscribers('one-too-many@example.com')).toEqual([]);
    // Another visitor is not held back by the first.
    expect((await from('203.0.113.8', 'neighbour@example.com')).statusCode).toBe(201);
  });
});
