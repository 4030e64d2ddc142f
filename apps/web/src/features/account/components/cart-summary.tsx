import { formatNaira } from '@shop/shared';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useCartSummary } from '../hooks/use-cart-summary';

/** Items and total of the cart, with a checkout link when it has something. */
export function CartSummary({ showCheckout = false }: { showCheckout?: boolean }) {
  const { itemCount, total } = useCartSummary();
  return (
    <section
      aria-labelledby="cart-summary-heading"
      className="rounded-2xl border border-linen-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id="cart-summary-heading" className="text-lg font-semibold">
        Cart summary
      </h2>
      {itemCount === 0 ? (
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">
          Your cart is empty.{' '}
          <Link to={paths.shop.href()} className="font-medium text-wine-700 underline dark:text-wine-300">
            Start Shopping
          </Link>
        </p>
      ) : (
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>Items</dt>
            <dd data-testid="cart-item-count">{itemCount}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>Total</dt>
            <dd data-testid="cart-total">{formatNaira(total)}</dd>
          </div>
        </dl>
      )}
      {showCheckout && itemCount > 0 && (
        <Link to={paths.checkout.href()} className={buttonClasses('primary', 'mt-4 w-full')}>
          Checkout
        </Link>
      )}
    </section>
  );
}
