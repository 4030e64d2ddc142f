import { ROLES, type Role, type User } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Pagination, parsePage } from '../../../../components/ui/pagination';
import { toast } from '../../../../components/ui/toaster';
import { usePageTitle } from '../../../../lib/use-page-title';
import { sessionQueryKey, useSession } from '../../../auth';
import { AdminError } from '../../components/admin-error';
import { AdminQueryState } from '../../components/admin-query-state';
import { AdminTable } from '../../components/admin-table';
import { FilterSelect, ListTotal, SearchBox, useListParams } from '../../components/list-controls';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';

/** SPEC.md: an admin changes a user's role between Customer and Admin. */
export const ROLE_NAMES: Record<Role, string> = { CUSTOMER: 'Customer', ADMIN: 'Admin' };

const fullName = (user: User) => `${user.firstName} ${user.lastName}`;

/** A user's name in the list, "(you)" after the signed-in admin's own. */
function UserName({ user, you }: { user: User; you: boolean }) {
  return (
    <>
      {fullName(user)}
      {you ? <span className="ml-1 text-stone-600 dark:text-stone-400">(you)</span> : null}
    </>
  );
}

/** Manage Users: search, role and status filters, pages; role, activate/disable and delete per row. */
export default function AdminUsersPage() {
  usePageTitle('Manage Users');
  const { params, update } = useListParams();
  const filters = {
    search: params.get('search') ?? undefined,
    role: ROLES.find((role) => role === params.get('role')),
    active: ['true', 'false'].find((active) => active === params.get('active')),
    page: parsePage(params.get('page')),
  };
  const users = useUsers(filters);
  const { user: me } = useSession();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const [actionError, setActionError] = useState<unknown>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const change = async (user: User, changes: { role?: Role; active?: boolean }) => {
    setActionError(null);
    try {
      const { message } = await updateUser.mutateAsync({ id: user.id, changes });
      toast.success(message);
      // An admin who made themselves a customer (or disabled themselves) is checked again: the
      // guards then take them out of the admin area.
      if (user.id === me?.id) await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    } catch (error) {
      setActionError(error);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setActionError(null);
    try {
      const { message } = await deleteUser.mutateAsync(toDelete.id);
      toast.success(message);
    } catch (error) {
      setActionError(error);
    } finally {
      setToDelete(null);
    }
  };

  const busy = updateUser.isPending || deleteUser.isPending;

  return (
    <section aria-labelledby="admin-tab-heading" className="space-y-6">
      <h2 ref={heading} id="admin-tab-heading" tabIndex={-1} className="text-2xl font-semibold">
        Manage Users
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          label="Search by name or email"
          value={filters.search ?? ''}
          onSearch={(search) => update({ search })}
        />
        <FilterSelect label="Role" value={filters.role ?? ''} onChange={(role) => update({ role })}>
          <option value="">All roles</option>
          <option value="CUSTOMER">{ROLE_NAMES.CUSTOMER}</option>
          <option value="ADMIN">{ROLE_NAMES.ADMIN}</option>
        </FilterSelect>
        <FilterSelect label="Status" value={filters.active ?? ''} onChange={(active) => update({ active })}>
          <option value="">All statuses</option>
          <option value="true">Active</option>
          <option value="false">Disabled</option>
        </FilterSelect>
      </div>
      {actionError ? <AdminError error={actionError} /> : null}
      <AdminQueryState
        query={users}
        loadingLabel="Loading users…"
        isEmpty={(page) => page.users.length === 0}
        emptyMessage="No users match these filters."
      >
        {(page) => (
          <>
            <ListTotal total={page.total} one="user" many="users" />
            <AdminTable
              label="Users"
              rows={page.users}
              rowTestId="user-row"
              columns={(column) => [
                column('Name', (user) => <UserName user={user} you={user.id === me?.id} />, {
                  className: 'font-medium',
                }),
                column('Email', (user) => user.email, { className: 'break-all' }),
                column('Role', (user) => ROLE_NAMES[user.role]),
                column('Status', (user) => (
                  <span
                    className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                      user.active
                        ? 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100'
                        : 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100'
                    }`}
                  >
                    {user.active ? 'Active' : 'Disabled'}
                  </span>
                )),
                column(
                  'Actions',
                  (user) => (
                    <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                      <Button
                        variant="secondary"
                        className="px-3 py-1.5 aria-disabled:opacity-60"
                        aria-disabled={busy}
                        onClick={() => !busy && change(user, { role: user.role === 'ADMIN' ? 'CUSTOMER' : 'ADMIN' })}
                        aria-label={`${user.role === 'ADMIN' ? 'Make customer' : 'Make admin'}: ${fullName(user)}`}
                      >
                        {user.role === 'ADMIN' ? 'Make customer' : 'Make admin'}
                      </Button>
                      <Button
                        variant="secondary"
                        className="px-3 py-1.5 aria-disabled:opacity-60"
                        aria-disabled={busy}
                        onClick={() => !busy && change(user, { active: !user.active })}
                        aria-label={`${user.active ? 'Disable' : 'Activate'} ${fullName(user)}`}
                      >
                        {user.active ? 'Disable' : 'Activate'}
                      </Button>
                      <Button
                        variant="dangerGhost"
                        className="px-3 py-1.5 aria-disabled:opacity-60"
                        aria-disabled={busy}
                        onClick={() => !busy && setToDelete(user)}
                        aria-label={`Delete ${fullName(user)}`}
                      >
                        Delete
                      </Button>
                    </div>
                  ),
                  { controls: true },
                ),
              ]}
            />
            <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
          </>
        )}
      </AdminQueryState>
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? `Delete ${fullName(toDelete)}?` : 'Delete user?'}
        confirmLabel="Delete"
        busy={deleteUser.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
        fallbackFocus={heading}
      >
        {toDelete ? `The account ${toDelete.email} is deleted and its sessions end. This cannot be undone.` : null}
      </ConfirmDialog>
    </section>
  );
}
