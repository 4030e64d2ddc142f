import { usePageTitle } from '../../../../lib/use-page-title';

// Placeholder until this tab is built.
export default function AdminCategoriesPage() {
  usePageTitle('Categories');
  return (
    <section aria-labelledby="admin-tab-heading">
      <h2 id="admin-tab-heading" className="text-2xl font-semibold">
        Categories
      </h2>
      <p className="mt-2 text-stone-600 dark:text-stone-300">
        Create, rename, reorder and delete categories and subcategories.
      </p>
    </section>
  );
}
