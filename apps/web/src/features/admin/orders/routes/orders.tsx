import { usePageTitle } from '../../../../lib/use-page-title';

// Placeholder until this tab is built.
export default function AdminOrdersPage() {
  usePageTitle('Manage Orders');
  return (
    <section aria-labelledby="admin-tab-heading">
      <h2 id="admin-tab-heading" className="text-2xl font-semibold">
        Manage Orders
      </h2>
      <p className="mt-2 text-stone-600 dark:text-stone-300">Find orders and change their status.</p>
    </section>
  );
}
