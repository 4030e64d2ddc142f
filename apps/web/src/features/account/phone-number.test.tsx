// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../testing/fixtures';
import { apiCalls, fakeApi, renderRoute } from '../../testing/render-route';

// Decision 021: a Nigerian mobile, however typed, is sent and shown in one form, +2348031234567.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.input(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('the phone number', () => {
  it('is saved from the profile as +234… and shown so after the save', async () => {
    const customer = aUser({ phoneNumber: null });
    const fetchMock = fakeApi({
      '/api/users/session': { user: customer },
      '/api/users/profile': {
        message: 'Profile updated successfully',
        user: { ...customer, phoneNumber: '+2348031234567' },
      },
    });
    const { container } = renderRoute('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 5000 }));
    type('Phone number', '0803 123 4567');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    const put = apiCalls(fetchMock).find((call) => call.line === 'PUT /api/users/profile');
    expect(put?.body).toMatchObject({ phoneNumber: '+2348031234567' });
    await waitFor(() =>
      expect(container.querySelector('[data-field="phoneNumber"]')?.textContent).toBe('+2348031234567'),
    );
  });

  it('refuses a wrong number in the profile with SPEC’s message and keeps it in the field', async () => {
    const fetchMock = fakeApi({ '/api/users/session': { user: aUser() } });
    renderRoute('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 5000 }));
    type('Phone number', '0803 12');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('0803 12');
    expect(apiCalls(fetchMock).map((call) => call.line)).not.toContain('PUT /api/users/profile');
  });

  it('is sent at registration as +234… when typed in a local form', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const fetchMock = fakeApi({
      '/api/users/session': { user: null },
      '/api/users/register': { status: 201, body: { message: 'Registration successful', user: aUser() } },
      '/api/users/login': { status: 500, body: { message: 'Something went wrong' } },
    });
    renderRoute('/register');
    await screen.findByRole('heading', { level: 1, name: 'Create Account' }, { timeout: 5000 });
    type('First name', 'Ada');
    type('Last name', 'Obi');
    type('Email', 'ada@example.com');
    type(/^Phone number/, '+234 (0) 803-123-4567');
    type('Password', 'Tailor@2024');
    type('Confirm password', 'Tailor@2024');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(apiCalls(fetchMock).find((call) => call.line === 'POST /api/users/register')?.body).toMatchObject({
        phoneNumber: '+2348031234567',
      }),
    );
  });
});
