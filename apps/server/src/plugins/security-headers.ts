import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", PAYSTACK_ORIGINS.script],
        // React sets style attributes through the CSSOM; libraries may add <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", PAYSTACK_ORIGINS.api],
        frameSrc: [PAYSTACK_ORIGINS.frame, PAYSTACK_ORIGINS.script],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
