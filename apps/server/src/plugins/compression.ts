import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** In the order the shop prefers them. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Browsers send a handful of Accept-Encoding values; each is negotiated once. */
const negotiated = new Map<string, Encoding | null>();
const NEGOTIATED_MAX = 64;

/** The encoding to answer in for an Accept-Encoding header, or undefined for none. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = (negotiate(header.toLowerCase(), [...ENCODINGS]) as Encoding | null) ?? null;
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding ?? undefined;
}

const compressors: Record<Encoding, (body: Buffer) => Buffer> = {
  // Quality 4, as @fastify/compress: most of brotli's gain for a fraction of quality 11's time.
  br: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => gzipSync(body),
};

/** JSON and text answers shrink; images and archives are compressed already. */
const COMPRESSIBLE_TYPE = /^(?:application\/(?:json|javascript|xml)|text\/|image\/svg\+xml)/;

function withAcceptEncoding(vary: unknown): string {
  if (typeof vary !== 'string' || vary === '') return 'accept-encoding';
  return /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary) ? vary : `${vary}, accept-encoding`;
}

/** Compressed copies of bodies that are sent again and again, kept as long as the body itself. */
const compressed = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/** `body` in `encoding`, compressed on its first use only. */
export function compressedOnce(body: Buffer, encoding: Encoding): Buffer {
  let copies = compressed.get(body);
  if (!copies) {
    copies = {};
    compressed.set(body, copies);
  }
  let copy = copies[encoding];
  if (!copy) {
    copy = compressors[encoding](body);
    copies[encoding] = copy;
  }
  return copy;
}

/**
 * Sends a ready body (catalogue JSON, the storefront's index.html), compressed when it is worth
 * it and the client takes it. The same Buffer sent again costs a WeakMap lookup, not a
 * compression; compressionPlugin leaves an answer with a Content-Encoding alone.
 */
export function sendReady(request: FastifyRequest, reply: FastifyReply, body: Buffer): FastifyReply {
  if (body.length >= COMPRESS_THRESHOLD_BYTES) {
    reply.header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(compressedOnce(body, encoding));
  }
  return reply.send(body);
}

/**
 * Compresses the API's answers of a kilobyte or more that no route compressed itself. One
 * synchronous onSend hook whose first test is the body's length, so the usual small JSON answer
 * pays one comparison; a stream (a file) passes untouched. The storefront's files are compressed
 * by @fastify/compress, registered with them only (plugins/web-app.ts).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload === 'string') {
        if (payload.length < COMPRESS_THRESHOLD_BYTES) return done(null, payload);
      } else if (!Buffer.isBuffer(payload) || payload.length < COMPRESS_THRESHOLD_BYTES) {
        return done(null, payload);
      }
      if (reply.hasHeader('content-encoding')) return done(null, payload);
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return done(null, payload);
      reply.header('vary', withAcceptEncoding(reply.getHeader('vary')));
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (!encoding) return done(null, payload);
      reply.header('content-encoding', encoding);
      done(null, compressors[encoding](typeof payload === 'string' ? Buffer.from(payload) : payload));
    });
  },
  { name: 'compression' },
);
