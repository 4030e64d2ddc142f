import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appRendererFile, loadAppRenderer } from './app-renderer';
import { WebAssets } from './assets';
import { pageTemplate } from './html';
import { Sitemaps } from './sitemap';
import { storefrontRoutes } from './storefront.routes';
import { StorefrontPages } from './storefront-pages';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The catalogue's pages drawn with their answers, for the web app's page handler
     * (plugins/web-app.ts); undefined without a web build.
     */
    storefront: { pages: StorefrontPages | undefined };
  }
}

/**
 * The storefront's pages as the server draws them (decisions 016, 017, 034): home, /shop,
 * /categories, a category, subcategory or product with their first answers, head and markup,
 * from the catalogue's named answers; /robots.txt and the sitemaps. Which URL is which page is
 * packages/shared's storefront-pages.ts.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { webDistDir } = app.config;
    const indexFile = path.join(webDistDir, 'index.html');
    // Read once: it changes only with a deploy (a restart).
    const template = existsSync(indexFile) ? pageTemplate(readFileSync(indexFile)) : undefined;
    const pages = template
      ? new StorefrontPages(
          app,
          template,
          new WebAssets(webDistDir, template.preloads),
          await loadAppRenderer(appRendererFile(webDistDir), app.log),
        )
      : undefined;
    app.decorate('storefront', { pages });
    await app.register(storefrontRoutes, { sitemaps: new Sitemaps(app) });
  },
  { name: 'storefront', dependencies: ['config', 'catalog', 'settings'] },
);
