import { usePageTitle } from '../../../../lib/use-page-title';

// Placeholder until this tab is built.
export default function AdminUsersPage() {
  usePageTitle('Manage Users');
  return (
    <section aria-labelledby="admin-tab-heading">
      <h2 id="admin-tab-heading" className="text-2xl font-semibold">
        Manage Users
      </h2>
      <p className="mt-2 text-stone-600 dark:text-stone-300">
        Search, change roles, activate, disable and delete accounts.
      </p>
    </section>
  );
}
