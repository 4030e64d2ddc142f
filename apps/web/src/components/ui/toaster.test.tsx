// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from './toaster';

// Counts the loads of the toasts' chunk (react-toastify and its styles).
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./toast-container', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

afterEach(cleanup);

describe('the toasts', () => {
  it('are not in the page the server draws', () => {
    expect(renderToString(<Toaster />)).toBe('');
  });

  it('load nothing while the page starts: their script and styles come with the first toast', async () => {
    render(<Toaster />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads.count).toBe(0);
    expect(screen.queryByRole('region', { name: 'Notifications Alt+T' })).toBeNull();
    toast.info('Prices are in naira.');
    expect(await screen.findByText('Prices are in naira.')).toBeTruthy();
    expect(loads.count).toBe(1);
  });

  it('show each toast sent, one after another, in the notifications region', async () => {
    render(<Toaster />);
    toast.success('Lace added to your cart');
    toast.error('Buttons are out of stock.');
    expect(await screen.findByText('Lace added to your cart')).toBeTruthy();
    expect(await screen.findByText('Buttons are out of stock.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications Alt+T' })).toBeTruthy();
  });
});
