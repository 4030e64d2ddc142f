// @vitest-environment jsdom
import { CONTACT_MESSAGES as M } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '../../testing/render-route';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.input(field(name), { target: { value } });

function fillValidMessage() {
  type('Full name', 'Ngozi Adebayo');
  type('Email', 'ngozi@example.com');
  type('Subject (optional)', 'Wholesale lace');
  type('Message', 'Do you sell French lace by the bolt?');
  fireEvent.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
}

describe('contact page', () => {
  it('shows each rule of SPEC.md §5 under its field and sends nothing', async () => {
    const fetchMock = fakeApi({});
    renderRoute('/contact');
    fireEvent.click(await screen.findByRole('button', { name: 'Send Message' }, { timeout: 5000 }));
    for (const [label, message] of [
      ['Full name', M.fullnameRequired],
      ['Email', M.emailRequired],
      ['Message', M.messageRequired],
    ] as const) {
      await waitFor(() => expect(field(label).getAttribute('aria-invalid')).toBe('true'));
      const described = field(label).getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(described)?.textContent).toBe(message);
    }
    expect(screen.getByText(M.privacyPolicyRequired)).toBeTruthy();
    expect(fetchMock.mock.calls.filter((call) => String(call[0]).includes('/api/contact'))).toEqual([]);
  });

  it('says the message was sent, in a toast and a banner, and empties the form', async () => {
    const fetchMock = fakeApi({ '/api/contact': { status: 201, body: { message: M.sent } } });
    renderRoute('/contact');
    await screen.findByRole('button', { name: 'Send Message' }, { timeout: 5000 });
    fillValidMessage();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(M.sentBanner)).toBeTruthy();
    expect(await screen.findByText(M.sent)).toBeTruthy();
    expect(field('Full name').value).toBe('');
    const call = (fetchMock.mock.calls as unknown as [string, RequestInit][]).find((c) =>
      String(c[0]).includes('/api/contact'),
    );
    expect(JSON.parse(String(call?.[1].body))).toEqual({
      fullname: 'Ngozi Adebayo',
      email: 'ngozi@example.com',
      subject: 'Wholesale lace',
      message: 'Do you sell French lace by the bolt?',
      privacyPolicy: true,
      website: '',
    });
  });

  it('says the message failed, in a toast and a banner, and keeps what was typed', async () => {
    fakeApi({ '/api/contact': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } } });
    renderRoute('/contact');
    await screen.findByRole('button', { name: 'Send Message' }, { timeout: 5000 });
    fillValidMessage();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(M.failedBanner)).toBeTruthy();
    expect(await screen.findByText(M.failed)).toBeTruthy();
    expect(field('Full name').value).toBe('Ngozi Adebayo');
    expect(field('Message').value).toBe('Do you sell French lace by the bolt?');
  });

  it("is where the failed payment page's Contact Support leads", async () => {
    fakeApi({});
    renderRoute('/order/failed');
    const link = await screen.findByRole('link', { name: 'Contact Support' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/contact');
  });
});
