// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrderSummary, aUser } from '../../testing/fixtures';
import { fakeApi, renderRoute } from '../../testing/render-route';

const customer = aUser({ phoneNumber: '08012345678' });

const statuses = ['DELIVERED', 'SHIPPED', 'PENDING', 'PROCESSING', 'CANCELLED', 'PENDING', 'DELIVERED'] as const;
const orders = statuses.map((status, i) =>
  anOrderSummary({
    id: `o${i + 1}`,
    orderNumber: `TS-ORDER${i + 1}`,
    status,
    createdAt: new Date(Date.UTC(2025, 5, 20 - i)).toISOString(),
    totalAmount: 15000 + i * 1000,
  }),
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dashboard', () => {
  it('greets the customer and lists the 5 most recent orders with badges, totals and view links', async () => {
    fakeApi({ '/api/users/session': { user: customer }, '/api/orders/my-orders': { orders } });
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[0]?.textContent).toContain('TS-ORDER1');
    expect(rows[0]?.textContent).toContain('₦15,000.00');
    expect(within(rows[0] as HTMLElement).getByText('DELIVERED').className).toContain('green');
    expect(within(rows[1] as HTMLElement).getByText('SHIPPED').className).toContain('blue');
    expect(within(rows[2] as HTMLElement).getByText('PENDING').className).toContain('yellow');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'View order TS-ORDER1' })
        .getAttribute('href'),
    ).toBe('/orders/o1');
    expect(screen.getByTestId('order-count').textContent).toBe('7');
    expect(screen.getByText('20 Jun 2025', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText(/Your cart is empty/)).toBeTruthy();
  });

  it('says so when the orders cannot be fetched', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/orders/my-orders': { status: 500, body: { message: 'boom' } },
    });
    renderRoute('/dashboard');
    expect(await screen.findByText('Failed to fetch orders', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('a session that ends while the shop is open', () => {
  it('sends the visitor to login when a call answers 401', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/orders/my-orders': { status: 401, body: { message: 'Not logged in' } },
    });
    const { router } = renderRoute('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Please login to continue.')).toBeTruthy();
  });
});

describe('profile', () => {
  it('shows the details, edits them, cancels back to view, and saves', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: customer },
      '/api/users/profile': {
        message: 'Profile updated successfully',
        user: { ...customer, address: '3 Broad Street, Lagos' },
      },
    });
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Not set')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Ada')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.input(screen.getByLabelText('Address'), { target: { value: '3 Broad Street, Lagos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(screen.getByText('3 Broad Street, Lagos')).toBeTruthy();
    const put = (fetchMock.mock.calls as unknown as [string, RequestInit][]).find((call) =>
      String(call[0]).includes('/api/users/profile'),
    );
    expect(put?.[1].method).toBe('PUT');
    expect(JSON.parse(String(put?.[1].body))).toMatchObject({ address: '3 Broad Street, Lagos' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
  });

  it('asks for the current password only when the email changes, and shows a wrong one beside it', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: customer },
      '/api/users/profile': {
        status: 401,
        body: {
          code: 'WRONG_PASSWORD',
          message: 'Your current password is not correct',
          errors: { currentPassword: 'Your current password is not correct' },
        },
      },
    });
    const puts = () =>
      (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter((call) =>
        String(call[0]).includes('/api/users/profile'),
      );
    renderRoute('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByLabelText('Current password')).toBeNull();

    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada.new@example.com' } });
    expect(await screen.findByLabelText('Current password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your current password to change your email')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    fireEvent.input(screen.getByLabelText('Current password'), { target: { value: 'Wrong@123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your current password is not correct')).toBeTruthy();
    expect(JSON.parse(String(puts()[0]?.[1].body))).toMatchObject({
      email: 'ada.new@example.com',
      currentPassword: 'Wrong@123',
    });
    // A wrong password is no ended session: the visitor stays on the form.
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();

    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ADA@example.com' } });
    await waitFor(() => expect(screen.queryByLabelText('Current password')).toBeNull());
  });

  it('sends no password when the email stays the same', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: customer },
      '/api/users/profile': { message: 'Profile updated successfully', user: { ...customer, firstName: 'Adaeze' } },
    });
    renderRoute('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Adaeze' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    const put = (fetchMock.mock.calls as unknown as [string, RequestInit][]).find((call) =>
      String(call[0]).includes('/api/users/profile'),
    );
    expect(JSON.parse(String(put?.[1].body))).not.toHaveProperty('currentPassword');
  });
});
