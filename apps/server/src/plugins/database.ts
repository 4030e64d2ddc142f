import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, openDatabase } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/**
 * Decorates `app.database`, migrated: the one given (tests share one per file), or one opened
 * from the config and closed with the app.
 */
export const databasePlugin = fp<{ database?: Database }>(
  async (app: FastifyInstance, options) => {
    const { database: config } = app.config;
    const database =
      options.database ??
      (await openDatabase({
        url: config.url,
        dataDir: config.dataDir,
        poolSize: config.poolSize,
        connectTimeoutMs: config.connectTimeoutMs,
        bounds: config.bounds,
      }));
    app.decorate('database', database);
    if (!options.database) app.addHook('onClose', async () => database.close());
    await database.migrate();
  },
  { name: 'database', dependencies: ['config'] },
);
