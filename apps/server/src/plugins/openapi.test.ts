import { ERROR_STATUS, type ErrorCode } from '@shop/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../test/accounts';
import { createTestApp, productionConfig, testConfig } from '../../test/helper';
import { buildApp } from '../app';
import { apiSerializerCompiler, errorResponses } from '../lib/api-errors';
import { AppError } from '../lib/errors';
import { configPlugin } from './config';
import { registerErrorHandler } from './error-handler';
import { openapiPlugin, undeclaredErrorCodes } from './openapi';
import { CONTENT_SECURITY_POLICY } from './security-headers';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  tags: { name: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `/api/orders/:id/status` as the document writes it: `/api/orders/{id}/status`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The codes the document lists for one operation and status. */
function codesOf(document: Document, method: string, url: string, status: number): string[] {
  const response = document.paths[openapiPath(url)]?.[method]?.responses[String(status)];
  return (response?.content?.['application/json']?.schema?.['x-error-codes'] as string[] | undefined) ?? [];
}

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let document: Document;
let customerSession: Session;
let adminSession: Session;
/** Every route the app registered, as Fastify told it (buildApp's onRoute). */
const registered: { method: string; url: string }[] = [];

beforeAll(async () => {
  // As createTestApp, with the routes told as they are registered.
  shop = await createTestApp({ seedDemoCatalogue: false });
  const counted = await buildApp(testConfig({ seedDemoCatalogue: false }), {
    database: shop.database,
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  await counted.ready();
  await counted.close();
  app = shop.app;
  const answer = await app.inject({ url: '/api/openapi.json' });
  expect(answer.statusCode, answer.body).toBe(200);
  document = answer.json();
  customerSession = (await customer(app)).session;
  adminSession = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => shop?.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 in shape: info, tags, the cookie and bearer schemes, and responses on every operation', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'shop_session' },
      bearerToken: { type: 'http', scheme: 'bearer' },
    });
    const tagNames = new Set(document.tags.map((tag) => tag.name));
    expect(Object.keys(document.paths).length).toBeGreaterThan(60);
    for (const [path, operations] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/api\//);
      for (const [method, operation] of Object.entries(operations)) {
        const label = `${method} ${path}`;
        expect(METHODS, label).toContain(method);
        expect(operation.summary, label).toBeTruthy();
        expect(operation.tags?.length, label).toBe(1);
        expect(tagNames.has(operation.tags?.[0] ?? ''), label).toBe(true);
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => /^[23]\d\d$/.test(status)),
          `${label} has a success answer`,
        ).toBe(true);
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(response.description, `${label} ${status}`).toBeTruthy();
          // Every JSON error status lists its codes, each of that status, as the enum of `code`
          // (a link's page answers its 404 in HTML).
          const schema = response.content?.['application/json']?.schema;
          if (Number(status) < 400 || !schema) continue;
          const codes = schema['x-error-codes'] as ErrorCode[];
          expect(codes?.length, `${label} ${status}`).toBeGreaterThan(0);
          for (const code of codes) expect(ERROR_STATUS[code], `${label} ${status} ${code}`).toBe(Number(status));
          expect((schema.properties as { code: { enum: string[] } }).code.enum).toEqual(codes);
        }
      }
    }
  });

  it('lists every /api route the app registers, with its method (a route left out fails here)', () => {
    const api = registered.filter(({ url }) => url.startsWith('/api/') && !url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(60);
    const missing = api
      .filter(({ method, url }) => {
        // Fastify answers HEAD for every GET itself; the document lists the GET.
        const listed = method === 'HEAD' ? 'get' : method.toLowerCase();
        return !document.paths[openapiPath(url)]?.[listed];
      })
      .map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
    // And nothing else: no page, image or test gateway route.
    const known = new Set(api.map(({ method, url }) => `${method.toLowerCase()} ${openapiPath(url)}`));
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) expect(known, `${method} ${path}`).toContain(`${method} ${path}`);
    }
  });

  it("lists each route's own error codes and those of its kind, per status", () => {
    const orders = codesOf(document, 'post', '/api/orders', 409);
    expect(orders).toEqual(
      expect.arrayContaining(['OUT_OF_STOCK', 'PRICE_CHANGED', 'PRODUCT_UNAVAILABLE', 'HOLD_LIMIT_REACHED']),
    );
    expect(codesOf(document, 'post', '/api/orders', 401)).toEqual(['UNAUTHENTICATED']);
    expect(codesOf(document, 'post', '/api/orders', 400)).toEqual(['INVALID_INPUT']);
    expect(codesOf(document, 'post', '/api/orders', 403)).toEqual(['ACCOUNT_DISABLED', 'FOREIGN_ORIGIN']);
    expect(codesOf(document, 'get', '/api/products/:idOrSlug', 404)).toEqual(['NOT_FOUND']);
    expect(codesOf(document, 'get', '/api/products/:idOrSlug', 503)).toEqual(['DATABASE_UNAVAILABLE']);
    expect(codesOf(document, 'get', '/api/admin/dashboard', 403)).toEqual(['FORBIDDEN']);
    expect(codesOf(document, 'post', '/api/users/login', 401)).toEqual(['INVALID_CREDENTIALS']);
    expect(codesOf(document, 'post', '/api/users/login', 429)).toEqual(['TOO_MANY_REQUESTS']);
    expect(codesOf(document, 'post', '/api/payments/paystack/webhook', 401)).toEqual(['INVALID_SIGNATURE']);
    // The one-click unsubscribe takes any origin: no FOREIGN_ORIGIN.
    expect(codesOf(document, 'post', '/api/newsletter/unsubscribe', 403)).toEqual([]);
    expect(codesOf(document, 'get', '/api/metrics', 404)).toEqual(['NOT_FOUND']);
  });

  it('marks the guarded routes with the session schemes, describes multipart bodies and CSV answers', () => {
    expect(document.paths['/api/orders']?.post?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(document.paths['/api/products/{idOrSlug}']?.get?.security).toBeUndefined();
    const product = document.paths['/api/products']?.post?.requestBody?.content['multipart/form-data'] as {
      schema: { properties: Record<string, { type: string; items?: { format: string } }> };
    };
    expect(product.schema.properties.name?.type).toBe('string');
    expect(product.schema.properties.images?.items?.format).toBe('binary');
    expect(document.paths['/api/orders/{id}/transfer-proof']?.post?.requestBody?.content).toHaveProperty(
      'multipart/form-data',
    );
    for (const path of [
      '/api/orders/admin/export.csv',
      '/api/products/export.csv',
      '/api/newsletter/subscribers/export.csv',
    ]) {
      expect(document.paths[path]?.get?.responses['200']?.content, path).toHaveProperty('text/csv');
    }
    expect(
      document.paths['/api/categories']?.get?.responses['200']?.content?.['application/json']?.schema,
    ).toHaveProperty('properties.categories');
  });
});

