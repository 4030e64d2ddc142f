import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, GOOD_PASSWORD, login } from '../test/accounts';
import { createTestApp } from '../test/helper';

// Property-based fuzz of every route the app has: hostile strings (very long, NUL and control
// characters, lone surrogates, unicode, patterns that make regex engines backtrack, SQL and
// markup) in every path parameter, query parameter and body field, and hostile bodies (deep
// nesting, wrong types, prototype keys). The shop must answer each with less than a 500, with
// no stack trace or SQL in the body, and still answer its health check.
//
// The routes are read from the app itself (printRoutes), so a route added later is fuzzed
// without editing this file: one listed in ROUTE_INPUTS gets its fields fuzzed one by one from
// a valid example, any other gets generic hostile bodies and query strings.

/** A valid example of each route's input, so one hostile field is all that is wrong. */
const ROUTE_INPUTS: Record<string, { body?: Record<string, unknown>; query?: Record<string, string> }> = {
  'POST /api/users/register': {
    body: { firstName: 'Ada', lastName: 'Obi', email: 'fuzz@example.com', password: GOOD_PASSWORD, phoneNumber: '' },
  },
  'POST /api/users/login': { body: { email: 'fuzz@example.com', password: GOOD_PASSWORD } },
  'POST /api/users/request-reset': { body: { email: 'fuzz@example.com' } },
  'POST /api/users/reset-password': { body: { email: 'fuzz@example.com', otp: '123456', newPassword: GOOD_PASSWORD } },
  'PUT /api/users/profile': {
    body: { firstName: 'Ada', lastName: 'Obi', phoneNumber: '08012345678', address: '1 Broad Street' },
  },
  'GET /api/users': { query: { search: 'ada', page: '1', pageSize: '10' } },
  'PUT /api/users/:id': { body: { role: 'CUSTOMER', active: true } },
  'GET /api/products': {
    query: {
      categoryId: 'lace',
      subcategoryId: 'x',
      minPrice: '1',
      maxPrice: '100',
      inStock: 'true',
      sort: 'name',
      page: '1',
      pageSize: '12',
    },
  },
  'GET /api/products/search': { query: { query: 'lace', page: '1', pageSize: '12' } },
  'GET /api/products/category/:idOrSlug': {
    query: { minPrice: '1', maxPrice: '100', inStock: 'true', sort: 'name', page: '1' },
  },
  'GET /api/products/subcategory/:idOrSlug': { query: { minPrice: '1', sort: 'price_asc', page: '2' } },
  'POST /api/newsletter/subscribe': { body: { email: 'fuzz@example.com' } },
  'POST /api/contact': {
    body: { fullname: 'Ada Obi', email: 'fuzz@example.com', subject: 'Lace', message: 'Hello', privacyPolicy: true },
  },
  'POST /api/orders': {
    body: {
      shippingDetails: {
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'fuzz@example.com',
        phoneNumber: '08012345678',
        address: '1 Broad Street',
        city: 'Lagos',
        state: 'Lagos',
        area: 'Ikeja',
        zipCode: '100001',
        country: 'Nigeria',
      },
      paymentDetails: { method: 'card', transactionId: null },
      deliveryMethod: 'standard',
      items: [{ productId: 'x', quantity: 1, price: 100 }],
    },
  },
  'POST /api/orders/confirm-payment': { body: { orderId: 'x', transactionId: 'T1', status: 'success' } },
  'PATCH /api/orders/:id/status': { body: { status: 'SHIPPED' } },
  'GET /api/orders/admin': { query: { status: 'PENDING', page: '1', pageSize: '10', search: 'ada' } },
  'GET /api/products/admin': {
    query: { search: 'lace', categoryId: 'x', stock: 'low', sort: 'price', dir: 'asc', page: '1', pageSize: '10' },
  },
  'POST /api/categories': { body: { name: 'Fuzz lace', description: 'Lace', slug: 'fuzz-lace' } },
  'PUT /api/categories/:idOrSlug': { body: { name: 'Fuzz lace', description: 'Lace', slug: 'fuzz-lace' } },
  'PUT /api/categories/order': { body: { ids: ['x', 'y'] } },
  'POST /api/subcategories': { body: { name: 'Fuzz sub', description: '', categoryId: 'x' } },
  'PUT /api/subcategories/:idOrSlug': { body: { name: 'Fuzz sub', description: '', categoryId: 'x' } },
  'PUT /api/subcategories/order': { body: { categoryId: 'x', ids: ['y'] } },
};

