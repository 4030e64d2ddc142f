import { usePageTitle } from '../../../../lib/use-page-title';

// Placeholder until this tab is built.
export default function AdminProductsPage() {
  usePageTitle('Manage Products');
  return (
    <section aria-labelledby="admin-tab-heading">
      <h2 id="admin-tab-heading" className="text-2xl font-semibold">
        Manage Products
      </h2>
      <p className="mt-2 text-stone-600 dark:text-stone-300">Create, edit and delete products.</p>
    </section>
  );
}
