// @vitest-environment jsdom
import { MESSAGES } from '@shop/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../testing/fixtures';
import { fakeApi, renderRoute } from '../../testing/render-route';
import { saveAnswer } from './saved-answers';
import { SAVED_DATA_WARNING } from './saved-data-notice';

const lace = aProduct({ name: 'Gold Guipure Lace', slug: 'gold-guipure-lace', images: [], specifications: [] });

/** Every request fails as when the shop's server is down; a proxy in front answers `status`. */
function shopUnreachable(status?: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (status) return new Response('Bad Gateway', { status });
      throw new TypeError('Failed to fetch');
    }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a catalogue page when the shop cannot be reached', () => {
  it('shows the answer this browser saved, with the warning', async () => {
    saveAnswer(['products', 'detail', lace.slug], lace);
    shopUnreachable();
    renderRoute(`/products/${lace.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: lace.name })).toBeTruthy();
    expect(screen.getByText(SAVED_DATA_WARNING)).toBeTruthy();
  });

  it('treats a gateway error from a proxy the same way', async () => {
    saveAnswer(['products', 'detail', lace.slug], lace);
    shopUnreachable(502);
    renderRoute(`/products/${lace.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: lace.name })).toBeTruthy();
    expect(screen.getByText(SAVED_DATA_WARNING)).toBeTruthy();
  });

  it('treats the shop’s own 503 while its database is down the same way (decision 028)', async () => {
    saveAnswer(['products', 'detail', lace.slug], lace);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'DATABASE_UNAVAILABLE', message: MESSAGES.databaseUnavailable }), {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after': '5' },
          }),
      ),
    );
    renderRoute(`/products/${lace.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: lace.name })).toBeTruthy();
    expect(screen.getByText(SAVED_DATA_WARNING)).toBeTruthy();
  });

  it('never replaces a 404 from the shop with a saved answer', async () => {
    saveAnswer(['products', 'detail', lace.slug], lace);
    fakeApi({ [`/api/products/${lace.slug}`]: { status: 404, body: { message: 'Product Not Found' } } });
    renderRoute(`/products/${lace.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product Not Found' })).toBeTruthy();
    expect(screen.queryByText(SAVED_DATA_WARNING)).toBeNull();
  });

  it('shows the error with Retry when nothing is saved, and the product once the shop answers', async () => {
    shopUnreachable();
    renderRoute(`/products/${lace.slug}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch productNetwork error');
    fakeApi({ [`/api/products/${lace.slug}`]: { product: lace } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: lace.name })).toBeTruthy();
    expect(screen.queryByText(SAVED_DATA_WARNING)).toBeNull();
  });
});