describe('the error codes the routes declare', () => {
  /**
   * A broad sample of failing calls, authorization-matrix style: guests, customers and admins,
   * bad input, unknown ids, refused states. Every error code answered must be one its route
   * declares (plugins/openapi.ts collects the others in tests).
   */
  const calls: {
    method: string;
    url: string;
    as?: 'customer' | 'admin';
    payload?: unknown;
    headers?: Record<string, string>;
  }[] = [
    { method: 'GET', url: '/api/admin/dashboard' },
    { method: 'GET', url: '/api/admin/dashboard', as: 'customer' },
    { method: 'GET', url: '/api/users', as: 'customer' },
    { method: 'PUT', url: '/api/users/00000000-0000-0000-0000-000000000000', as: 'admin', payload: { role: 'ADMIN' } },
    { method: 'DELETE', url: '/api/users/00000000-0000-0000-0000-000000000000', as: 'admin' },
    { method: 'GET', url: '/api/products/no-such-product' },
    { method: 'GET', url: '/api/products/no-such-product/related' },
    { method: 'GET', url: '/api/categories/no-such-category' },
    { method: 'GET', url: '/api/subcategories/no-such-subcategory' },
    { method: 'GET', url: '/api/subcategories/category/no-such-category' },
    { method: 'GET', url: '/api/products?page=0' },
    { method: 'GET', url: `/api/products/search?query=${'x'.repeat(500)}` },
    { method: 'GET', url: '/api/products/abc%00def' },
    { method: 'POST', url: '/api/users/login', payload: { email: 'nobody@example.com', password: 'Wrong@12345' } },
    { method: 'POST', url: '/api/users/login', payload: { email: 'not an email' } },
    { method: 'POST', url: '/api/users/login', payload: '{"broken', headers: { 'content-type': 'application/json' } },
    {
      method: 'POST',
      url: '/api/users/register',
      payload: { email: ADMIN.email, password: 'Tailor@2024', firstName: 'A', lastName: 'B', phone: '08012345678' },
    },
    { method: 'POST', url: '/api/users/verify-email', payload: { token: 'x'.repeat(64) } },
    { method: 'POST', url: '/api/users/resend-verification' },
    {
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { email: 'nobody@example.com', otp: '123456', newPassword: 'Tailor@2024' },
    },
    { method: 'PUT', url: '/api/users/profile', as: 'customer', payload: { email: 'someone.else@example.com' } },
    { method: 'GET', url: '/api/users/verify' },
    { method: 'GET', url: '/api/orders/my-orders' },
    { method: 'GET', url: '/api/orders/no-such-order', as: 'customer' },
    { method: 'POST', url: '/api/orders/no-such-order/cancel', as: 'customer' },
    { method: 'POST', url: '/api/orders/no-such-order/payment', as: 'customer' },
    { method: 'POST', url: '/api/orders', as: 'customer', payload: { items: [] } },
    {
      method: 'POST',
      url: '/api/orders',
      as: 'customer',
      payload: {
        items: [{ productId: '00000000-0000-0000-0000-000000000000', quantity: 1, price: 100 }],
        shippingAddress: { street: '1 Broad Street', city: 'Lagos', state: 'Lagos', phone: '08012345678' },
        paymentDetails: { method: 'card', transactionId: null },
      },
    },
    { method: 'POST', url: '/api/orders/confirm-payment', as: 'customer', payload: { reference: 'none' } },
    { method: 'PATCH', url: '/api/orders/no-such-order/status', as: 'admin', payload: { status: 'SHIPPED' } },
    {
      method: 'PATCH',
      url: '/api/orders/no-such-order/confirm-transfer',
      as: 'admin',
      payload: { amountReceived: 1, note: 'x' },
    },
    { method: 'PATCH', url: '/api/orders/no-such-order/reject-transfer', as: 'admin', payload: { reason: 'x' } },
    { method: 'GET', url: '/api/orders/no-such-order/transfer-proof', as: 'customer' },
    { method: 'POST', url: '/api/orders/no-such-order/pay-on-delivery/confirm', as: 'admin', payload: { note: 'x' } },
    {
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      payload: { event: 'charge.success', data: {} },
      headers: { 'x-paystack-signature': 'nope' },
    },
    { method: 'POST', url: '/api/products', as: 'admin', payload: { name: 'Not multipart' } },
    { method: 'PUT', url: '/api/products/no-such-product', as: 'admin', payload: { name: 'Not multipart' } },
    { method: 'DELETE', url: '/api/products/no-such-product', as: 'admin' },
    { method: 'POST', url: '/api/categories', as: 'admin', payload: {} },
    { method: 'PUT', url: '/api/categories/no-such-category', as: 'admin', payload: { name: 'Renamed' } },
    { method: 'DELETE', url: '/api/categories/no-such-category', as: 'admin' },
    { method: 'PUT', url: '/api/categories/order', as: 'admin', payload: { ids: ['no-such-category'] } },
    {
      method: 'POST',
      url: '/api/subcategories',
      as: 'admin',
      payload: { name: 'Sub', categoryId: 'no-such-category' },
    },
    {
      method: 'PUT',
      url: '/api/subcategories/order',
      as: 'admin',
      payload: { categoryId: 'no-such-category', ids: ['x'] },
    },
    { method: 'DELETE', url: '/api/subcategories/no-such-subcategory', as: 'admin' },
    { method: 'POST', url: '/api/products/import', as: 'admin', payload: {} },
    { method: 'GET', url: '/api/products/admin?page=-1', as: 'admin' },
    { method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'not an email' } },
    { method: 'PATCH', url: '/api/newsletter/subscribers/no-such-subscriber', as: 'admin', payload: { active: false } },
    { method: 'POST', url: '/api/newsletter/unsubscribe?token=no-such-token', payload: {} },
    { method: 'POST', url: '/api/products/no-such-product/stock-alerts', payload: { email: 'ada@example.com' } },
    { method: 'POST', url: '/api/stock-alerts/unsubscribe', payload: {} },
    { method: 'POST', url: '/api/contact', payload: { name: '' } },
    { method: 'PUT', url: '/api/settings', as: 'admin', payload: {} },
    { method: 'GET', url: '/api/settings/changes?page=0', as: 'admin' },
    {
      method: 'POST',
      url: '/api/users/logout',
      headers: { origin: 'https://elsewhere.example', cookie: 'shop_session=x' },
    },
  ];

  it('are the only codes a broad sample of failing calls answers', async () => {
    undeclaredErrorCodes.length = 0;
    const answered: string[] = [];
    for (const call of calls) {
      const who = call.as === 'admin' ? bearer(adminSession) : call.as === 'customer' ? bearer(customerSession) : {};
      const response = await app.inject({
        method: call.method as 'GET',
        url: call.url,
        payload: call.payload as string,
        headers: { ...call.headers, ...who },
      });
      if (response.statusCode < 400) answered.push(`${call.method} ${call.url} ${response.statusCode}`);
    }
    // Each call of the sample fails (or the sample tests nothing).
    expect(answered).toEqual([]);
    expect(undeclaredErrorCodes).toEqual([]);
  });
});

