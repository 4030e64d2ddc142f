// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductGallery } from './product-gallery';

// The viewer's chunk cannot be fetched (the connection dropped after the page loaded).
vi.mock('./picture-viewer', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

describe('the picture button when the viewer cannot be loaded', () => {
  it('says so, keeps the page as it was, and tries again on the next press', async () => {
    render(<ProductGallery images={['/images/demo/lace-1-full.webp']} name="Lace" />);
    const opener = screen.getByRole('button', { name: 'View larger image: Lace' });
    fireEvent.click(opener);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The larger image could not be opened. Check your connection and try again.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('img', { name: 'Lace' })).toBeTruthy();
    fireEvent.click(opener);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