/** Routes whose request ends the admin's session: fuzzed without it, so the others keep it. */
const WITHOUT_SESSION = /logout/;

interface Route {
  method: HTTPMethods;
  url: string;
}

/** Every route of the app, from Fastify's printed route tree (one line per path segment). */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch + 4));
    if (!match) continue;
    stack.length = depth;
    stack.push(match[1] ?? '');
    const url = stack.join('');
    for (const method of (match[2] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method: method as HTTPMethods, url });
    }
  }
  return routes;
}

// ---------- Hostile input ----------

const REGEX_HOSTILE = [
  `a@${'.'.repeat(5_000)}@`,
  `${'a'.repeat(5_000)}@`,
  `a@${'a.'.repeat(2_500)}`,
  `${'Aa1@'.repeat(1_000)}\n`,
  `${'a'.repeat(3_000)}!`,
  `${'1'.repeat(3_000)}.`,
  `+${'1'.repeat(3_000)}x`,
];
const CLASSIC_HOSTILE = [
  '',
  ' ',
  '\u0000',
  'abc\u0000def',
  '\u0001\u0002\u001b[31m\u007f',
  '\u0085\u009f',
  'Ada\r\nBcc: victim@example.com',
  '\u2028\u2029',
  '\ud800',
  'a\udfffb',
  '\ufeff\u200b\u202e',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '%00',
  '%',
  '%E0%A4%A',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  `{{7*7}}\${7*7}`,
  '__proto__',
  'constructor',
  '🧵'.repeat(2_000),
  'ﷺ'.repeat(1_000),
  'a'.repeat(20_000),
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...REGEX_HOSTILE, ...CLASSIC_HOSTILE),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc
    .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }), fc.integer({ min: 100, max: 4_000 }))
    .map(([piece, times]) => piece.repeat(times)),
);

/** A JSON value nested `depth` deep, as text (JSON.stringify would recurse). */
const deepJson = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  fc.constantFrom(null, true, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 4 }),
);

/** A body as raw JSON text: the valid example with one field replaced, or something generic. */
function bodyArbitrary(example?: Record<string, unknown>): fc.Arbitrary<string> {
  const generic = fc.oneof(
    fc.integer({ min: 200, max: 3_000 }).map((depth) => deepJson(depth)),
    fc.integer({ min: 200, max: 2_000 }).map((depth) => deepObject(depth)),
    fc.constantFrom(
      '{"__proto__":{"role":"ADMIN"}}',
      '{"constructor":{"prototype":{"x":1}}}',
      'null',
      '"x"',
      '[]',
      '{',
    ),
    hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
    fc.dictionary(hostileString, hostileValue, { maxKeys: 4 }).map((value) => JSON.stringify(value)),
  );
  if (!example) return generic;
  const fields = fieldPaths(example);
  const oneField = fc
    .tuple(fc.constantFrom(...fields), hostileValue)
    .map(([field, value]) => JSON.stringify(replaced(example, field, value)));
  const deepField = fc
    .tuple(fc.constantFrom(...fields), fc.integer({ min: 200, max: 3_000 }))
    .map(([field, depth]) =>
      JSON.stringify(replaced(example, field, '__DEEP__')).replace('"__DEEP__"', deepJson(depth)),
    );
  return fc.oneof({ weight: 6, arbitrary: oneField }, deepField, generic);
}

/** Every leaf of an example, as a path (`shippingDetails.firstName`, `items.0.price`). */
function fieldPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Object.entries(value as Record<string, unknown>);
  const here = prefix ? [prefix] : [];
  return [...here, ...entries.flatMap(([key, inner]) => fieldPaths(inner, prefix ? `${prefix}.${key}` : key))];
}

function replaced(example: Record<string, unknown>, path: string, value: unknown): unknown {
  const copy = structuredClone(example) as Record<string, unknown>;
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1) as string] = value;
  return copy;
}

/** Percent-encodes every byte outside the unreserved set (a lone surrogate becomes U+FFFD). */
const encode = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');

