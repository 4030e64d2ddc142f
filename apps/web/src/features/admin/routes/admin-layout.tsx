import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';

/** SPEC.md §2's four tabs, plus the dashboard, categories, newsletter and the shop's settings; each is its own URL. */
export const ADMIN_TABS = [
  { label: 'Dashboard', href: paths.admin.href(), end: true },
  { label: 'Manage Users', href: paths.adminUsers.href(), end: false },
  { label: 'Manage Orders', href: paths.adminOrders.href(), end: false },
  { label: 'Manage Products', href: paths.adminProducts.href(), end: false },
  { label: 'Categories', href: paths.adminCategories.href(), end: false },
  { label: 'Newsletter', href: paths.adminNewsletter.href(), end: false },
  { label: 'Settings', href: paths.adminSettings.href(), end: false },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine-700 ${
    isActive
      ? 'bg-wine-700 text-white dark:bg-wine-300 dark:text-stone-950'
      : 'text-stone-700 hover:bg-linen-100 dark:text-stone-200 dark:hover:bg-stone-800'
  }`;

/**
 * The admin area's frame. The tabs are links (not an ARIA tablist) because each one is a page
 * with its own URL: Tab reaches them, Enter follows them, the current one has aria-current.
 */
export default function AdminLayout() {
  return (
    <PageContainer>
      <PageHeading>Admin</PageHeading>
      <nav aria-label="Admin" className="-mx-4 mt-6 overflow-x-auto px-4">
        <ul className="flex gap-2 border-b border-linen-200 pb-3 dark:border-stone-800">
          {ADMIN_TABS.map((tab) => (
            <li key={tab.href}>
              <NavLink to={tab.href} end={tab.end} className={tabClass}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
    </PageContainer>
  );
}
