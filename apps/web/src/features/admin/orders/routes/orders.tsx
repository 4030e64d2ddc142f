import {
  type AdminBulkCancelResponse,
  dateRangeInOrder,
  formatNaira,
  ORDER_ADMIN_MESSAGES,
  ORDER_STATUSES,
  type Order,
  PAYMENT_METHODS,
} from '@shop/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../../components/orders/order-status-badge';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { FormMessage } from '../../../../components/ui/form-message';
import { Pagination, parsePage } from '../../../../components/ui/pagination';
import { toast } from '../../../../components/ui/toaster';
import { paths } from '../../../../config/paths';
import { formatOrderDate, PAYMENT_METHOD_NAMES, PAYMENT_STATUS_NAMES } from '../../../../lib/order-labels';
import { usePageTitle } from '../../../../lib/use-page-title';
import { AdminError } from '../../components/admin-error';
import { AdminQueryState } from '../../components/admin-query-state';
import { AdminTable } from '../../components/admin-table';
import { adminFieldClass, FilterSelect, ListTotal, SearchBox, useListParams } from '../../components/list-controls';
import { orderExportHref, useAdminOrders } from '../api/get-admin-orders';
import { BulkCancelDialog } from '../components/bulk-cancel-dialog';
import { SelectAllOnPage, SelectOrderCheckbox } from '../components/order-selection';
import { ProofsToReview } from '../components/proofs-to-review';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (value: string | null) => (value && DATE.test(value) ? value : undefined);

type BulkFailure = AdminBulkCancelResponse['results'][number];

/**
 * Something that belongs to the list as the URL shows it (page, filters): read back only while
 * the URL is the same, so it is gone once the page or a filter changes.
 */
function useListState<T>(listKey: string, empty: T) {
  const [state, setState] = useState<{ key: string; value: T }>({ key: listKey, value: empty });
  const value = state.key === listKey ? state.value : empty;
  return [value, (next: T) => setState({ key: listKey, value: next })] as const;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Manage Orders: status, search, date range and pages, all in the URL; CSV export of the range;
 * the orders chosen on the page shown cancelled in one step. Above the first page, the bank
 * transfers whose proof waits for review (ProofsToReview), under the same filters.
 */
export default function AdminOrdersPage() {
  usePageTitle('Manage Orders');
  const { params, update } = useListParams();
  const filters = {
    status: ORDER_STATUSES.find((status) => status === params.get('status')),
    paymentMethod: PAYMENT_METHODS.find((method) => method === params.get('paymentMethod')),
    search: params.get('search') ?? undefined,
    from: dateParam(params.get('from')),
    to: dateParam(params.get('to')),
    page: parsePage(params.get('page')),
  };
  const orders = useAdminOrders(filters);
  const listKey = params.toString();
  const [selected, setSelected] = useListState(listKey, NONE);
  const [failures, setFailures] = useListState<BulkFailure[]>(listKey, []);
  const [bulkError, setBulkError] = useState<unknown>(null);
  // The orders the dialog asks about, fixed when it opens (a refetch meanwhile changes nothing)
  // and kept while it closes, so its text does not change under the closing dialog.
  const [toCancel, setToCancel] = useState<{ open: boolean; orders: Order[] }>({ open: false, orders: [] });

  const toggle = (ids: string[], checked: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  };
  // What is selected and still on the page shown (a refetch may have moved an order off it).
  const chosen = (orders.data?.orders ?? []).filter((order) => selected.has(order.id));

  const done = ({ message, results }: AdminBulkCancelResponse) => {
    if (results.some((result) => result.outcome === 'cancelled')) toast.success(message);
    else toast.info(message);
    setFailures(results.filter((result) => result.outcome === 'failed'));
    setSelected(NONE);
  };

  return (
    <section aria-labelledby="admin-tab-heading" className="space-y-6">
      <h2 id="admin-tab-heading" className="text-2xl font-semibold">
        Manage Orders
      </h2>
      {/* What the shop must act on first, above the filters, so a phone shows it without scrolling. */}
      {filters.page === 1 && orders.data?.proofsToReview ? (
        <ProofsToReview proofs={orders.data.proofsToReview} />
      ) : null}
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          label="Search by order number or customer"
          value={filters.search ?? ''}
          onSearch={(search) => update({ search })}
        />
        <FilterSelect label="Status" value={filters.status ?? ''} onChange={(status) => update({ status })}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Payment method"
          value={filters.paymentMethod ?? ''}
          onChange={(paymentMethod) => update({ paymentMethod })}
        >
          <option value="">All methods</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_NAMES[method]}
            </option>
          ))}
        </FilterSelect>
      </div>
      <DateRange from={filters.from} to={filters.to} status={filters.status} onApply={update} />
      {bulkError ? <AdminError error={bulkError} /> : null}
      {failures.length > 0 && <BulkCancelFailures failures={failures} />}
      <AdminQueryState
        query={orders}
        loadingLabel="Loading orders…"
        isEmpty={(page) => page.orders.length === 0}
        emptyMessage="No orders match these filters."
      >
        {(page) => (
          <>
            <ListTotal total={page.total} one="order" many="orders" />
            <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
              <SelectAllOnPage
                count={page.orders.length}
                selected={chosen.length}
                onChange={(checked) =>
                  toggle(
                    page.orders.map((order) => order.id),
                    checked,
                  )
                }
              />
              <Button
                variant="dangerOutline"
                // NOTE: aria-disabled, not disabled: after a cancel the dialog hands focus back to
                // this button, and a disabled button would drop it to the page's start.
                className="py-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                aria-disabled={chosen.length === 0}
                onClick={() => {
                  if (chosen.length === 0) return;
                  setBulkError(null);
                  setToCancel({ open: true, orders: chosen });
                }}
              >
                Cancel selected ({chosen.length})
              </Button>
            </div>
            <AdminTable
              label="Orders"
              rows={page.orders}
              rowTestId="order-row"
              columns={(column) => [
                column(
                  'Select',
                  (order) => (
                    <SelectOrderCheckbox
                      orderNumber={order.orderNumber}
                      checked={selected.has(order.id)}
                      onChange={(checked) => toggle([order.id], checked)}
                    />
                  ),
                  { controls: true, headerClassName: 'w-px' },
                ),
                column(
                  'Order',
                  (order) => (
                    <Link to={paths.adminOrder.href(order.id)} className="text-wine-700 underline dark:text-wine-300">
                      {order.orderNumber}
                    </Link>
                  ),
                  { className: 'font-medium' },
                ),
                column('Date', (order) => formatOrderDate(order.createdAt), { className: 'whitespace-nowrap' }),
                column('Customer', (order) => (
                  <div className="min-w-0">
                    <span className="block">
                      {order.user.firstName} {order.user.lastName}
                    </span>
                    <span className="block break-all text-stone-600 dark:text-stone-400">{order.user.email}</span>
                  </div>
                )),
                column('Total', (order) => formatNaira(order.totalAmount), {
                  className: 'whitespace-nowrap tabular-nums',
                }),
                column('Payment', (order) => (
                  <div>
                    <span className="block">{PAYMENT_METHOD_NAMES[order.paymentMethod]}</span>
                    <span className="block text-stone-600 dark:text-stone-400">
                      {PAYMENT_STATUS_NAMES[order.paymentStatus]}
                    </span>
                  </div>
                )),
                column('Status', (order) => <OrderStatusBadge status={order.status} />),
              ]}
            />
            <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
          </>
        )}
      </AdminQueryState>
      <BulkCancelDialog
        open={toCancel.open}
        orders={toCancel.orders}
        onClose={() => setToCancel((shown) => ({ ...shown, open: false }))}
        onDone={done}
        onError={setBulkError}
      />
    </section>
  );
}

