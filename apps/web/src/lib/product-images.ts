// Product images are served as three renditions: `…-full.webp` (1000 px) and `…-thumb.webp`
// (400 px) on the pages, and `…-large.webp` (1600 px, never enlarged) for the picture viewer only.
// An upload from before the large size has no large file: the viewer falls back to the full one.
export const PRODUCT_IMAGE_PLACEHOLDER = '/placeholder-product.svg';

export function thumbUrl(fullUrl: string): string | undefined {
  return fullUrl.endsWith('-full.webp') ? fullUrl.replace(/-full\.webp$/, '-thumb.webp') : undefined;
}

/** The 1000 px rendition of a thumb (a list's card carries the thumb only), when the URL follows the naming. */
export function fullUrlOfThumb(thumb: string): string | undefined {
  return thumb.endsWith('-thumb.webp') ? thumb.replace(/-thumb\.webp$/, '-full.webp') : undefined;
}

/**
 * A srcSet offering the thumb (400w) and the full image (1000w), when the URL (either of the two)
 * follows the naming: a card's thumb gets the same srcSet as the product's first full image.
 */
export function productSrcSet(url: string): string | undefined {
  const fromThumb = fullUrlOfThumb(url);
  if (fromThumb) return `${url} 400w, ${fromThumb} 1000w`;
  const thumb = thumbUrl(url);
  return thumb ? `${thumb} 400w, ${url} 1000w` : undefined;
}

/** The viewer's 1600 px rendition, when the URL follows the naming (never used on the pages). */
export function largeUrl(fullUrl: string): string | undefined {
  return fullUrl.endsWith('-full.webp') ? fullUrl.replace(/-full\.webp$/, '-large.webp') : undefined;
}

/** Every product picture's accessible name: the product, and which picture of how many. */
export function productImageAlt(name: string, index: number, count: number): string {
  return count > 1 ? `${name}, image ${index + 1} of ${count}` : name;
}
