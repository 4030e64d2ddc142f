// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../testing/fixtures';
import { fakeApi, renderRoute } from '../../../testing/render-route';
import { apiCalls as calls } from '../admin-testing';

// The first render of a page loads its lazy chunk, which a busy machine may take seconds over.
const slow = { timeout: 5000 };

const admin = aUser({ id: 'u-admin', firstName: 'Shop', lastName: 'Owner', email: 'admin@example.com', role: 'ADMIN' });
const ada = aUser({ id: 'u-ada', firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com' });
const page = (users = [admin, ada], total = users.length) => ({ users, page: 1, pageSize: 24, total });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Manage Users', () => {
  it('lists the users with their role and status', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/users': page() });
    renderRoute('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' }, slow);
    const [, adaRow] = within(table).getAllByTestId('user-row');
    if (!adaRow) throw new Error('no row for Ada');
    expect(within(table).getAllByTestId('user-row')).toHaveLength(2);
    expect(within(adaRow).getByText('Ada Obi')).toBeTruthy();
    expect(within(adaRow).getByText('Customer')).toBeTruthy();
    expect(within(adaRow).getByRole('button', { name: 'Make admin: Ada Obi' })).toBeTruthy();
    expect(within(adaRow).getByText('Active')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('2 users');
  });

  it('puts the search, role and status filters into the URL and the request, back on page 1', async () => {
    const fetchMock = fakeApi({ '/api/users/session': { user: admin }, '/api/users': page() });
    const { router } = renderRoute('/admin/users?page=3');
    await screen.findByRole('table', { name: 'Users' }, slow);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or email' }), { target: { value: 'ada' } });
    fireEvent.click(
      within(screen.getByRole('search', { name: 'Search by name or email' })).getByRole('button', { name: 'Search' }),
    );
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'CUSTOMER' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'false' } });

    await waitFor(() =>
      expect(calls(fetchMock).map((call) => call.line)).toContain(
        'GET /api/users?search=ada&role=CUSTOMER&active=false&page=1',
      ),
    );
    expect(router.state.location.search).toBe('?search=ada&role=CUSTOMER&active=false');
  });

  it('changes a user’s role to Admin and toasts the server’s message', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/users': page(),
      '/api/users/u-ada': { message: 'User updated successfully', user: { ...ada, role: 'ADMIN' } },
    });
    renderRoute('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Make admin: Ada Obi' }, slow));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    const put = calls(fetchMock).find((call) => call.line === 'PUT /api/users/u-ada');
    expect(put?.body).toEqual({ role: 'ADMIN' });
  });

  it('disables an active user', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/users': page(),
      '/api/users/u-ada': { message: 'User updated successfully', user: { ...ada, active: false } },
    });
    renderRoute('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Ada Obi' }, slow));
    await waitFor(() => {
      const put = calls(fetchMock).find((call) => call.line === 'PUT /api/users/u-ada');
      expect(put?.body).toEqual({ active: false });
    });
  });

  it('shows the server’s refusal as "Error: …" when the last admin would be demoted', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/users': page(),
      '/api/users/u-admin': {
        status: 409,
        body: { code: 'LAST_ADMIN', message: 'There must be at least one active admin' },
      },
    });
    renderRoute('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Make customer: Shop Owner' }, slow));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: There must be at least one active admin');
    // The row still shows the role the account has.
    const [ownerRow] = screen.getAllByTestId('user-row');
    expect(ownerRow?.textContent).toContain('Admin');
    expect(screen.getByRole('button', { name: 'Make customer: Shop Owner' })).toBeTruthy();
  });

  it('sends an admin who made themselves a customer out of the admin area, to /dashboard', async () => {
    const responses: Record<string, unknown> = {
      '/api/users/session': { user: admin },
      '/api/users': page(),
      '/api/users/u-admin': { message: 'User updated successfully', user: { ...admin, role: 'CUSTOMER' } },
    };
    fakeApi(responses);
    const { router } = renderRoute('/admin/users');
    const button = await screen.findByRole('button', { name: 'Make customer: Shop Owner' }, slow);
    // From now on the server knows them as a customer.
    responses['/api/users/session'] = { user: { ...admin, role: 'CUSTOMER' } };
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('asks for confirmation before deleting, and deletes nothing when cancelled', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/users': page(),
      '/api/users/u-ada': { message: 'User deleted successfully' },
    });
    renderRoute('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ada Obi' }, slow));
    const dialog = screen.getByRole('dialog', { name: 'Delete Ada Obi?' });
    expect(calls(fetchMock).some((call) => call.line.startsWith('DELETE'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock).some((call) => call.line.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Ada Obi' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Ada Obi?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('User deleted successfully')).toBeTruthy();
    expect(calls(fetchMock).filter((call) => call.line === 'DELETE /api/users/u-ada')).toHaveLength(1);
  });
  it('puts the focus on the heading once the deleted user’s row, whose button opened the dialog, is gone', async () => {
    const responses: Record<string, unknown> = {
      '/api/users/session': { user: admin },
      '/api/users': page(),
      '/api/users/u-ada': { message: 'User deleted successfully' },
    };
    fakeApi(responses);
    renderRoute('/admin/users');
    const opener = await screen.findByRole('button', { name: 'Delete Ada Obi' }, slow);
    opener.focus();
    fireEvent.click(opener);
    responses['/api/users'] = page([admin]);
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Ada Obi?' })).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText('User deleted successfully');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Ada Obi' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Manage Users' })));
  });
});
