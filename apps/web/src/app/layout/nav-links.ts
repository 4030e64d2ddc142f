import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/session';

export type NavItem = { to: string; label: string; end?: boolean };

export const mainNavLinks: NavItem[] = [
  { to: paths.home.href(), label: 'Home', end: true },
  { to: paths.shop.href(), label: 'Shop' },
  { to: paths.categories.href(), label: 'Categories' },
  { to: paths.about.href(), label: 'About' },
  { to: paths.contact.href(), label: 'Contact' },
];

const guestAccountLinks: NavItem[] = [{ to: paths.login.href(), label: 'Login' }];
const userAccountLinks: NavItem[] = [
  { to: paths.dashboard.href(), label: 'Dashboard' },
  { to: paths.profile.href(), label: 'Profile' },
];

// NOTE: the one place the header learns who is logged in. While the start-up session check
// runs it shows no account link at all, so a logged-in visitor never sees a flash of Login.
export function useAccountLinks(): NavItem[] {
  const { status } = useSession();
  if (status === 'loading') return [];
  return status === 'authenticated' ? userAccountLinks : guestAccountLinks;
}

// SPEC.md §2: the header is solid on these path prefixes, and after scrolling past 36 px.
export const SOLID_HEADER_PREFIXES = ['/subcategories', '/orders', '/order', '/admin'] as const;
export const SOLID_HEADER_SCROLL_PX = 36;

export function isSolidHeaderPath(pathname: string): boolean {
  return SOLID_HEADER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
