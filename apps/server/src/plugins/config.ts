import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** Decorates `app.config`: the parsed environment, read by every plugin and module. */
export const configPlugin = fp<{ config: AppConfig }>(
  async (app: FastifyInstance, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