/** The orders a bulk cancel left as they were, each with the server's reason. */
function BulkCancelFailures({ failures }: { failures: BulkFailure[] }) {
  return (
    <div
      role="alert"
      className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
      data-testid="bulk-cancel-failures"
    >
      <p className="font-medium">
        {failures.length === 1 ? 'This order was not cancelled:' : 'These orders were not cancelled:'}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {failures.map((failure) => (
          <li key={failure.id}>
            {failure.orderNumber ?? failure.id}
            {failure.message ? `: ${failure.message}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * From and To filter the list; Export CSV downloads the orders of that range (with the status
 * filter), and says so when a date is missing. A To before From is refused here with the
 * server's own rule and message (the server answers it with 400 under `to`), never applied or
 * exported as an empty range.
 */
function DateRange({
  from,
  to,
  status,
  onApply,
}: {
  from?: string;
  to?: string;
  status?: string;
  onApply: (changes: Record<string, string | undefined>) => void;
}) {
  const id = useId();
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const [exportError, setExportError] = useState(false);
  const [rangeError, setRangeError] = useState<string>();
  const reversed = Boolean(from && to && !dateRangeInOrder({ from, to }));
  useEffect(() => {
    if (fromRef.current) fromRef.current.value = from ?? '';
    if (toRef.current) toRef.current.value = to ?? '';
  }, [from, to]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const range = { from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') };
    setExportError(false);
    if (!dateRangeInOrder(range)) {
      setRangeError(ORDER_ADMIN_MESSAGES.dateRangeReversed);
      return;
    }
    setRangeError(undefined);
    onApply(range);
  };
  const exportProblem = !(from && to)
    ? ORDER_ADMIN_MESSAGES.exportRangeRequired
    : reversed
      ? ORDER_ADMIN_MESSAGES.dateRangeReversed
      : undefined;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-4">
        <form onSubmit={apply} aria-label="Date range" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium">
              From
            </label>
            <input
              ref={fromRef}
              id={`${id}-from`}
              name="from"
              type="date"
              defaultValue={from}
              className={adminFieldClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium">
              To
            </label>
            <input
              ref={toRef}
              id={`${id}-to`}
              name="to"
              type="date"
              defaultValue={to}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? `${id}-range-error` : undefined}
              className={adminFieldClass}
            />
          </div>
          <Button type="submit" variant="secondary" className="py-2">
            Apply dates
          </Button>
        </form>
        {from && to && !reversed ? (
          <a href={orderExportHref({ from, to, status })} download className={buttonClasses('primary', 'py-2')}>
            Export CSV
          </a>
        ) : (
          <Button className="py-2" onClick={() => setExportError(true)}>
            Export CSV
          </Button>
        )}
      </div>
      {rangeError ? (
        <div id={`${id}-range-error`}>
          <FormMessage kind="error">{rangeError}</FormMessage>
        </div>
      ) : (
        exportError && exportProblem && <FormMessage kind="error">{exportProblem}</FormMessage>
      )}
    </div>
  );
}
