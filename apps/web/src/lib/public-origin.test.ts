// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { providePublicOrigin, publicOrigin, resetPublicOrigin } from './public-origin';

afterEach(() => {
  document.head.querySelector('link[rel="canonical"]')?.remove();
  resetPublicOrigin();
});

function canonical(href: string) {
  const link = document.createElement('link');
  link.rel = 'canonical';
  link.href = href;
  document.head.append(link);
}

describe('publicOrigin', () => {
  it('is the origin the server draws with, without a trailing slash', () => {
    providePublicOrigin('https://shop.example.com/');
    expect(publicOrigin()).toBe('https://shop.example.com');
    providePublicOrigin(undefined);
  });

  it('reads the drawn page’s canonical link in the browser, once', () => {
    canonical('https://shop.example.com/products/french-lace');
    expect(publicOrigin()).toBe('https://shop.example.com');
    // A later page (the app does not rewrite the head) keeps the shop's origin.
    document.head.querySelector('link[rel="canonical"]')?.remove();
    expect(publicOrigin()).toBe('https://shop.example.com');
  });

  it('is the browser’s own origin on a page without a canonical link', () => {
    expect(publicOrigin()).toBe(window.location.origin);
  });
});
