import { APP_START_MESSAGES, formatQuantity, isPurchasable, QUANTITY_MESSAGES, quantityRule } from '@shop/shared';
import { ShoppingCart } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toaster';
import { useAppStarted } from '../../../lib/use-app-started';
import { type CartProduct, cartStore, productTerms, stockHundredthsOf } from '../cart-store';

/**
 * Puts `hundredths` of the product (its minimum by default) in the cart and says so in a toast.
 * At the line's limit the toast says which limit: the stock, or the most one order may take.
 */
export function addToCartWithToast(product: CartProduct, hundredths?: number) {
  const result = cartStore.add(product, hundredths);
  if (result === 'added' || result === 'increased') {
    toast.success(`${product.name} added to your cart`);
  } else if (result === 'at-stock-limit') {
    const terms = productTerms(product);
    const stock = stockHundredthsOf(product);
    const rule = quantityRule(terms, stock);
    toast.warning(
      rule.max + rule.step > stock
        ? `Only ${formatQuantity(terms, stock)} of ${product.name} in stock, and they are all in your cart.`
        : `${QUANTITY_MESSAGES.overLineMax(terms)}, and that is in your cart.`,
    );
  } else {
    toast.error(`${product.name} is out of stock.`);
  }
  return result;
}

/** A product card's action: add the product's minimum to the cart, in the card's compact form. */
export const addToCartCardAction = (product: CartProduct, className: string) => (
  <AddToCartButton product={product} compact className={className} />
);

export function AddToCartButton({
  product,
  hundredths,
  disabled = false,
  className = '',
  compact = false,
}: {
  product: CartProduct;
  /** How much to add, in hundredths of the unit; the product's minimum when not given. */
  hundredths?: number;
  /** Held back by the page (a typed quantity the rule refuses, say), besides being sold out. */
  disabled?: boolean;
  className?: string;
  /** On a narrow card: one line of text, the icon only from the sm breakpoint. */
  compact?: boolean;
}) {
  const soldOut = !isPurchasable(productTerms(product), stockHundredthsOf(product));
  // The cart lives in this browser: on a page the server drew, the button waits for the app.
  const started = useAppStarted();
  const waiting = !started && !soldOut;
  return (
    <button
      type="button"
      disabled={soldOut || disabled || waiting}
      onClick={() => addToCartWithToast(product, hundredths)}
      // A card's icon is its ::before from the sm breakpoint (index.css): a grid draws one button a card.
      className={buttonClasses('primary', `${compact ? 'whitespace-nowrap sm:icon-cart' : ''} ${className}`)}
    >
      {!compact && <ShoppingCart aria-hidden="true" className="size-4 shrink-0" />}
      {soldOut ? 'Out of Stock' : waiting ? APP_START_MESSAGES.gettingReady : 'Add to Cart'}
      {/* Many cards share one page: the name tells their buttons apart for screen readers. One
          text, so one node for React to hydrate. */}
      <span className="sr-only">{waiting ? ` ${product.name} ${APP_START_MESSAGES.reason}` : ` ${product.name}`}</span>
    </button>
  );
}
