import { formatNaira, type Product } from '@shop/shared';
import { ShoppingBag, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { keepTabInside } from '../../../lib/keep-tab-inside';
import { useCart } from '../cart-store';

type LinesModule = typeof import('./cart-drawer-lines');
let linesModule: LinesModule | undefined;
let linesLoading: Promise<LinesModule> | undefined;

/**
 * Loads the drawer's lines (cart-drawer-lines.tsx) ahead of its opening: the cart button calls
 * it when pointed at or focused. A failed load is forgotten, so the next opening tries again.
 */
export function preloadCartDrawer(): Promise<LinesModule> {
  linesLoading ??= import('./cart-drawer-lines').then(
    (module) => {
      linesModule = module;
      return module;
    },
    (error: unknown) => {
      linesLoading = undefined;
      throw error;
    },
  );
  return linesLoading;
}

// NOTE: the first visit's script budget (150 KB gzipped, e2e/storefront-hero.spec.ts) has no
// room for the quantity control and the re-check of every line: the shell below (dialog, focus,
// empty cart, subtotal, checkout) is in the first bundle, the lines arrive on opening.
function useLinesModule(wanted: boolean) {
  const [module, setModule] = useState(linesModule);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || module || attempt < 0) return;
    let cancelled = false;
    setFailed(false);
    preloadCartDrawer().then(
      (loaded) => !cancelled && setModule(loaded),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, module, attempt]);
  return { module, failed, retry: () => setAttempt((count) => count + 1) };
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
  fetchProduct: (id: string) => Promise<Product>;
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
      keepTabInside(event, panelRef.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open, onClose]);

  // What the last re-check found (cart-drawer-lines.tsx re-checks on every opening).
  useEffect(() => {
    if (open) setChanges([]);
  }, [open]);
  const lines = useLinesModule(open && items.length > 0);

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
            {lines.module ? (
              <lines.module.CartDrawerLines
                items={items}
                onClose={onClose}
                announce={setAnnouncement}
                fetchProduct={fetchProduct}
                onChanges={setChanges}
              />
            ) : lines.failed ? (
              <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
                <p role="alert">Your cart’s items could not be shown. Check your connection and try again.</p>
                <button type="button" className={buttonClasses('secondary')} onClick={lines.retry}>
                  Try again
                </button>
              </div>
            ) : (
              <Spinner label="Loading your cart…" className="flex-1" />
            )}
            <div className="space-y-3 border-t border-linen-200 p-4 dark:border-stone-800">
              <p className="flex justify-between text-base font-semibold">
                <span>Subtotal</span>
                <span data-testid="cart-subtotal">{formatNaira(subtotal)}</span>
              </p>
              <Link to={paths.checkout.href()} onClick={onClose} className={buttonClasses('primary', 'w-full')}>
                Checkout
              </Link>
              {lines.module && <lines.module.CartWhatsAppLink items={items} />}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
