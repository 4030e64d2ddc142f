import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: port 3000, PGlite under ./data, the catalogue cache on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toMatch(/data$/);
    expect(config.catalogCache).toBe(true);
  });

  it('stops with a message that names each wrong value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CATALOG_CACHE: 'maybe' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CATALOG_CACHE: 'maybe' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a port number');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('CATALOG_CACHE: must be true or false');
    }
  });

  it('adds the public URL to the origins allowed to change things', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://shop.example.com/', ALLOWED_ORIGINS: 'http://localhost:5173' });
    expect(config.allowedOrigins).toEqual(['http://localhost:5173', 'https://shop.example.com']);
  });
});
