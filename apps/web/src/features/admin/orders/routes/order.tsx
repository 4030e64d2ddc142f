import { usePageTitle } from '../../../../lib/use-page-title';

// Placeholder until this tab is built.
export default function AdminOrderPage() {
  usePageTitle('Order');
  return (
    <section aria-labelledby="admin-tab-heading">
      <h2 id="admin-tab-heading" className="text-2xl font-semibold">
        Order
      </h2>
      <p className="mt-2 text-stone-600 dark:text-stone-300">One order: items, customer, payment and history.</p>
    </section>
  );
}
