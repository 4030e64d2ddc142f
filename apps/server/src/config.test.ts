import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig, startupWarnings } from './config';

describe('configuration', () => {
  it('has working defaults: port 3000, PGlite under ./data, the catalogue cache on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toMatch(/data$/);
    expect(config.catalogCache).toBe(true);
  });

  it('bounds a statement at 15 s and a lock wait at 5 s, and long jobs at 10 minutes, unless told otherwise', () => {
    expect(loadConfig({}).database.bounds).toEqual({ statementMs: 15_000, lockMs: 5_000, jobMs: 600_000 });
    expect(
      loadConfig({
        DATABASE_STATEMENT_TIMEOUT_MS: '30000',
        DATABASE_LOCK_TIMEOUT_MS: '0',
        DATABASE_JOB_TIMEOUT_MS: '3600000',
      }).database.bounds,
    ).toEqual({ statementMs: 30_000, lockMs: 0, jobMs: 3_600_000 });
    for (const name of ['DATABASE_STATEMENT_TIMEOUT_MS', 'DATABASE_LOCK_TIMEOUT_MS', 'DATABASE_JOB_TIMEOUT_MS']) {
      for (const wrong of ['-1', 'soon', '1.5']) {
        expect(() => loadConfig({ [name]: wrong }), `${name}=${wrong}`).toThrow(new RegExp(name));
      }
    }
  });

  it('gives up on a PostgreSQL connection after 5 s by default, or DATABASE_CONNECT_TIMEOUT_MS (100 ms to 60 s)', () => {
    expect(loadConfig({}).database.connectTimeoutMs).toBe(5_000);
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '2000' }).database.connectTimeoutMs).toBe(2_000);
    for (const wrong of ['50', '120000', 'soon']) {
      expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: wrong })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
    }
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

  it('sends contact form messages to CONTACT_EMAIL, or leaves the choice to the first admin when unset', () => {
    expect(loadConfig({ CONTACT_EMAIL: 'Orders@StitchAndTrim.example' }).contactEmail).toBe(
      'orders@stitchandtrim.example',
    );
    expect(loadConfig({}).contactEmail).toBeUndefined();
    expect(() => loadConfig({ CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL: must be an email address/);
  });

  it('adds the public URL to the origins allowed to change things', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://shop.example.com/', ALLOWED_ORIGINS: 'http://localhost:5173' });
    expect(config.allowedOrigins).toEqual(['http://localhost:5173', 'https://shop.example.com']);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes true or false', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('takes a number of proxy hops', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
  });

  it('takes a comma-separated list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8, ::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('stops the server with a message naming what is not an address', () => {
    for (const value of [
      'yes',
      '10.0.0.300',
      '10.0.0.0/33',
      'proxy.example.com, 10.0.0.1',
      '::1/129',
      '10.0.0.1/8/2',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, proxy.example.com' })).toThrow(
      /TRUST_PROXY: must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges \(not an address: proxy\.example\.com\)/,
    );
  });
});

describe('production', () => {
  // Everything production needs but PUBLIC_URL.
  const PRODUCTION = {
    NODE_ENV: 'production',
    PAYSTACK_SECRET_KEY: 'sk_live_abc',
    PAYSTACK_PUBLIC_KEY: 'pk_live_abc',
    BANK_ACCOUNT_NAME: 'Stitch and Trim Ltd',
    BANK_NAME: 'First Bank',
    BANK_ACCOUNT_NUMBER: '3012345678',
  };

  it('stops without PUBLIC_URL, naming it', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(ConfigError);
    expect(() => loadConfig(PRODUCTION)).toThrow(/PUBLIC_URL: required in production/);
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL: required in production/);
  });

  it('stops on a PUBLIC_URL that is not https, or not a URL', () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://shop.example.com' })).toThrow(
      /PUBLIC_URL: must be an https:\/\/ URL in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: 'shop.example.com' })).toThrow(
      /PUBLIC_URL: must be a URL such as https:\/\/shop.example.com/,
    );
  });

  it('names PUBLIC_URL beside the other settings production lacks, in one message', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration:\n/);
      expect(message).toContain('PAYSTACK_SECRET_KEY, PAYSTACK_PUBLIC_KEY');
      expect(message).toContain('  PUBLIC_URL: required in production');
    }
  });

  it('starts with an https PUBLIC_URL, whose session cookie is then Secure', () => {
    const config = loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://stitchandtrim.ng' });
    expect(config.publicUrl).toBe('https://stitchandtrim.ng');
    expect(config.cookieSecure).toBe(true);
  });

  it('leaves PUBLIC_URL optional, and http allowed, outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe(
      'http://localhost:3000',
    );
  });
});

describe('start-up warnings', () => {
  it('warn that TRUST_PROXY=true lets any client choose its address, and only for true', () => {
    const [warning] = startupWarnings(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', TRUST_PROXY: 'true' }));
    expect(warning).toMatch(/^TRUST_PROXY=true .*any client may choose its address/);
    for (const setting of ['false', '1', '10.0.0.1']) {
      expect(startupWarnings(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', TRUST_PROXY: setting }))).toEqual([]);
    }
  });

  it('warn loudly of a development or test shop on an address other machines reach, naming what is on', () => {
    for (const env of ['development', 'test']) {
      const warnings = startupWarnings(loadConfig({ NODE_ENV: env, HOST: '0.0.0.0' }));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(new RegExp(`^NOT SAFE ON A NETWORK: NODE_ENV=${env} and HOST=0\\.0\\.0\\.0`));
      expect(warnings[0]).toContain('test payments (the built-in test gateway');
      expect(warnings[0]).toContain('the default admin (admin@example.com');
    }
    // With Paystack keys and a real admin, nothing of the two is on.
    const keyed = loadConfig({
      NODE_ENV: 'development',
      HOST: '::',
      PAYSTACK_SECRET_KEY: 'sk_test_abc',
      PAYSTACK_PUBLIC_KEY: 'pk_test_abc',
    });
    expect(startupWarnings(keyed)).toEqual([expect.not.stringContaining('test payments')]);
    expect(startupWarnings({ ...keyed, admin: { email: 'owner@example.com', password: 'Owner@2024' } })).toEqual([]);
  });

  it('listen on loopback by default in development and test, and on every address in production or with NODE_ENV unset', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).host).toBe('0.0.0.0');
    // A newcomer's first `npm start` (NODE_ENV=development, nothing else set) is not warned.
    expect(startupWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
  });

  it('say nothing of a development shop on loopback, or of production on any address', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost', '127.0.0.2']) {
      expect(startupWarnings(loadConfig({ NODE_ENV: 'development', HOST: host })), host).toEqual([]);
    }
    const production = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://stitchandtrim.ng',
      PAYSTACK_SECRET_KEY: 'sk_live_abc',
      PAYSTACK_PUBLIC_KEY: 'pk_live_abc',
      BANK_ACCOUNT_NAME: 'Stitch and Trim Ltd',
      BANK_NAME: 'First Bank',
      BANK_ACCOUNT_NUMBER: '3012345678',
    });
    expect(startupWarnings(production)).toEqual([]);
  });

  it('know loopback addresses from the rest', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.20', 'shop.example.com', '128.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