describe('the check of declared codes and the error serializer', () => {
  let bare: FastifyInstance;
  beforeAll(async () => {
    bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(apiSerializerCompiler);
    await bare.register(configPlugin, { config: testConfig() });
    registerErrorHandler(bare);
    await bare.register(openapiPlugin);
    bare.get('/api/undeclared', async () => {
      throw new AppError('IN_STOCK', 'Nothing to wait for');
    });
    bare.get('/api/declared', { schema: { response: errorResponses('PRICE_CHANGED') } }, async () => {
      throw new AppError('PRICE_CHANGED', 'Prices changed', {
        errors: { items: 'Prices changed' },
        extra: { prices: [{ productId: 'p', price: 10 }] },
      });
    });
    await bare.ready();
  });
  afterAll(async () => bare?.close());

  it('collects an error code its route does not declare, and not one it declares', async () => {
    undeclaredErrorCodes.length = 0;
    expect((await bare.inject({ url: '/api/undeclared' })).statusCode).toBe(409);
    expect(undeclaredErrorCodes).toEqual([{ method: 'GET', url: '/api/undeclared', status: 409, code: 'IN_STOCK' }]);
    undeclaredErrorCodes.length = 0;
    expect((await bare.inject({ url: '/api/declared' })).statusCode).toBe(409);
    expect(undeclaredErrorCodes).toEqual([]);
  });

  it('sends an error body as it is: field errors and details are never stripped by the error schema', async () => {
    const response = await bare.inject({ url: '/api/declared' });
    expect(response.json()).toEqual({
      code: 'PRICE_CHANGED',
      message: 'Prices changed',
      errors: { items: 'Prices changed' },
      prices: [{ productId: 'p', price: 10 }],
    });
    // An undeclared code is sent too (the check only tells): a real answer is never refused.
    expect((await bare.inject({ url: '/api/undeclared' })).json()).toEqual({
      code: 'IN_STOCK',
      message: 'Nothing to wait for',
    });
  });
});

