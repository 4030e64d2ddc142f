import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendReady } from '../../plugins/compression';
import { robotsTxt, type Sitemaps } from './sitemap';

export interface StorefrontRoutesOptions {
  sitemaps: Sitemaps;
}

/**
 * /robots.txt and the sitemaps, at the root (not under /api). Their absolute URLs are the
 * shop's public origin (app.publicAddress, from PUBLIC_URL), never the Host header.
 */
export const storefrontRoutes: FastifyPluginAsync<StorefrontRoutesOptions> = async (app, { sitemaps }) => {
  const origin = (request: FastifyRequest) => app.publicAddress.originOf(request);

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(origin(request))),
  );
  const sendSitemap = async (request: FastifyRequest, reply: FastifyReply, name: string) => {
    const body = await sitemaps.file(name, origin(request));
    if (!body) return reply.callNotFound();
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
    return sendReady(request, reply, body);
  };
  app.get('/sitemap.xml', (request, reply) => sendSitemap(request, reply, 'sitemap'));
  app.get('/sitemap-catalogue.xml', (request, reply) => sendSitemap(request, reply, 'sitemap-catalogue'));
  app.get<{ Params: { part: string } }>('/sitemap-products-:part(^\\d{1,6}).xml', (request, reply) =>
    sendSitemap(request, reply, `sitemap-products-${request.params.part}`),
  );
};
