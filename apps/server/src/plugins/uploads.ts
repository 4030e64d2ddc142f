import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage, STORAGE_KEY, type Storage, UPLOADS_URL_PREFIX } from '../storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: the disk under DATA_DIR/uploads, or the S3 bucket (storage/). */
    storage: Storage;
  }
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not Found' } as const;

/**
 * `app.storage`, and GET /images/uploads/<key>: the uploaded images, read from the storage. Keys
 * are content hashes, so an answer never changes: a year in every cache, `immutable`, and any
 * revalidation is a 304. Only keys of our own shape are looked up (no dotfiles, no path), and
 * the type is the one we wrote (with `nosniff` from the API headers).
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, options: { storage?: Storage } = {}) => {
    const storage = options.storage ?? createStorage(app.config.storage);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());

    app.get<{ Params: { key: string } }>(`${UPLOADS_URL_PREFIX}:key`, async (request, reply) => {
      const { key } = request.params;
      if (!STORAGE_KEY.test(key)) return reply.status(404).send(NOT_FOUND);
      const object = await storage.get(key);
      if (!object) return reply.status(404).send(NOT_FOUND);
      reply
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .header('etag', `"${key}"`)
        .type(object.contentType);
      if (request.headers['if-none-match'] === `"${key}"`) {
        object.body.destroy();
        return reply.status(304).send();
      }
      reply.header('content-length', object.size);
      return reply.send(object.body);
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
