import { telHref, whatsappHref } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { useShopInfo } from '../../features/shop-info/api/get-shop-info';
import { closeWhenFocusLeavesHeader } from './close-when-focus-leaves';
import type { NavItem } from './nav-links';

/**
 * The narrow-screen menu. The header opens it, and closes it on Escape and navigation; opening
 * moves focus to its first link, and Tab past its last link closes it.
 */
export function MobileMenu({
  id,
  open,
  links,
  onClose,
}: {
  id: string;
  open: boolean;
  links: NavItem[];
  onClose: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  // On a phone, calling the shop is one tap from anywhere (its number from the settings).
  const shop = useShopInfo();
  // No link when the settings hold a number WhatsApp could not open a chat with.
  const chatHref = shop ? whatsappHref(shop.whatsapp) : null;
  useEffect(() => {
    if (open) listRef.current?.querySelector('a')?.focus();
  }, [open]);

  return (
    <nav
      id={id}
      aria-label="Mobile"
      hidden={!open}
      onBlur={closeWhenFocusLeavesHeader(onClose)}
      className="border-t border-linen-200 bg-linen-50 text-stone-900 lg:hidden dark:border-stone-800 dark:bg-stone-950 dark:text-stone-100"
    >
      <ul ref={listRef} className="mx-auto flex max-w-7xl flex-col px-4 py-2">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className="block rounded-lg px-3 py-3 text-base font-medium hover:bg-linen-100 aria-[current=page]:text-wine-700 dark:hover:bg-stone-800 dark:aria-[current=page]:text-wine-300"
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {shop && (
        <p
          className="mx-auto flex max-w-7xl flex-wrap gap-x-6 gap-y-1 border-t border-linen-200 px-7 py-3 text-sm dark:border-stone-800"
          data-testid="mobile-menu-contact"
        >
          <a
            href={telHref(shop.phone)}
            className="font-semibold text-wine-700 underline-offset-4 hover:underline dark:text-wine-300"
          >
            Call us
          </a>
          {chatHref && (
            <a
              href={chatHref}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-wine-700 underline-offset-4 hover:underline dark:text-wine-300"
            >
              Chat on WhatsApp
            </a>
          )}
        </p>
      )}
    </nav>
  );
}
