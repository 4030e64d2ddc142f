import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

const origins = new Map<string, string>();

/** `https://shop.example.com` of `https://shop.example.com/`, parsed once per address. */
function originOf(url: string): string {
  let origin = origins.get(url);
  if (origin === undefined) {
    origin = new URL(url).origin;
    origins.set(url, origin);
  }
  return origin;
}

/**
 * The origin of every absolute URL the shop publishes from a request (canonical links, Open
 * Graph, JSON-LD, the sitemap and robots.txt): PUBLIC_URL's whenever it is set, whatever Host
 * the request names. Without it, only a development or test shop takes the request's own
 * (its protocol and Host, as TRUST_PROXY allows); any other (production refuses to start
 * without PUBLIC_URL, but NODE_ENV may be unset) says `http://localhost:PORT`, never an address
 * a client chose.
 */
export function publicOrigin(
  config: Pick<AppConfig, 'env' | 'publicUrl' | 'port'>,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): string {
  if (config.publicUrl) return originOf(config.publicUrl);
  if (config.env === 'development' || config.env === 'test') return `${request.protocol}://${request.host}`;
  return `http://localhost:${config.port}`;
}
