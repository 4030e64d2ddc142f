import { formatOrderDateTime } from '../../../../lib/order-labels';
import { usePageTitle } from '../../../../lib/use-page-title';
import { AdminQueryState } from '../../components/admin-query-state';
import { useAdminSettings } from '../api/get-settings';
import { SettingsChanges } from '../components/settings-changes';
import { SettingsForm } from '../components/settings-form';

/** Settings: the shop's details, bank account and order rules in one form, then every recorded change. */
export default function AdminSettingsPage() {
  usePageTitle('Settings');
  const settings = useAdminSettings();
  return (
    <section aria-labelledby="admin-tab-heading" className="space-y-8">
      <div>
        <h2 id="admin-tab-heading" className="text-2xl font-semibold">
          Settings
        </h2>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
          The shop's details as every page, email and receipt shows them, and how orders are paid. Each save is recorded
          below.
        </p>
      </div>
      <AdminQueryState query={settings} loadingLabel="Loading settings…">
        {(answer) => (
          <>
            {answer.updatedAt && (
              <p className="text-sm text-stone-600 dark:text-stone-300" data-testid="settings-last-saved">
                Last saved <time dateTime={answer.updatedAt}>{formatOrderDateTime(answer.updatedAt)}</time>
                {answer.updatedBy ? ` by ${answer.updatedBy.email}` : ''}.
              </p>
            )}
            <SettingsForm answer={answer} />
          </>
        )}
      </AdminQueryState>
      <SettingsChanges />
    </section>
  );
}
