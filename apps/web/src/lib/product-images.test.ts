import { describe, expect, it } from 'vitest';
import { fullUrlOfThumb, largeUrl, productSrcSet, thumbUrl } from './product-images';

describe('product image renditions', () => {
  it('pairs the 400w thumb with the 1000w full image', () => {
    expect(thumbUrl('/images/demo/gold-lace-1-full.webp')).toBe('/images/demo/gold-lace-1-thumb.webp');
    expect(productSrcSet('/images/demo/gold-lace-1-full.webp')).toBe(
      '/images/demo/gold-lace-1-thumb.webp 400w, /images/demo/gold-lace-1-full.webp 1000w',
    );
  });

  it('offers no srcSet for an image that does not follow the naming', () => {
    expect(productSrcSet('/images/uploads/photo.jpg')).toBeUndefined();
  });

  it('names the viewer’s large rendition, which the page’s srcSet never offers', () => {
    const full = `/images/uploads/${'a'.repeat(64)}-full.webp`;
    expect(largeUrl(full)).toBe(`/images/uploads/${'a'.repeat(64)}-large.webp`);
    expect(largeUrl('/images/uploads/photo.jpg')).toBeUndefined();
    expect(productSrcSet(full)).not.toContain('-large');
  });

  it("gives a card's thumb the same srcset as the product's first full picture", () => {
    expect(fullUrlOfThumb('/images/demo/gold-lace-1-thumb.webp')).toBe('/images/demo/gold-lace-1-full.webp');
    expect(productSrcSet('/images/demo/gold-lace-1-thumb.webp')).toBe(
      productSrcSet('/images/demo/gold-lace-1-full.webp'),
    );
    expect(fullUrlOfThumb('/uploads/products/a-1.webp')).toBeUndefined();
    expect(productSrcSet('/uploads/products/a-1.webp')).toBeUndefined();
  });
});
