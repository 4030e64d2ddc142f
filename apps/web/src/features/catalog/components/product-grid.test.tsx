// @vitest-environment jsdom

import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { aProductCard } from '../../../testing/fixtures';
import { ProductGrid } from './product-grid';

const products = Array.from({ length: 6 }, (_, index) =>
  aProductCard({
    id: `p${index}`,
    name: `Lace ${index}`,
    slug: `lace-${index}`,
    price: 1000,
    stock: 5,
    images: [`/images/demo/lace-${index}-1-full.webp`],
  }),
);

afterEach(cleanup);

describe('product grid', () => {
  it('loads the first photos at once and early, and the rest lazily', () => {
    render(<ProductGrid products={products} label="Products" eagerImages={4} />, { wrapper: MemoryRouter });
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
      'high',
      'high',
      null,
      null,
    ]);
  });

  it('loads every photo lazily by default, for grids further down a page', () => {
    render(<ProductGrid products={products} label="Related products" />, { wrapper: MemoryRouter });
    expect(screen.getAllByRole('img').every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);
  });
});
