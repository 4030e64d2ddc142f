import type { Product, ProductCard } from './catalog';

// Apart from catalog.ts, whose zod schemas are built when it loads: the product page makes its own
// card with productCardOf, and a page should not build the catalogue's schemas (nor download zod)
// to copy a few fields.

const FULL_IMAGE = /-full\.webp$/;

/**
 * A card's picture: the first image's 400 px rendition (`…-thumb.webp`) when its address follows
 * the upload naming (`…-full.webp`), else the first image as it is; null when there is none.
 */
export function cardImageOf(images: readonly string[]): string | null {
  const first = images[0];
  if (first === undefined) return null;
  return FULL_IMAGE.test(first) ? first.replace(FULL_IMAGE, '-thumb.webp') : first;
}

/** A whole product's card, as the lists write it (the server's card JSON gives the same, key for key). */
export function productCardOf(product: Product): ProductCard {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    price: product.price,
    stock: product.stock,
    unit: product.unit,
    step: product.step,
    minQuantity: product.minQuantity,
    packSize: product.packSize,
    packItemName: product.packItemName,
    priceBreaks: product.priceBreaks,
    image: cardImageOf(product.images),
    subcategoryId: product.subcategoryId,
    isHotBuy: product.isHotBuy,
    isNewlyAdded: product.isNewlyAdded,
    createdAt: product.createdAt,
  };
}
