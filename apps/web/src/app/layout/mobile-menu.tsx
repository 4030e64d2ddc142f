import { NavLink } from 'react-router';
import type { NavItem } from './nav-links';

/** The narrow-screen menu; the header opens it and closes it on Escape and navigation. */
export function MobileMenu({ id, open, links }: { id: string; open: boolean; links: NavItem[] }) {
  return (
    <nav
      id={id}
      aria-label="Mobile"
      hidden={!open}
      className="border-t border-linen-200 bg-linen-50 text-stone-900 lg:hidden dark:border-stone-800 dark:bg-stone-950 dark:text-stone-100"
    >
      <ul className="mx-auto flex max-w-7xl flex-col px-4 py-2">
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
    </nav>
  );
}
