import { Menu, Search, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { IconButton } from '../../components/ui/icon-button';
import { paths } from '../../config/paths';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { CartButton } from '../../features/cart/components/cart-button';
import { CartDrawer } from '../../features/cart/components/cart-drawer';
import { getProduct } from '../../features/catalog/api/get-product';
import { useScrolledPast } from '../../lib/use-scrolled-past';
import { DarkModeToggle } from './dark-mode-toggle';
import { HeaderSearch } from './header-search';
import { MobileMenu } from './mobile-menu';
import { isSolidHeaderPath, mainNavLinks, SOLID_HEADER_SCROLL_PX, useAccountLinks } from './nav-links';
import { ShopLogo } from './shop-logo';

const solidTone = 'bg-linen-50/95 text-stone-900 shadow-sm backdrop-blur dark:bg-stone-950/95 dark:text-stone-100';
// NOTE: a faint wine scrim, not bare transparency: it keeps the white links legible over the
// hero's stitch pattern, and lets contrast checkers see that something dark lies under the
// fixed header instead of assuming the page's linen background.
const overHeroTone = 'on-dark bg-gradient-to-b from-wine-950/70 to-transparent text-white';
const plainTone = 'bg-transparent text-stone-900 dark:text-stone-100';

export function SiteHeader() {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(SOLID_HEADER_SCROLL_PX);
  const solid = scrolled || isSolidHeaderPath(pathname);
  const links = [...mainNavLinks, ...useAccountLinks()];

  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const closeCart = useCallback(() => setCartOpen(false), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const escapeSearch = useCallback(() => {
    setSearchOpen(false);
    searchButtonRef.current?.focus();
  }, []);

  // Panels close whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // An open panel needs a background whatever the scroll position.
  const filled = solid || menuOpen || searchOpen;
  const tone = filled ? solidTone : pathname === paths.home.path ? overHeroTone : plainTone;

  return (
    <>
      <header
        data-solid={solid ? 'true' : 'false'}
        className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${tone}`}
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
          <div className="mr-auto">
            <ShopLogo />
          </div>
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className="rounded-full px-3 py-2 text-sm font-medium underline-offset-8 hover:underline aria-[current=page]:underline"
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center">
            <IconButton
              ref={searchButtonRef}
              label="Search"
              aria-expanded={searchOpen}
              aria-controls="header-search"
              onClick={() => setSearchOpen((open) => !open)}
            >
              <Search aria-hidden="true" className="size-5" />
            </IconButton>
            <DarkModeToggle />
            <LogoutButton />
            <CartButton onClick={() => setCartOpen(true)} />
            <IconButton
              ref={menuButtonRef}
              label="Menu"
              className="lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
            </IconButton>
          </div>
        </div>
        {searchOpen && <HeaderSearch id="header-search" onDone={closeSearch} onEscape={escapeSearch} />}
        <MobileMenu id="mobile-menu" open={menuOpen} links={links} onClose={closeMenu} />
      </header>
      {/* Outside <header>: its backdrop-filter would trap a fixed-position drawer. */}
      <CartDrawer open={cartOpen} onClose={closeCart} fetchProduct={getProduct} />
    </>
  );
}
