import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('private files and the order inbox in the configuration', () => {
  it('keeps transfer proofs under DATA_DIR/private, or PRIVATE_FILES_DIR, apart from the public images', () => {
    expect(loadConfig({ DATA_DIR: '/var/shop' }).privateStorage).toEqual({ kind: 'disk', dir: '/var/shop/private' });
    expect(loadConfig({ PRIVATE_FILES_DIR: 'secret' }).privateStorage).toEqual({
      kind: 'disk',
      dir: path.resolve('secret'),
    });
  });

  it('keeps them in the bucket under S3_PRIVATE_PREFIX', () => {
    const config = loadConfig({ S3_BUCKET: 'shop-images' });
    expect(config.privateStorage).toMatchObject({
      kind: 's3',
      bucket: 'shop-images',
      prefix: 'private/transfer-proofs/',
      cacheControl: 'private, no-store',
    });
    expect(loadConfig({ S3_BUCKET: 'shop-images', S3_PRIVATE_PREFIX: 'proofs/' }).privateStorage).toMatchObject({
      prefix: 'proofs/',
    });
  });

  it('refuses to start when the private files would be where the public images are served from', () => {
    expect(() => loadConfig({ UPLOADS_DIR: '/srv/files', PRIVATE_FILES_DIR: '/srv/files' })).toThrow(
      /PRIVATE_FILES_DIR: must differ from UPLOADS_DIR/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'shop-images', S3_PREFIX: 'files/', S3_PRIVATE_PREFIX: 'files/' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ S3_BUCKET: 'shop-images', S3_PRIVATE_PREFIX: 'private' })).toThrow(/S3_PRIVATE_PREFIX/);
  });

  it('takes ORDERS_EMAIL as an address, in lower case', () => {
    expect(loadConfig({ ORDERS_EMAIL: 'Orders@Shop.example.com' }).ordersEmail).toBe('orders@shop.example.com');
    expect(loadConfig({}).ordersEmail).toBeUndefined();
    expect(() => loadConfig({ ORDERS_EMAIL: 'not an address' })).toThrow(/ORDERS_EMAIL: must be an email address/);
  });
});
