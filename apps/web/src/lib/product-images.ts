// Product images are served as two renditions: `…-full.webp` (1000 px) and `…-thumb.webp` (400 px).
export const PRODUCT_IMAGE_PLACEHOLDER = '/placeholder-product.svg';

export function thumbUrl(fullUrl: string): string | undefined {
  return fullUrl.endsWith('-full.webp') ? fullUrl.replace(/-full\.webp$/, '-thumb.webp') : undefined;
}

/** A srcSet offering the thumb (400w) and the full image (1000w), when the URL follows the naming. */
export function productSrcSet(fullUrl: string): string | undefined {
  const thumb = thumbUrl(fullUrl);
  return thumb ? `${thumb} 400w, ${fullUrl} 1000w` : undefined;
}
