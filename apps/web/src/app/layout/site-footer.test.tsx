// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aShopInfo } from '../../testing/fixtures';
import { fakeApi, renderWithShopProviders } from '../../testing/render-route';
import { SiteFooter } from './site-footer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderFooter = () => renderWithShopProviders(<SiteFooter />);

describe('site footer', () => {
  it('links to the FAQ and the four policies', () => {
    fakeApi({ '/api/settings': aShopInfo() });
    renderFooter();
    const help = screen.getByRole('navigation', { name: 'Help and policies' });
    const links = within(help)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['FAQ', '/faq'],
      ['Terms of Service', '/terms-of-service'],
      ['Privacy Policy', '/privacy-policy'],
      ['Shipping Policy', '/shipping-policy'],
      ['Refund Policy', '/refund-policy'],
    ]);
  });

  it('shows the store hours of the shop settings and the delivery area', async () => {
    fakeApi({ '/api/settings': aShopInfo() });
    renderFooter();
    expect(await screen.findByText('Monday to Saturday')).toBeTruthy();
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(screen.getByText('Delivery within Lagos')).toBeTruthy();
  });
});
