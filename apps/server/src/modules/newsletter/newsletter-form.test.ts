import { MESSAGES, NEWSLETTER_FORM, NEWSLETTER_LIMITS } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper';
import { signupReturnPath, withSubscribedNotice } from './newsletter.routes';

// The home page's signup sent as a plain form, before the page's script has started (SPEC.md §8,
// README "Forms before the script").

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  app = shop.app;
});
afterAll(async () => shop?.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A browser's form POST from the shop's own page (inject's host is localhost:80). */
const post = (fields: Record<string, string>, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: NEWSLETTER_FORM.action,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:80',
      ...headers,
    },
    payload: form(fields),
    remoteAddress,
  });

const subscribed = async (email: string) =>
  (
    await shop.database.query<{ active: boolean }>('SELECT active FROM newsletter_subscribers WHERE email = $1', [
      email,
    ])
  )[0]?.active === true;

describe('the newsletter signup as a plain form', () => {
  it('subscribes, and sends the visitor back to the page they were on with the notice, no address in it', async () => {
    const response = await post({ email: ' Form.Sender@Example.com ', returnTo: '/shop?page=2' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/shop?page=2&newsletter=subscribed#newsletter');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await subscribed('form.sender@example.com')).toBe(true);
  });

  it('goes back to the home page when the page named is not one of the shop’s', () => {
    for (const bad of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/api/newsletter/subscribers',
      '/api',
      `/${'a'.repeat(600)}`,
      '/shop\n/x',
    ]) {
      expect(signupReturnPath(bad), String(bad)).toBe('/');
    }
    expect(signupReturnPath('/products/lace?email=a%40b.c&newsletter=subscribed#top')).toBe('/products/lace');
    expect(withSubscribedNotice('/')).toBe('/?newsletter=subscribed#newsletter');
  });

  it('answers a bad address with a page that says why and keeps what was typed, subscribing nobody', async () => {
    const typed = 'ada<b>@example';
    const response = await post({ email: typed, returnTo: '/' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    expect(response.body).toContain('Invalid email address');
    // What was typed is back in the field, escaped.
    expect(response.body).toContain('value="ada&lt;b&gt;@example"');
    expect(response.body).toContain(`action="${NEWSLETTER_FORM.action}"`);
    expect(response.body).not.toContain('<b>');
    const missing = await post({ returnTo: '/' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Email is required');
  });

  it('refuses a form posted from another site (CSRF): nobody is subscribed', async () => {
    const fromOrigin = await post({ email: 'victim@example.com' }, { origin: 'https://evil.example' });
    expect(fromOrigin.statusCode).toBe(403);
    const fromReferer = await app.inject({
      method: 'POST',
      url: NEWSLETTER_FORM.action,
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://evil.example/page' },
      payload: form({ email: 'victim@example.com' }),
    });
    expect(fromReferer.statusCode).toBe(403);
    expect(await subscribed('victim@example.com')).toBe(false);
  });

  it('spends the same rate limit as the JSON signup, and says so on a page that keeps the address', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < NEWSLETTER_LIMITS.signupsPerAddress; i += 1) {
      const json = await app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        payload: { email: `json${i}@example.com` },
        remoteAddress: ip,
      });
      expect(json.statusCode).toBe(201);
    }
    const refused = await post({ email: 'late@example.com', returnTo: '/' }, {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain(MESSAGES.tooManyRequests);
    expect(refused.body).toContain('value="late@example.com"');
    expect(await subscribed('late@example.com')).toBe(false);
  });

  it('leaves the JSON signup as the API says: a form body there is refused', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
      payload: form({ email: 'plain@example.com' }),
    });
    expect(response.statusCode).toBe(415);
    expect(await subscribed('plain@example.com')).toBe(false);
  });
});
