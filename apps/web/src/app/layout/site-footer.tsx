import { formatPhoneForDisplay, STOREFRONT_NAME, telHref } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { LEGAL_LINKS, SHOP_TAGLINE } from '../../config/shop';
import { useShopInfo } from '../../features/shop-info/api/get-shop-info';

const shopLinks = [
  { to: paths.shop.href(), label: 'Shop' },
  { to: paths.categories.href(), label: 'Categories' },
  { to: paths.about.href(), label: 'About' },
  { to: paths.contact.href(), label: 'Contact' },
];

const linkClass = 'underline-offset-4 hover:underline';

export function SiteFooter() {
  // Until the shop's details arrive the footer leaves out the hours and the phone (never an old
  // number); the name is the storefront's own.
  const shop = useShopInfo();
  const name = shop?.name ?? STOREFRONT_NAME;
  return (
    <footer className="on-dark render-when-near mt-16 bg-wine-950 text-linen-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="font-display text-xl font-semibold">{name}</p>
          <p className="mt-2 text-sm text-linen-200">{SHOP_TAGLINE}.</p>
          <p className="mt-4 text-sm font-semibold text-gold-300">Delivery within Lagos</p>
          {shop && (
            <p className="mt-2 text-sm" data-testid="footer-contact">
              Call{' '}
              <a href={telHref(shop.phone)} className={linkClass}>
                {formatPhoneForDisplay(shop.phone)}
              </a>
              <br />
              <a href={`mailto:${shop.email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
                {shop.email}
              </a>
            </p>
          )}
        </div>
        <nav aria-label="Shop">
          <h2 className="font-sans text-sm font-semibold tracking-wider text-gold-300 uppercase">Shop</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {shopLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Help and policies">
          <h2 className="font-sans text-sm font-semibold tracking-wider text-gold-300 uppercase">Help</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wider text-gold-300 uppercase">Store hours</h2>
          {shop && (
            <dl className="mt-3 space-y-2 text-sm" data-testid="footer-hours">
              {shop.openingHours.map((row) => (
                <div key={`${row.days} ${row.hours}`} className="flex justify-between gap-4">
                  <dt>{row.days}</dt>
                  <dd className="text-linen-200">{row.hours}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
      {/* A page rendered on the server late on 31 December may be hydrated in the new year. */}
      <p suppressHydrationWarning className="border-t border-white/10 py-5 text-center text-xs text-linen-200">
        © {new Date().getFullYear()} {name}. All rights reserved.
      </p>
    </footer>
  );
}
