// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination } from './pagination';

function renderAt(url: string, props: { page: number; pageSize: number; total: number }) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Pagination {...props} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('Pagination', () => {
  it('shows nothing for a single page', () => {
    const { container } = renderAt('/shop', { page: 1, pageSize: 24, total: 24 });
    expect(container.innerHTML).toBe('');
  });

  it('links the pages either side, keeping the other query parameters', () => {
    renderAt('/admin/products?q=lace&page=2', { page: 2, pageSize: 24, total: 60 });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/admin/products?q=lace');
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/admin/products?q=lace&page=3');
  });

  it('leads from a page past the end back to the last page, even when one page is left', () => {
    renderAt('/admin/products?q=lace&page=3', { page: 3, pageSize: 24, total: 24 });
    expect(screen.getByRole('link', { name: /Last page/ }).getAttribute('href')).toBe('/admin/products?q=lace');
    expect(screen.queryByRole('link', { name: /Next/ })).toBeNull();
  });

  it('leads past the end to the last of several pages, not to the page before the one asked for', () => {
    renderAt('/shop?page=99', { page: 99, pageSize: 24, total: 60 });
    expect(screen.getByRole('link', { name: /Last page/ }).getAttribute('href')).toBe('/shop?page=3');
  });
});
