import { formatUnitPrice, type ProductCard as ProductCardData } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image';
import { paths } from '../../../config/paths';

// Matches the grid: 2 columns on phones, 3 from sm, 4 from lg (max-w-7xl ≈ 1280 px).
const CARD_IMAGE_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

/**
 * What a card offers under its price (the cart's add button), given by the page that shows the
 * card, so the catalogue does not depend on the cart. `className` places it above the card-wide link.
 */
export type ProductCardAction = (product: ProductCardData, className: string) => ReactNode;

/** `priority` loads the photo at once and early, for cards on the first screen. */
export function ProductCard({
  product,
  priority = false,
  action,
}: {
  product: ProductCardData;
  priority?: boolean;
  action?: ProductCardAction;
}) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-linen-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-wine-600 dark:border-stone-800 dark:has-[a:focus-visible]:ring-gold-300 dark:bg-stone-900">
      <ProductImage
        src={product.image ?? undefined}
        alt={product.name}
        sizes={CARD_IMAGE_SIZES}
        width={400}
        height={400}
        priority={priority}
        className="aspect-square w-full bg-linen-100 object-cover dark:bg-stone-800"
      />
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <h3 className="line-clamp-2 text-sm font-medium text-stone-900 sm:text-base dark:text-stone-100">
          {/* The link's box covers the whole card, so the card is one click target. */}
          <Link
            to={paths.product.href(product.slug)}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {product.name}
          </Link>
        </h3>
        {/* "₦1,200 / yard", "₦2,500 / pack of 12": what the price buys. */}
        <p className="mt-auto font-semibold text-wine-800 dark:text-wine-200">
          {formatUnitPrice(product, product.price)}
        </p>
        {/* Above the card-wide link, so it gets its own clicks. */}
        {action?.(product, 'relative z-10 mt-2 w-full py-2')}
      </div>
    </article>
  );
}
