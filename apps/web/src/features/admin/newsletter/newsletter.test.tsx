// @vitest-environment jsdom
import { NEWSLETTER_ADMIN_MESSAGES } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../testing/fixtures';
import { fakeApi, renderRoute } from '../../../testing/render-route';
import { apiCalls } from '../admin-testing';

// The first render of a page loads its lazy chunk, which a busy machine may take seconds over.
const slow = { timeout: 5000 };

const admin = aUser({ id: 'u-admin', role: 'ADMIN' });
const subscribers = {
  subscribers: [
    { id: 's1', email: 'tailor@example.com', createdAt: '2026-06-01T10:00:00Z', active: true },
    { id: 's2', email: 'gone@example.com', createdAt: '2026-05-01T10:00:00Z', active: false },
  ],
  page: 1,
  pageSize: 24,
  total: 30,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Newsletter tab', () => {
  it('lists subscribers with their status, and pages through them', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/newsletter/subscribers': subscribers });
    renderRoute('/admin/newsletter');
    const table = await screen.findByRole('table', { name: 'Subscribers' }, slow);
    expect(
      within(table)
        .getAllByTestId('subscriber-row')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/^tailor@example\.com.*Active/),
      expect.stringMatching(/^gone@example\.com.*Inactive/),
    ]);
    expect(screen.getByTestId('list-total').textContent).toBe('30 subscribers');
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/admin/newsletter?page=2');
  });

  it('sends the search and status filters in the request, and exports the subscribers those filters find', async () => {
    const fetchMock = fakeApi({ '/api/users/session': { user: admin }, '/api/newsletter/subscribers': subscribers });
    const { router } = renderRoute('/admin/newsletter?page=2');
    await screen.findByRole('table', { name: 'Subscribers' }, slow);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by email' }), { target: { value: 'tailor' } });
    fireEvent.click(
      within(screen.getByRole('search', { name: 'Search by email' })).getByRole('button', { name: 'Search' }),
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'true' } });
    await waitFor(() =>
      expect(apiCalls(fetchMock).map((call) => call.line)).toContain(
        'GET /api/newsletter/subscribers?search=tailor&active=true&page=1',
      ),
    );
    expect(router.state.location.search).toBe('?search=tailor&active=true');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/newsletter/subscribers/export.csv?active=true&search=tailor',
    );
  });

  it('deactivates an active subscriber and reactivates an inactive one', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/newsletter/subscribers': subscribers,
      '/api/newsletter/subscribers/s1': {
        message: NEWSLETTER_ADMIN_MESSAGES.deactivated,
        subscriber: { ...subscribers.subscribers[0], active: false },
      },
      '/api/newsletter/subscribers/s2': {
        message: NEWSLETTER_ADMIN_MESSAGES.reactivated,
        subscriber: { ...subscribers.subscribers[1], active: true },
      },
    });
    renderRoute('/admin/newsletter');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate tailor@example.com' }, slow));
    expect(await screen.findByText(NEWSLETTER_ADMIN_MESSAGES.deactivated)).toBeTruthy();
    // One change at a time: the next is taken once the first has finished.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reactivate gone@example.com' }).getAttribute('aria-disabled')).toBe(
        'false',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate gone@example.com' }));
    expect(await screen.findByText(NEWSLETTER_ADMIN_MESSAGES.reactivated)).toBeTruthy();
    const patches = apiCalls(fetchMock).filter((call) => call.line.startsWith('PATCH'));
    expect(patches).toEqual([
      { line: 'PATCH /api/newsletter/subscribers/s1', body: { active: false } },
      { line: 'PATCH /api/newsletter/subscribers/s2', body: { active: true } },
    ]);
  });

  it('shows a failure as "Error: …"', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/newsletter/subscribers': subscribers,
      '/api/newsletter/subscribers/s1': { status: 404, body: { code: 'NOT_FOUND', message: 'Subscriber not found' } },
    });
    renderRoute('/admin/newsletter');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate tailor@example.com' }, slow));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Subscriber not found');
  });
});