/** A path segment: encoded hostile text, or a raw one that is itself malformed. */
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map(encode) },
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '%2e%2e', '%2F', 'a%2Fb', '%C0%AE', `${'a'.repeat(300)}`),
);

// ---------- Checks on every answer ----------

const STACK = /\n\s+at |\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+/;
const SQL =
  /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error at or near|violates [\w ]*constraint|invalid byte sequence|invalid input syntax|relation "|column "|PGlite|pg_trgm/;

/** The OpenAPI document and its browsable page (plugins/openapi.ts). */
const API_REFERENCE = /^\/api\/(openapi\.json|docs)(\/|\?|$)/;

function checkAnswer(
  what: string,
  url: string,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  expect(response.statusCode, `${what} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  // The API reference is the routes' own prose ("Cancel several orders at once (each …)"), the
  // same whatever was asked: the patterns of a leaked stack or query would find it, not a leak.
  if (response.statusCode < 400 && API_REFERENCE.test(url)) return;
  expect(response.body, what).not.toMatch(STACK);
  expect(response.body, what).not.toMatch(SQL);
  // The shop's API answers errors with a code; other paths (a provider's stand-in) keep theirs.
  if (
    url.startsWith('/api/') &&
    response.statusCode >= 400 &&
    String(response.headers['content-type']).includes('json')
  ) {
    expect(JSON.parse(response.body).code, what).toBeTypeOf('string');
  }
}

// ---------- The fuzz ----------

// A storefront build and an image folder of their own, so page and image routes answer as in
// production (without a build, pages are a deliberate 503).
const webDistDir = mkdtempSync(path.join(tmpdir(), 'shop-fuzz-web-'));
writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
const demoImagesDir = mkdtempSync(path.join(tmpdir(), 'shop-fuzz-images-'));
writeFileSync(path.join(demoImagesDir, 'lace-full.webp'), 'webp');
const shop = await createTestApp({ webDistDir, demoImagesDir });
const app = shop.app;
afterAll(async () => shop.close());
const routes = routesOf(app);
const adminSession = await login(app, ADMIN.email, ADMIN.password);

let address = 0;
const nextAddress = () =>
  `10.${Math.floor(++address / 62_500) % 250}.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;

/** Runs per route: enough to try each kind of input, few enough to stay well under a minute. */
const RUNS_PER_ROUTE = 15;

describe('the fuzz', () => {
  it('finds the routes of the app itself', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names).toContain('GET /api/health');
    expect(names).toContain('POST /api/newsletter/subscribe');
    expect(names).toContain('GET /api/products/:idOrSlug');
    expect(names).toContain('PUT /api/users/profile');
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s answers hostile input with less than a 500, no stack or SQL, and health still answers',
    async (name, route) => {
      const inputs = ROUTE_INPUTS[name];
      const params = route.url.match(/:\w+|\*/g) ?? [];
      const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
      const queryNames = Object.keys(inputs?.query ?? { q: 'x' });
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileSegment, { minLength: params.length, maxLength: params.length }),
          fc.option(fc.tuple(fc.constantFrom(...queryNames), hostileString), { nil: undefined }),
          takesBody ? bodyArbitrary(inputs?.body) : fc.constant(undefined),
          fc.boolean(),
          async (segments, queryField, body, signedIn) => {
            let index = 0;
            const filled = route.url.replace(/:\w+|\*/g, () => segments[index++] ?? 'x');
            const target = filled.startsWith('/') ? filled : `/${filled}`;
            const query = new URLSearchParams(inputs?.query ?? {});
            if (queryField) query.set(queryField[0], queryField[1].replace(/[\ud800-\udfff]/g, '?'));
            const url = `${target}${query.size ? `?${query}` : ''}`;
            const headers: Record<string, string> = {};
            if (signedIn && !WITHOUT_SESSION.test(route.url)) headers.authorization = `Bearer ${adminSession.token}`;
            if (body !== undefined) headers['content-type'] = 'application/json';
            const response = await app.inject({
              method: route.method,
              url,
              headers,
              remoteAddress: nextAddress(),
              ...(body !== undefined ? { payload: body } : {}),
            });
            checkAnswer(`${route.method} ${url.slice(0, 200)} ${String(body).slice(0, 200)}`, url, response);
            const health = await app.inject({ method: 'GET', url: '/api/health' });
            expect(health.statusCode).toBe(200);
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
  );
});
