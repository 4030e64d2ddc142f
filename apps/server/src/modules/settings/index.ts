import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SettingsRepository } from './settings.repository';
import { settingsRoutes } from './settings.routes';
import { SettingsService } from './settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's settings (decision 025): its details, bank account, orders email, POD cap and hold windows. */
    settings: SettingsService;
  }
}

/**
 * The shop's settings: /api/settings, and app.settings for every module that reads them
 * (contact, orders, payments, pages, emails). Registered before those. Each process keeps its
 * copy and reads again when any process saves (NOTIFY settings_changed at commit).
 */
export default fp(
  async (app: FastifyInstance) => {
    const service = new SettingsService(app.database, new SettingsRepository(app.database), app.config, {
      log: app.log.child({ module: 'settings' }),
    });
    await service.start();
    app.addHook('onClose', async () => service.stop());
    app.decorate('settings', service);
    await app.register(settingsRoutes, { prefix: '/api', service });
  },
  { name: 'settings', dependencies: ['config', 'database', 'auth'] },
);
