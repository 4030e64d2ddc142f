// @vitest-environment jsdom

import { saleTermsOf } from '@shop/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { aButtonsCard, aLaceCard, aProductCard } from '../../../testing/fixtures';
import { ProductCard } from './product-card';
import { stockLabel } from './stock-badge';

const ribbon = aProductCard({
  id: 'p9',
  name: 'Satin Ribbon, Wine',
  slug: 'satin-ribbon-wine',
  price: 1500,
  images: ['/images/demo/satin-ribbon-wine-1-full.webp'],
});

afterEach(cleanup);

describe('product card', () => {
  it('links by slug and shows the naira price', () => {
    render(<ProductCard product={ribbon} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Satin Ribbon, Wine' }).getAttribute('href')).toBe(
      '/products/satin-ribbon-wine',
    );
    expect(screen.getByText('₦1,500')).toBeTruthy();
  });

  it('says what the price buys: per yard, per pack of 12, or bare for a piece', () => {
    render(
      <>
        <ProductCard product={aLaceCard()} />
        <ProductCard product={aButtonsCard()} />
      </>,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByText('₦1,200 / yard')).toBeTruthy();
    expect(screen.getByText('₦2,500 / pack of 12')).toBeTruthy();
  });

  it('offers thumb and full renditions, lazily, with a fixed size', () => {
    render(<ProductCard product={ribbon} />, { wrapper: MemoryRouter });
    const image = screen.getByRole('img', { name: 'Satin Ribbon, Wine' });
    expect(image.getAttribute('srcset')).toBe(
      '/images/demo/satin-ribbon-wine-1-thumb.webp 400w, /images/demo/satin-ribbon-wine-1-full.webp 1000w',
    );
    expect(image.getAttribute('sizes')).toBeTruthy();
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('400');
  });

  it('falls back to the placeholder when the image fails to load', () => {
    render(<ProductCard product={ribbon} />, { wrapper: MemoryRouter });
    const image = screen.getByRole('img', { name: 'Satin Ribbon, Wine' });
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe('/placeholder-product.svg');
    expect(image.getAttribute('srcset')).toBeNull();
  });

  it('uses the placeholder for a product without images', () => {
    render(<ProductCard product={{ ...ribbon, image: null }} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('img').getAttribute('src')).toBe('/placeholder-product.svg');
  });
});

describe('stock label', () => {
  it('says in stock, only N left, or out of stock, for pieces', () => {
    expect(stockLabel(4000)).toBe('In stock');
    expect(stockLabel(500)).toBe('Only 5 left');
    expect(stockLabel(100)).toBe('Only 1 left');
    expect(stockLabel(0)).toBe('Out of stock');
  });

  it('says the stock in the unit, and out of stock below the minimum', () => {
    const yard = saleTermsOf(aLaceCard());
    expect(stockLabel(3750, yard)).toBe('37.5 yd left');
    expect(stockLabel(350, yard)).toBe('Only 3.5 yd left');
    // Half a yard is left, and the least one can buy is a yard.
    expect(stockLabel(50, yard)).toBe('Out of stock');
    expect(stockLabel(4000, saleTermsOf(aButtonsCard()))).toBe('40 packs (480 buttons) left');
  });
});
