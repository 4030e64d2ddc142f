// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../testing/fixtures';
import { fakeApi, renderRoute } from '../../../testing/render-route';
import { ADMIN_TABS } from './admin-layout';

const admin = aUser({ id: 'u2', firstName: 'Shop', role: 'ADMIN' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the admin area', () => {
  it('shows SPEC’s four tabs plus Dashboard and Categories, each a link to its own URL', async () => {
    fakeApi({ '/api/users/session': { user: admin } });
    renderRoute('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Manage Users',
      'Manage Orders',
      'Manage Products',
      'Categories',
      'Newsletter',
      'Settings',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(ADMIN_TABS.map((tab) => tab.href));
  });

  it.each([
    ['/admin', 'Dashboard'],
    ['/admin/users', 'Manage Users'],
    ['/admin/orders', 'Manage Orders'],
    ['/admin/orders/o1', 'Manage Orders'],
    ['/admin/products', 'Manage Products'],
    ['/admin/categories', 'Categories'],
    ['/admin/newsletter', 'Newsletter'],
    ['/admin/settings', 'Settings'],
  ])('marks the current tab on %s (so reload and back keep it)', async (path, current) => {
    fakeApi({ '/api/users/session': { user: admin } });
    const { router } = renderRoute(path);
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    await waitFor(() => {
      const active = within(nav)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page');
      expect(active.map((link) => link.textContent)).toEqual([current]);
    });
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/admin/users', '/admin/orders/o1', '/admin/products/new'])(
    'sends a customer from %s to /dashboard',
    async (path) => {
      fakeApi({ '/api/users/session': { user: aUser() } });
      const { router } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    },
  );
});
