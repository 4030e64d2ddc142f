// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The toasts' chunk fails to load the first time, as on a dropped connection, then loads.
const attempts = vi.hoisted(() => ({ count: 0 }));
vi.mock('./toast-container', async (importOriginal) => {
  attempts.count += 1;
  if (attempts.count === 1) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

afterEach(cleanup);

describe('the toasts on a connection that drops', () => {
  it('leave the page standing when their chunk fails, and mount with the next toast that loads it', async () => {
    const { Toaster, toast } = await import('./toaster');
    render(
      <main>
        <h1>French Lace</h1>
        <Toaster />
      </main>,
    );
    // The first toast's load fails: that toast is lost, and the page stays.
    toast.error('Could not reach the shop.');
    await vi.waitFor(() => expect(attempts.count).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('heading', { name: 'French Lace' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notifications Alt+T' })).toBeNull();
    toast.success('Lace added to your cart');
    expect(await screen.findByText('Lace added to your cart')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'French Lace' })).toBeTruthy();
    expect(attempts.count).toBe(2);
  });
});
