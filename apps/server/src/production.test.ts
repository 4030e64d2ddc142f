import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, productionConfig, type TestDatabase, testConfig } from '../test/helper';
import { createProduct } from '../test/orders';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { serverRoot } from './lib/package-root';

// Production without surprises: the shop's links never come from a Host header, settings that
// open the shop to abuse are said at start, and a link's secret never reaches the log.

// The storefront's real index.html, so the catalogue's pages are drawn with their head.
const webDistDir = mkdtempSync(path.join(tmpdir(), 'shop-production-'));
copyFileSync(path.join(serverRoot, '../web/index.html'), path.join(webDistDir, 'index.html'));

let testDatabase: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDatabase?.drop();
});

/** The shop on this file's database, its log lines (JSON, as pino writes them) kept in `lines`. */
async function shopWith(overrides: Partial<AppConfig>) {
  const lines: string[] = [];
  const app = await buildApp(
    testConfig({
      seedDemoCatalogue: false,
      webDistDir,
      outbox: { worker: false, pollMs: 60_000, retryBaseMs: 1_000 },
      orders: { ...testConfig().orders, paymentWindowMinutes: 30, expiryWorker: false, expiryPollMs: 60_000 },
      ...overrides,
    }),
    { database: testDatabase.database, logStream: { write: (line) => lines.push(line) } },
  );
  apps.push(app);
  await app.ready();
  const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string } });
  return { app, lines, logged };
}

// Every header a client (or a proxy believed by TRUST_PROXY=true) may use to name the shop.
const HOSTILE = { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'http' };

describe('the shop’s public address in production', () => {
  it('comes from PUBLIC_URL on pages, the sitemap and robots.txt, whatever Host the request names', async () => {
    const { app } = await shopWith({ ...productionConfig(), trustProxy: true, logLevel: 'silent' });
    const product = await createProduct(testDatabase.database);
    const origin = 'https://shop.example.com';

    const page = await app.inject({ method: 'GET', url: `/products/${product.slug}`, headers: HOSTILE });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${origin}/products/${product.slug}" />`);
    expect(page.body).toContain(`<meta property="og:url" content="${origin}/products/${product.slug}" />`);
    const home = await app.inject({ method: 'GET', url: '/', headers: HOSTILE });
    expect(home.body).toContain(`<link rel="canonical" href="${origin}/" />`);
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: HOSTILE });
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: HOSTILE });
    expect(sitemap.body).toContain(`<loc>${origin}/</loc>`);
    expect(sitemap.body).toContain(`<loc>${origin}/products/${product.slug}</loc>`);

    for (const answer of [page, home, robots, sitemap]) expect(answer.body).not.toContain('evil.test');
  });

  it('is never the request’s in a shop that is not development or test, even without PUBLIC_URL', async () => {
    // loadConfig refuses production without PUBLIC_URL; NODE_ENV may still be unset.
    const { app } = await shopWith({ ...productionConfig(), env: undefined, publicUrl: undefined, port: 8080 });
    const product = await createProduct(testDatabase.database);
    const page = await app.inject({ method: 'GET', url: `/products/${product.slug}`, headers: HOSTILE });
    expect(page.body).toContain(`<link rel="canonical" href="http://localhost:8080/products/${product.slug}" />`);
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: HOSTILE });
    expect(robots.body).toContain('Sitemap: http://localhost:8080/sitemap.xml');
    for (const answer of [page, robots]) expect(answer.body).not.toContain('evil.test');
  });
});

describe('the log at start', () => {
  const ours = (message: string) => /^(TRUST_PROXY=true|NOT SAFE ON A NETWORK)/.test(message);

  it('warns that TRUST_PROXY=true lets any client choose its address', async () => {
    const { logged } = await shopWith({ logLevel: 'warn', trustProxy: true, host: '127.0.0.1' });
    const warnings = logged().filter((line) => line.level === 40 && ours(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/^TRUST_PROXY=true believes the X-Forwarded-For header of every client/);
  });

  it('warns loudly of a test shop listening beyond loopback, with test payments and the default admin on', async () => {
    const { logged } = await shopWith({ logLevel: 'warn', host: '0.0.0.0' });
    const warnings = logged().filter((line) => line.level === 40 && ours(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toContain('NOT SAFE ON A NETWORK: NODE_ENV=test and HOST=0.0.0.0');
    expect(warnings[0]?.msg).toContain('test payments');
    expect(warnings[0]?.msg).toContain('the default admin');
  });

  it('says neither for a test shop on loopback behind a listed proxy', async () => {
    const { logged } = await shopWith({ logLevel: 'warn', host: '127.0.0.1', trustProxy: ['127.0.0.1'] });
    expect(logged().filter((line) => ours(line.msg))).toEqual([]);
  });
});

describe('request logs', () => {
  it('never carry a token or a code from a URL’s query string', async () => {
    const { app, lines, logged } = await shopWith({ logLevel: 'info', host: '127.0.0.1' });
    const secrets = {
      token: 'Zq8vUnsubscribeSecretToken0123456789abcdefXY',
      code: '493817',
      access: 'accessSecretCode42',
      reset: 'resetSecretToken77',
    };
    await app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${secrets.token}` });
    await app.inject({ method: 'HEAD', url: `/api/newsletter/unsubscribe?lang=en&Token=${secrets.token}` });
    await app.inject({ method: 'GET', url: `/reset-password?email=ada%40example.com&code=${secrets.code}` });
    await app.inject({
      method: 'GET',
      url: `/api/health?access_code=${secrets.access}&resetToken=${secrets.reset}&page=2`,
    });

    const requests = logged()
      .map((line) => line.req?.url)
      .filter(Boolean);
    expect(requests).toEqual(
      expect.arrayContaining([
        '/api/newsletter/unsubscribe?token=[redacted]',
        '/api/newsletter/unsubscribe?lang=en&Token=[redacted]',
        '/reset-password?email=ada%40example.com&code=[redacted]',
        '/api/health?access_code=[redacted]&resetToken=[redacted]&page=2',
      ]),
    );
    const log = lines.join('');
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
  });
});
