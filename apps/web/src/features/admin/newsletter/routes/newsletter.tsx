import type { Subscriber } from '@shop/shared';
import { useState } from 'react';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Pagination, parsePage } from '../../../../components/ui/pagination';
import { toast } from '../../../../components/ui/toaster';
import { formatOrderDate } from '../../../../lib/order-labels';
import { usePageTitle } from '../../../../lib/use-page-title';
import { AdminError } from '../../components/admin-error';
import { AdminQueryState } from '../../components/admin-query-state';
import { AdminTable } from '../../components/admin-table';
import { FilterSelect, ListTotal, SearchBox, useListParams } from '../../components/list-controls';
import { subscriberExportHref, useSubscribers } from '../api/get-subscribers';
import { useUpdateSubscriber } from '../api/update-subscriber';

/** Newsletter: subscribers by email and status, pages, deactivate or reactivate, CSV export. */
export default function AdminNewsletterPage() {
  usePageTitle('Newsletter');
  const { params, update } = useListParams();
  const active = params.get('active');
  const filters = {
    search: params.get('search') ?? undefined,
    active: active === 'true' || active === 'false' ? active : undefined,
    page: parsePage(params.get('page')),
  };
  const subscribers = useSubscribers(filters);
  const mutation = useUpdateSubscriber();
  const [failure, setFailure] = useState<unknown>(null);

  const toggle = async (subscriber: Subscriber) => {
    setFailure(null);
    try {
      const { message } = await mutation.mutateAsync({ id: subscriber.id, active: !subscriber.active });
      toast.success(message);
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <section aria-labelledby="admin-tab-heading" className="space-y-6">
      <h2 id="admin-tab-heading" className="text-2xl font-semibold">
        Newsletter
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox label="Search by email" value={filters.search ?? ''} onSearch={(search) => update({ search })} />
        <FilterSelect label="Status" value={filters.active ?? ''} onChange={(value) => update({ active: value })}>
          <option value="">All subscribers</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </FilterSelect>
        <a href={subscriberExportHref(filters)} download className={buttonClasses('primary', 'py-2')}>
          Export CSV
        </a>
      </div>
      {failure ? <AdminError error={failure} /> : null}
      <AdminQueryState
        query={subscribers}
        loadingLabel="Loading subscribers…"
        isEmpty={(page) => page.subscribers.length === 0}
        emptyMessage="No subscribers match these filters."
      >
        {(page) => (
          <>
            <ListTotal total={page.total} one="subscriber" many="subscribers" />
            <AdminTable
              label="Subscribers"
              rows={page.subscribers}
              rowTestId="subscriber-row"
              columns={(column) => [
                column('Email', (subscriber) => subscriber.email, { className: 'break-all font-medium' }),
                column('Subscribed', (subscriber) => formatOrderDate(subscriber.createdAt), {
                  className: 'whitespace-nowrap',
                }),
                column('Status', (subscriber) => (subscriber.active ? 'Active' : 'Inactive')),
                column(
                  'Actions',
                  (subscriber) => (
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5 aria-disabled:opacity-60"
                      aria-disabled={mutation.isPending}
                      onClick={() => !mutation.isPending && toggle(subscriber)}
                      aria-label={`${subscriber.active ? 'Deactivate' : 'Reactivate'} ${subscriber.email}`}
                    >
                      {subscriber.active ? 'Deactivate' : 'Reactivate'}
                    </Button>
                  ),
                  { controls: true, className: 'text-right max-md:text-left' },
                ),
              ]}
            />
            <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
          </>
        )}
      </AdminQueryState>
    </section>
  );
}
