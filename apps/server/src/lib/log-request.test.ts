import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './log-request';

describe('redactUrl', () => {
  it('replaces the value of every token or code in a query string, keeping the rest', () => {
    expect(redactUrl('/api/newsletter/unsubscribe?token=abcDEF_123-xyz')).toBe(
      '/api/newsletter/unsubscribe?token=[redacted]',
    );
    expect(redactUrl('/reset-password?email=ada%40example.com&code=493817&step=2')).toBe(
      '/reset-password?email=ada%40example.com&code=[redacted]&step=2',
    );
    expect(redactUrl('/x?access_code=a1&resetToken=b2&TOKEN=c3&otp=123456&password=p#top')).toBe(
      '/x?access_code=[redacted]&resetToken=[redacted]&TOKEN=[redacted]&otp=[redacted]&password=[redacted]#top',
    );
  });

  it('leaves a URL without secrets as it was', () => {
    for (const url of ['/api/products?page=2&sort=price', '/shop', '/token/code?tokens', '/api/health?']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('serializeRequest', () => {
  it('gives what Fastify logs of a request, its URL redacted', () => {
    expect(
      serializeRequest({
        method: 'GET',
        url: '/api/newsletter/unsubscribe?token=secret-token-value',
        headers: {},
        host: 'shop.example.com',
        ip: '10.0.0.7',
        socket: { remotePort: 51234 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/api/newsletter/unsubscribe?token=[redacted]',
      version: undefined,
      host: 'shop.example.com',
      remoteAddress: '10.0.0.7',
      remotePort: 51234,
    });
  });
});
