// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster, toast } from './toaster';

afterEach(cleanup);

describe('the toasts', () => {
  it('are not in the page the server draws: their script and styles load once the app runs', () => {
    expect(renderToString(<Toaster />)).toBe('');
  });

  it('show a toast sent before their container has loaded, once it has', async () => {
    render(<Toaster />);
    toast.success('Lace added to your cart');
    toast.error('Buttons are out of stock.');
    expect(await screen.findByText('Lace added to your cart')).toBeTruthy();
    expect(await screen.findByText('Buttons are out of stock.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications Alt+T' })).toBeTruthy();
  });
});