describe('the browsable reference at /api/docs', () => {
  it("is a page of the project's own files under the shop's CSP: no inline script, no other origin", async () => {
    const page = await app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).not.toMatch(/public/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    const assets: string[] = [];
    for (const [, attributes, body] of scripts) {
      expect(body?.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes ?? '')?.[1];
      expect(src).toMatch(/^\/api\/docs\//);
      assets.push(src ?? '');
    }
    for (const [, href] of page.body.matchAll(/<link[^>]*href="([^"]+)"/g)) {
      expect(href).toMatch(/^\/api\/docs\//);
      assets.push(href ?? '');
    }
    for (const asset of assets) {
      const file = await app.inject({ url: asset });
      expect(file.statusCode, asset).toBe(200);
      expect(file.headers['cache-control'], asset).not.toMatch(/public/);
    }
    // The page reads the document from beside it.
    const json = await app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
  });

  it('is not a page of the storefront (the web app never answers it)', async () => {
    const page = await app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(page.body).toContain('swagger-ui');
  });
});

describe('in production', () => {
  let production: FastifyInstance;
  beforeAll(async () => {
    production = await buildApp(testConfig({ seedDemoCatalogue: false, ...productionConfig() }), {
      database: shop.database,
    });
  });
  afterAll(async () => production?.close());

  const urls = ['/api/openapi.json', '/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js'];

  it('refuses a guest (401) and a customer (403) with the shop error body', async () => {
    // The sessions are the database's: the test app's work here too.
    for (const url of urls) {
      const guest = await production.inject({ url });
      expect(guest.statusCode, url).toBe(401);
      expect(guest.json(), url).toMatchObject({ code: 'UNAUTHENTICATED' });
      const asCustomer = await production.inject({ url, headers: bearer(customerSession) });
      expect(asCustomer.statusCode, url).toBe(403);
      expect(asCustomer.json(), url).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('serves a signed-in admin, never for a shared cache', async () => {
    for (const url of urls) {
      const answer = await production.inject({ url, headers: bearer(adminSession) });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toMatch(/private/);
    }
    const document = (await production.inject({ url: '/api/openapi.json', headers: bearer(adminSession) })).json();
    expect(document.servers).toEqual([{ url: 'https://shop.example.com', description: 'This shop' }]);
  });
});
