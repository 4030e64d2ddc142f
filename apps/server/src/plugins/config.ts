import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AppConfig, type PublicAddress, publicAddress } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The shop's public address (PUBLIC_URL), parsed once. */
    publicAddress: PublicAddress;
  }
}

/**
 * Decorates `app.config`: the parsed environment, read by every plugin and module; and
 * `app.publicAddress`, the shop's public address from it.
 */
export const configPlugin = fp<{ config: AppConfig }>(
  async (app: FastifyInstance, { config }) => {
    app.decorate('config', config);
    app.decorate('publicAddress', publicAddress(config));
  },
  { name: 'config' },
);
