import type { ShopSettingsChange } from '@shop/shared';
import { useSearchParams } from 'react-router';
import { Pagination, parsePage } from '../../../../components/ui/pagination';
import { formatOrderDateTime } from '../../../../lib/order-labels';
import { AdminQueryState } from '../../components/admin-query-state';
import { useSettingsChanges } from '../api/get-settings';

/** The form's labels, by the dotted names the server records. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Shop name',
  phone: 'Phone',
  whatsapp: 'WhatsApp',
  email: 'Email',
  address: 'Address',
  'address.street': 'Street',
  'address.area': 'Area',
  'address.city': 'City',
  'address.state': 'State',
  'address.country': 'Country',
  mapUrl: 'Map link',
  openingHours: 'Opening hours',
  bankAccount: 'Bank account',
  'bankAccount.accountName': 'Account name',
  'bankAccount.bankName': 'Bank',
  'bankAccount.accountNumber': 'Account number',
  ordersEmail: 'Orders email',
  payOnDeliveryCapNaira: 'Pay-on-delivery cap (₦)',
  cardPaymentWindowMinutes: 'Card payment window (minutes)',
  bankTransferWindowHours: 'Bank transfer window (hours)',
  podConfirmWindowHours: 'Pay-on-delivery confirmation window (hours)',
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

const isHoursLine = (value: unknown): value is { days: string; hours: string } =>
  typeof value === 'object' && value !== null && 'days' in value && 'hours' in value;

/** A recorded value in words: opening hours as lines, an address as one line, nothing as "(none)". */
export function formatSettingValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    return value
      .map((item) => (isHoursLine(item) ? `${item.days}: ${item.hours}` : formatSettingValue(item)))
      .join('; ');
  }
  if (typeof value === 'object') {
    return Object.values(value)
      .filter((part) => part !== null && part !== '')
      .map(formatSettingValue)
      .join(', ');
  }
  return JSON.stringify(value);
}

function ChangeEntry({ change }: { change: ShopSettingsChange }) {
  return (
    <li className="rounded-xl border border-linen-200 p-4 dark:border-stone-800" data-testid="settings-change">
      <p className="text-sm text-stone-600 dark:text-stone-300">
        <time dateTime={change.at}>{formatOrderDateTime(change.at)}</time> by{' '}
        <span className="font-semibold text-stone-900 dark:text-stone-100" data-field="by">
          {change.by?.email ?? 'the shop (first values)'}
        </span>
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {change.changes.map((fieldChange) => (
          <li key={fieldChange.field} data-field={fieldChange.field} className="[overflow-wrap:anywhere]">
            <span className="font-semibold">{fieldLabel(fieldChange.field)}</span>: from{' '}
            <span className="text-stone-600 dark:text-stone-300">{formatSettingValue(fieldChange.from)}</span> to{' '}
            <span className="font-medium">{formatSettingValue(fieldChange.to)}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Every save of the settings, newest first: when, who, and each field from → to. */
export function SettingsChanges() {
  const [params] = useSearchParams();
  const changes = useSettingsChanges(parsePage(params.get('page')));
  return (
    <section aria-labelledby="settings-changes-title" className="space-y-4">
      <h3 id="settings-changes-title" className="text-xl font-semibold text-stone-900 dark:text-stone-100">
        Recent changes
      </h3>
      <AdminQueryState
        query={changes}
        loadingLabel="Loading the changes…"
        isEmpty={(page) => page.changes.length === 0}
        emptyMessage="No changes yet: the settings are the shop's first values."
      >
        {(page) => (
          <>
            <ol className="space-y-3">
              {page.changes.map((change) => (
                <ChangeEntry key={change.id} change={change} />
              ))}
            </ol>
            <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
          </>
        )}
      </AdminQueryState>
    </section>
  );
}
