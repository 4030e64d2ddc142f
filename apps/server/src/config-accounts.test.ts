import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('accounts and email configuration', () => {
  it('has defaults: no SMTP, a 7-day session, the worker on, cookies not Secure over http', () => {
    const config = loadConfig({});
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.sessionTtlDays).toBe(7);
    expect(config.outbox.worker).toBe(true);
    expect(config.cookieSecure).toBe(false);
    expect(config.admin).toEqual({ email: undefined, password: undefined });
  });

  it('makes cookies Secure when the public address is https, unless told otherwise', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com' }).cookieSecure).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('stops on a wrong SMTP_URL, REDIS_URL, ADMIN_EMAIL or a weak ADMIN_PASSWORD, naming each', () => {
    try {
      loadConfig({
        SMTP_URL: 'http://mail',
        REDIS_URL: 'localhost:6379',
        ADMIN_EMAIL: 'boss',
        ADMIN_PASSWORD: 'password',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
      expect(message).toContain('REDIS_URL: must be a redis:// or rediss:// URL');
      expect(message).toContain('ADMIN_EMAIL: must be an email address');
      expect(message).toContain('ADMIN_PASSWORD: must follow the password rule');
      expect(message).not.toContain('password\n');
    }
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@example.com' })).toThrow(/set both or neither/);
    expect(loadConfig({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Owner@2025' }).admin.email).toBe(
      'owner@example.com',
    );
  });

  it('leaves NODE_ENV unset as unset: only development and test make the default admin', () => {
    expect(loadConfig({}).env).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).env).toBe('development');
  });
});
