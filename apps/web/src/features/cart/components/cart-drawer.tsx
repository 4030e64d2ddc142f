import { formatNaira } from '@shop/shared';
import { Minus, Plus, ShoppingBag, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { ProductImage } from '../../../components/ui/product-image';
import { paths } from '../../../config/paths';
import { type CartLine, type CartProduct, cartStore, useCart } from '../cart-store';
import { applyRecheck, recheckCart } from '../recheck-cart';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

function CartLineItem({
  line,
  onClose,
  announce,
}: {
  line: CartLine;
  onClose: () => void;
  announce: (message: string) => void;
}) {
  const change = (quantity: number) => {
    cartStore.setQuantity(line.productId, quantity);
    announce(`${line.name}: quantity ${Math.max(1, Math.min(quantity, line.stock))}.`);
  };
  return (
    <li className="flex gap-3 py-4" data-testid="cart-line">
      <ProductImage
        src={line.image}
        alt=""
        sizes="80px"
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-lg bg-linen-100 object-cover dark:bg-stone-800"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={paths.product.href(line.slug || line.productId)}
          onClick={onClose}
          className="line-clamp-2 text-sm font-medium hover:underline"
        >
          {line.name}
        </Link>
        <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="cart-line-price">
          {formatNaira(line.price)}
        </p>
        <div className="mt-1 flex items-center gap-2">
          <IconButton
            label={`Decrease quantity of ${line.name}`}
            className="size-8 border border-stone-300 disabled:opacity-40 dark:border-stone-600"
            disabled={line.quantity <= 1}
            onClick={() => change(line.quantity - 1)}
          >
            <Minus aria-hidden="true" className="size-4" />
          </IconButton>
          <span className="min-w-8 text-center tabular-nums" data-testid="cart-line-quantity">
            <span className="sr-only">Quantity </span>
            {line.quantity}
          </span>
          <IconButton
            label={`Increase quantity of ${line.name}`}
            className="size-8 border border-stone-300 disabled:opacity-40 dark:border-stone-600"
            disabled={line.quantity >= line.stock}
            onClick={() => change(line.quantity + 1)}
          >
            <Plus aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton
            label={`Remove ${line.name}`}
            className="ml-auto size-8 text-wine-700 dark:text-wine-300"
            onClick={() => {
              cartStore.remove(line.productId);
              announce(`${line.name} removed from your cart.`);
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      </div>
    </li>
  );
}

/** The header's cart: lines, −/+, remove, subtotal and the way to /checkout (SPEC.md §2). */
export function CartDrawer({
  open,
  onClose,
  fetchProduct,
}: {
  open: boolean;
  onClose: () => void;
  /** The catalogue's current product (GET /api/products/{id}), to recheck each line's price and stock. */
  fetchProduct: (id: string) => Promise<CartProduct>;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { items, subtotal } = useCart();
  const [announcement, setAnnouncement] = useState('');
  const [changes, setChanges] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        return;
      }
      // Keep Tab inside the dialog while it is open.
      if (event.key !== 'Tab' || !panelRef.current) return;
      const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open, onClose]);

  // Prices and stock may have moved since the lines were added: check them on every opening.
  useEffect(() => {
    if (!open) return;
    setChanges([]);
    const lines = cartStore.getLines();
    if (lines.length === 0) return;
    let cancelled = false;
    recheckCart(lines, fetchProduct).then((outcome) => {
      if (cancelled) return;
      cartStore.replace(applyRecheck(cartStore.getLines(), outcome));
      setChanges(outcome.changes);
    });
    return () => {
      cancelled = true;
    };
  }, [open, fetchProduct]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50">
      <button
        type="button"
        aria-label="Close cart"
        tabIndex={-1}
        className="absolute inset-0 bg-black/50"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-drawer-title"
        className="absolute inset-y-0 right-0 flex w-full max-w-sm flex-col bg-linen-50 text-stone-900 shadow-xl dark:bg-stone-900 dark:text-stone-100"
      >
        <div className="flex items-center justify-between border-b border-linen-200 p-4 dark:border-stone-800">
          <h2 id="cart-drawer-title" className="text-lg font-semibold">
            Your Cart
          </h2>
          <IconButton ref={closeRef} label="Close cart" onClick={onClose}>
            <X aria-hidden="true" className="size-5" />
          </IconButton>
        </div>
        <p aria-live="polite" className="sr-only" data-testid="cart-announcer">
          {announcement}
        </p>
        <div role="status" aria-live="polite">
          {changes.length > 0 && (
            <ul
              data-testid="cart-changes"
              className="m-4 mb-0 space-y-1 rounded-xl border border-gold-300 bg-gold-100 p-3 text-sm text-stone-900 dark:bg-stone-800 dark:text-stone-100"
            >
              {changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          )}
        </div>
        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
            <ShoppingBag aria-hidden="true" className="size-12 text-wine-700 dark:text-wine-300" />
            <p className="text-lg">Your cart is empty</p>
            <Link to={paths.shop.href()} onClick={onClose} className={buttonClasses('primary')}>
              Start Shopping
            </Link>
          </div>
        ) : (
          <>
            <ul
              aria-label="Items in your cart"
              className="flex-1 divide-y divide-linen-200 overflow-y-auto px-4 dark:divide-stone-800"
            >
              {items.map((line) => (
                <CartLineItem key={line.productId} line={line} onClose={onClose} announce={setAnnouncement} />
              ))}
            </ul>
            <div className="space-y-3 border-t border-linen-200 p-4 dark:border-stone-800">
              <p className="flex justify-between text-base font-semibold">
                <span>Subtotal</span>
                <span data-testid="cart-subtotal">{formatNaira(subtotal)}</span>
              </p>
              <Link to={paths.checkout.href()} onClick={onClose} className={buttonClasses('primary', 'w-full')}>
                Checkout
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
