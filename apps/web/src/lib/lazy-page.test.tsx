// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage, preloadPages } from './lazy-page';

const page = () => ({ default: () => <h1>French Lace</h1> });

afterEach(cleanup);

describe('a lazy page', () => {
  it('renders at once, with no loading state, when its module was loaded ahead', async () => {
    const Page = lazyPage(async () => page());
    await Promise.all(preloadPages([<Page key="page" />, <p key="other">not a page</p>, undefined]));
    render(
      <Suspense fallback={<p>Loading page…</p>}>
        <Page />
      </Suspense>,
    );
    // Synchronously: no fallback was ever committed.
    expect(screen.getByRole('heading', { name: 'French Lace' })).toBeTruthy();
    expect(screen.queryByText('Loading page…')).toBeNull();
  });

  it('shows the loading state first when it was not loaded ahead, then the page', async () => {
    const Page = lazyPage(async () => page());
    render(
      <Suspense fallback={<p>Loading page…</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading page…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'French Lace' })).toBeTruthy();
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return page();
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(attempts).toBe(2);
  });
});
