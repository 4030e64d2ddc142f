import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Paystack's inline script, its checkout frame and its API are the only foreign origins we allow. */
export const PAYSTACK_ORIGINS = {
  script: 'https://js.paystack.co',
  frame: 'https://checkout.paystack.com',
  api: 'https://api.paystack.co',
} as const;

/**
 * Browser features the shop never uses are off for its pages and anything they embed; payment
 * stays open to the shop and Paystack's checkout frame.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  `payment=(self "${PAYSTACK_ORIGINS.frame}")`,
  'usb=()',
].join(', ');

const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", PAYSTACK_ORIGINS.script],
  // React sets style attributes through the CSSOM; libraries may add <style> tags.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'media-src': ["'self'"],
  'connect-src': ["'self'", PAYSTACK_ORIGINS.api],
  'frame-src': [PAYSTACK_ORIGINS.frame, PAYSTACK_ORIGINS.script],
  // The storefront's service worker and web app manifest (docs/decisions/032): the shop's own only.
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The pages' Content-Security-Policy: the shop's own origin and Paystack only. */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
  .join(';');

/**
 * Every answer, the API's JSON included: the browser must take the declared content type as it
 * is, and no other site may load the answer into its own page.
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
});

/**
 * What a browser applies to a document, so only pages (HTML answers) carry it: the CSP, HSTS,
 * framing, the Permissions-Policy and the rest of the set the shop has always sent. Built once
 * at start; a route that answers HTML sends it with `reply.headers(PAGE_HEADERS)`.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...API_HEADERS,
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * The Cache-Control of an answer that names none: no browser, proxy or CDN keeps it. Orders,
 * addresses, phones, emails, sessions and the admin's lists all come out this way without their
 * routes saying so; an answer meant to be kept says how itself (catalogue reads, the payment
 * config, pages and files).
 */
export const DEFAULT_CACHE_CONTROL = 'no-store';

/**
 * Puts API_HEADERS on every answer: two constant headers from one synchronous hook. Pages add
 * PAGE_HEADERS where they are sent (plugins/web-app.ts), so a JSON answer no longer carries a
 * 400-byte policy that only documents use (docs/decisions/013-request-pipeline.md). An answer
 * that has not set its own Cache-Control gets DEFAULT_CACHE_CONTROL.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(API_HEADERS);
      done();
    });
    // NOTE: two safety nets, one header lookup each. A personal answer whose route forgot to
    // forbid caching is not kept; a page sent by a route that forgot PAGE_HEADERS still gets its
    // CSP, and JSON answers stay as they are.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', DEFAULT_CACHE_CONTROL);
      if (!reply.hasHeader('content-security-policy')) {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && (type.startsWith('text/html') || type.startsWith('image/svg+xml'))) {
          reply.headers(PAGE_HEADERS);
        }
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
