// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

afterEach(cleanup);

describe('site footer', () => {
  it('links to the FAQ and the four policies', () => {
    render(<SiteFooter />, { wrapper: MemoryRouter });
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

  it('shows the store hours and the delivery area', () => {
    render(<SiteFooter />, { wrapper: MemoryRouter });
    expect(screen.getByText('Monday to Friday')).toBeTruthy();
    expect(screen.getByText('Sunday')).toBeTruthy();
    expect(screen.getByText('Delivery within Lagos')).toBeTruthy();
  });
});
