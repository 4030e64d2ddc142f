// @vitest-environment jsdom
import { SHOP_SETTINGS_MESSAGES as M, OPENING_HOURS_MAX_LINES, type ShopSettingsChange } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aShopInfo, aShopSettings, aShopSettingsAnswer, aUser } from '../../../testing/fixtures';
import { apiCalls, renderRoute } from '../../../testing/render-route';
import { fieldLabel, formatSettingValue } from './components/settings-changes';

const slow = { timeout: 5000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = aUser({ id: 'u-admin', firstName: 'Shop', email: 'admin@example.com', role: 'ADMIN' });

const aChange = (overrides: Partial<ShopSettingsChange> = {}): ShopSettingsChange => ({
  id: 'ch1',
  at: '2026-06-01T09:00:00.000Z',
  by: { id: 'u-admin', email: 'admin@example.com' },
  changes: [
    { field: 'phone', from: '+2348012345678', to: '+2348091112233' },
    { field: 'bankAccount.accountNumber', from: '0123456789', to: '1234567890' },
  ],
  ...overrides,
});

type Answer = { status?: number; body: unknown };

/** The server, by method and path: GET and PUT /api/settings answer differently. */
function settingsApi({ put }: { put?: Answer | ((body: unknown) => Answer) } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const json = (answer: Answer) =>
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    const key = `${method} ${url.pathname}`;
    if (key === 'GET /api/users/session') return json({ body: { user: admin } });
    if (key === 'GET /api/settings') return json({ body: aShopInfo() });
    if (key === 'GET /api/settings/admin') return json({ body: aShopSettingsAnswer() });
    if (key === 'GET /api/settings/changes')
      return json({ body: { changes: [aChange()], page: 1, pageSize: 10, total: 1 } });
    if (key === 'PUT /api/settings' && put) {
      const body = JSON.parse(String(init?.body)) as unknown;
      return json(typeof put === 'function' ? put(body) : put);
    }
    return json({ status: 404, body: { message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.input(input(label), { target: { value } });
const errorOf = (label: string | RegExp) =>
  document.getElementById(input(label).getAttribute('aria-describedby') ?? '')?.textContent;
const puts = (fetchMock: ReturnType<typeof settingsApi>) =>
  apiCalls(fetchMock).filter((call) => call.line === 'PUT /api/settings');

async function openSettings() {
  const view = renderRoute('/admin/settings');
  await screen.findByRole('form', { name: 'Shop settings' }, slow);
  return view;
}

describe('Settings tab', () => {
  it('shows the stored settings in one form, in its sections, and who saved last', async () => {
    settingsApi();
    await openSettings();
    for (const legend of ['Shop details', 'Address', 'Opening hours', 'Bank account', 'Orders']) {
      expect(screen.getByRole('group', { name: legend })).toBeTruthy();
    }
    expect(input('Phone').value).toBe('+2348091112233');
    expect(input('Street').value).toBe('7 Idumagbo Avenue');
    expect(input('Days, line 1').value).toBe('Monday to Saturday');
    expect(input('Hours, line 2').value).toBe('Closed');
    expect(input('Bank').value).toBe('Zenith Bank');
    expect(input('Bank').getAttribute('list')).toBeTruthy();
    expect(input('Account number (NUBAN)').value).toBe('1234567890');
    expect(input('Orders email (optional)').value).toBe('');
    expect(input('Pay-on-delivery cap (₦)').value).toBe('150000');
    expect(screen.getByTestId('settings-last-saved').textContent).toContain('admin@example.com');
  });

  it('refuses a bad NUBAN and phone in the browser, with the shared messages tied to their fields', async () => {
    const fetchMock = settingsApi();
    await openSettings();
    type('Account number (NUBAN)', '12345');
    type('Phone', '12ab');
    type('Pay-on-delivery cap (₦)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(errorOf('Account number (NUBAN)')).toBe(M.nubanInvalid));
    expect(input('Account number (NUBAN)').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Phone')).toBe(M.phoneInvalid);
    // A cleared number is refused, never read as 0 (which would turn pay on delivery off).
    expect(errorOf('Pay-on-delivery cap (₦)')).toBe(M.podCapInvalid);
    expect(puts(fetchMock)).toEqual([]);
    // Everything typed stays.
    expect(input('Phone').value).toBe('12ab');
  });

  it('saves the whole settings, as the shared schema makes them, and says "Settings saved"', async () => {
    const fetchMock = settingsApi({ put: (body) => ({ body: { ...aShopSettingsAnswer(), settings: body } }) });
    await openSettings();
    type('Phone', '0809 999 8877');
    type('Orders email (optional)', 'Orders@StitchAndTrim.test');
    type('Bank transfer window (hours)', '48');
    fireEvent.click(screen.getByRole('button', { name: 'Add a line of hours' }));
    type('Days, line 3', 'Public holidays');
    type('Hours, line 3', '10:00 – 14:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(M.saved)).toBeTruthy();
    const [put] = puts(fetchMock);
    expect(put?.body).toEqual({
      ...aShopSettings(),
      phone: '+2348099998877',
      ordersEmail: 'orders@stitchandtrim.test',
      bankTransferWindowHours: 48,
      openingHours: [...aShopSettings().openingHours, { days: 'Public holidays', hours: '10:00 – 14:00' }],
    });
    // The form shows what was stored; this tab's pages and the changes list ask again.
    await waitFor(() => expect(input('Phone').value).toBe('+2348099998877'));
    await waitFor(() =>
      expect(
        apiCalls(fetchMock).filter((call) => call.line.startsWith('GET /api/settings/changes')).length,
      ).toBeGreaterThan(1),
    );
  });

  it('puts the server’s field errors under their fields and keeps what was typed', async () => {
    settingsApi({
      put: {
        status: 400,
        body: {
          code: 'INVALID_INPUT',
          message: 'Check the highlighted fields',
          errors: {
            'bankAccount.accountNumber': M.nubanInvalid,
            'openingHours.0.days': M.hoursDaysRequired,
            email: M.emailInvalid,
          },
        },
      },
    });
    await openSettings();
    type('Account name', 'Stitch and Trim Ltd');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Error: Check the highlighted fields')).toBeTruthy();
    await waitFor(() => expect(errorOf('Account number (NUBAN)')).toBe(M.nubanInvalid));
    expect(errorOf('Days, line 1')).toBe(M.hoursDaysRequired);
    expect(errorOf('Email')).toBe(M.emailInvalid);
    expect(input('Account name').value).toBe('Stitch and Trim Ltd');
    expect(screen.queryByText(M.saved)).toBeNull();
  });

  it('keeps 1 to 7 lines of opening hours', async () => {
    settingsApi();
    await openSettings();
    const hours = within(screen.getByRole('group', { name: 'Opening hours' }));
    fireEvent.click(hours.getByRole('button', { name: 'Remove line 2' }));
    expect((hours.getByRole('button', { name: 'Remove line 1' }) as HTMLButtonElement).disabled).toBe(true);
    const add = hours.getByRole('button', { name: 'Add a line of hours' }) as HTMLButtonElement;
    for (let line = 1; line < OPENING_HOURS_MAX_LINES; line++) fireEvent.click(add);
    expect(hours.getAllByLabelText(/^Days, line/)).toHaveLength(OPENING_HOURS_MAX_LINES);
    expect(add.disabled).toBe(true);
  });

  it('lists the recent changes: when, who, and each field from → to', async () => {
    settingsApi();
    await openSettings();
    const [entry] = await screen.findAllByTestId('settings-change', {}, slow);
    if (!entry) throw new Error('no change listed');
    expect(within(entry).getByText('admin@example.com')).toBeTruthy();
    expect(entry.querySelector('[data-field="phone"]')?.textContent).toBe(
      'Phone: from +2348012345678 to +2348091112233',
    );
    expect(entry.querySelector('[data-field="bankAccount.accountNumber"]')?.textContent).toBe(
      'Account number: from 0123456789 to 1234567890',
    );
  });
});

describe('a recorded change in words', () => {
  it('names the fields as the form does and writes hours, addresses and blanks readably', () => {
    expect(fieldLabel('ordersEmail')).toBe('Orders email');
    expect(fieldLabel('something.new')).toBe('something.new');
    expect(
      formatSettingValue([
        { days: 'Monday', hours: '9 – 5' },
        { days: 'Sunday', hours: 'Closed' },
      ]),
    ).toBe('Monday: 9 – 5; Sunday: Closed');
    expect(formatSettingValue({ street: '1 Marina', area: '', city: 'Lagos' })).toBe('1 Marina, Lagos');
    expect(formatSettingValue(null)).toBe('(none)');
    expect(formatSettingValue(0)).toBe('0');
  });
});
