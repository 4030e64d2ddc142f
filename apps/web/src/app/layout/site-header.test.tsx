// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aShopInfo } from '../../testing/fixtures';
import { fakeApi } from '../../testing/render-route';
import { SiteHeader } from './site-header';

function renderHeader(path = '/') {
  const router = createMemoryRouter([{ path: '*', element: <SiteHeader /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, header: screen.getByRole('banner') };
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  scrollTo(0);
  document.documentElement.classList.remove('dark');
  localStorage.clear();
});

describe('site header', () => {
  it('is transparent at the top of the home page and solid after scrolling past 36 px', () => {
    const { header } = renderHeader('/');
    expect(header.dataset.solid).toBe('false');
    scrollTo(36);
    expect(header.dataset.solid).toBe('false');
    scrollTo(37);
    expect(header.dataset.solid).toBe('true');
  });

  it.each(['/subcategories/s1', '/orders', '/orders/o1', '/order/success', '/admin'])('is solid on %s', (path) => {
    expect(renderHeader(path).header.dataset.solid).toBe('true');
  });

  it('is not solid on a path that only starts with the same letters', () => {
    expect(renderHeader('/ordering').header.dataset.solid).toBe('false');
  });

  it('has the main links', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/shop', '/categories', '/about', '/contact', '/login']);
  });

  it('the dark mode toggle sets the dark class and remembers the choice', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    fireEvent.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('darkMode')).toBe('false');
  });

  it('search goes to /search?q= and ignores a blank query', () => {
    const { router } = renderHeader('/shop');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const input = screen.getByRole('searchbox', { name: 'Search products' });
    const form = screen.getByRole('search');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(router.state.location.pathname).toBe('/shop');
    fireEvent.change(input, { target: { value: 'gold lace' } });
    fireEvent.submit(form);
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=gold%20lace');
  });

  it('the mobile menu opens from the hamburger and closes on Escape and on navigation', () => {
    renderHeader();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '');
    expect(menu?.hidden).toBe(true);
    fireEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(menu?.hidden).toBe(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(menuButton);
    const shopLink = [...(menu?.querySelectorAll('a') ?? [])].find((a) => a.textContent === 'Shop');
    fireEvent.click(shopLink as HTMLAnchorElement);
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('the mobile menu offers a call and a WhatsApp chat with the numbers of the shop settings', async () => {
    fakeApi({ '/api/settings': aShopInfo() });
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const contact = await screen.findByTestId('mobile-menu-contact');
    const call = within(contact).getByRole('link', { name: 'Call us' });
    expect(call.getAttribute('href')).toBe('tel:+2348091112233');
    expect(within(contact).getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/2348094445566',
    );
  });

  it('the cart opens an empty-cart drawer with a Start Shopping link', () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Cart' }));
    const drawer = screen.getByRole('dialog', { name: 'Your Cart' });
    expect(drawer.textContent).toContain('Your cart is empty');
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/shop');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
