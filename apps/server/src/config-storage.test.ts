import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('the storage of uploaded images in the configuration', () => {
  it('keeps them under DATA_DIR/uploads by default, or in UPLOADS_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/var/shop' }).storage).toEqual({ kind: 'disk', dir: '/var/shop/uploads' });
    expect(loadConfig({ UPLOADS_DIR: 'pictures' }).storage).toEqual({
      kind: 'disk',
      dir: path.resolve('pictures'),
    });
  });

  it('uses the S3 bucket when S3_BUCKET is set, path-style at S3_ENDPOINT, with the keys given', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'shop-images',
        S3_ENDPOINT: 'https://minio.example.com',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'shop-images',
      endpoint: 'https://minio.example.com',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      prefix: 'product-images/',
    });
    // Without keys, the AWS SDK's own chain (an instance role) signs the requests.
    expect(loadConfig({ S3_BUCKET: 'shop-images' }).storage).toMatchObject({ kind: 's3', credentials: undefined });
  });

  it('stops on a half-set key pair, an endpoint without a bucket, or a bad bucket name', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'x' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
  });
});
