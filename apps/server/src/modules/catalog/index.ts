import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedDemoCatalogue } from '../../db/seed/seed-demo';
import { CatalogRepository } from './catalog.repository';
import { catalogRoutes } from './catalog.routes';
import { CatalogService } from './catalog.service';
import { CatalogAdminRepository } from './catalog-admin.repository';
import { catalogAdminRoutes } from './catalog-admin.routes';
import { CatalogAdminService } from './catalog-admin.service';
import { CatalogAnswers } from './catalog-answers';
import { CatalogCache } from './catalog-cache';
import { CatalogCsv } from './catalog-csv';
import { ListingMemo } from './listing-memo';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The catalogue's rules and this process's copy of its answers (writers invalidate it), and
     * the CSV import (tests reach its beforeWrite seam here). `answers` are the named answers
     * (cache key and body) the API's routes send and the storefront's pages embed.
     */
    catalog: { service: CatalogService; cache: CatalogCache; csv: CatalogCsv; answers: CatalogAnswers };
  }
}

/**
 * Catalogue reads under /api, and the admin's writes: categories, subcategories, products, search. Fills an empty
 * catalogue with the demo one when the config asks. The listing memo (totals and anchors of
 * product listings) is cleared with the cache, so both forget the catalogue together; a change
 * of stock alone drops only the answers that show it (decision 019).
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    if (config.seedDemoCatalogue) {
      const seeded = await seedDemoCatalogue(database);
      if (seeded) app.log.info({ products: seeded }, 'demo catalogue created');
    }
    const listingMemo = new ListingMemo();
    const cache = new CatalogCache(database, config.catalogCache, [listingMemo], {
      stockRefreshMs: config.catalogStockRefreshMs,
    });
    await cache.start();
    app.addHook('onClose', async () => cache.stop());
    const repository = new CatalogRepository(database, listingMemo);
    const service = new CatalogService(repository);
    const answers = new CatalogAnswers(service, repository, cache);
    // The admin's writes (issue 12): multipart product forms with images, categories, CSV.
    const adminRepository = new CatalogAdminRepository(database);
    const admin = new CatalogAdminService(database, adminRepository, app.storage, cache, app.log);
    const csv = new CatalogCsv(database, adminRepository, admin, app.storage, app.publicAddress.url);
    app.decorate('catalog', { service, cache, csv, answers });
    await app.register(catalogRoutes, { prefix: '/api', answers });
    await app.register(catalogAdminRoutes, { prefix: '/api', service: admin, csv });
  },
  { name: 'catalog', dependencies: ['config', 'database', 'auth', 'storage'] },
);
