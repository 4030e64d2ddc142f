// @vitest-environment jsdom
import { ACCOUNT_MESSAGES as M } from '@shop/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../testing/fixtures';
import { apiCalls, fakeApi, renderRoute } from '../../testing/render-route';

// The page the emailed verification link opens (SECURITY.md "Verified email").

const slow = { timeout: 5000 };
const TOKEN = 'A'.repeat(43);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the verification link', () => {
  it('sends the token from the fragment once and says the address is verified', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: null },
      '/api/users/verify-email': { message: M.emailVerified, user: aUser({ emailVerified: true }) },
    });
    renderRoute(`/verify-email#token=${TOKEN}`);
    expect((await screen.findByText(M.emailVerified, {}, slow)).getAttribute('role')).toBe('status');
    const posts = apiCalls(fetchMock).filter((call) => call.line === 'POST /api/users/verify-email');
    expect(posts).toEqual([{ line: 'POST /api/users/verify-email', body: { token: TOKEN } }]);
    expect(screen.getByRole('link', { name: 'Go to checkout' })).toBeTruthy();
  });

  it('says an expired or used link is, and offers a signed-in customer a new one', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: aUser({ emailVerified: false }) },
      '/api/users/verify-email': {
        status: 400,
        body: { code: 'VERIFICATION_LINK_INVALID', message: M.verificationLinkInvalid },
      },
      '/api/users/resend-verification': { message: M.verificationSent },
    });
    renderRoute(`/verify-email#token=${TOKEN}`);
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(M.verificationLinkInvalid);
    fireEvent.click(await screen.findByRole('button', { name: M.resendVerification }, slow));
    expect((await screen.findByRole('status', {}, slow)).textContent).toBe(M.verificationSent);
    expect(apiCalls(fetchMock).some((call) => call.line === 'POST /api/users/resend-verification')).toBe(true);
  });

  it('sends a guest with a dead link to log in for a new one', async () => {
    fakeApi({
      '/api/users/session': { user: null },
      '/api/users/verify-email': {
        status: 400,
        body: { code: 'VERIFICATION_LINK_INVALID', message: M.verificationLinkInvalid },
      },
    });
    renderRoute(`/verify-email#token=${TOKEN}`);
    await screen.findByRole('alert', {}, slow);
    expect(screen.getByRole('link', { name: M.loginToResend })).toBeTruthy();
  });

  it('asks nothing of the server for a link without its token', async () => {
    const fetchMock = fakeApi({ '/api/users/session': { user: null } });
    renderRoute('/verify-email');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(M.verificationLinkMissing);
    expect(apiCalls(fetchMock).some((call) => call.line.includes('verify-email'))).toBe(false);
  });
});

describe('the profile', () => {
  it('says an unverified address is not verified, why it matters, and sends a new link', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: aUser({ emailVerified: false }) },
      '/api/users/resend-verification': { message: M.verificationSent },
    });
    renderRoute('/profile');
    const block = await screen.findByTestId('email-verification', {}, slow);
    expect(block.textContent).toContain(M.emailNotVerified);
    expect(block.textContent).toContain(M.verifyWhy);
    fireEvent.click(screen.getByRole('button', { name: M.resendVerification }));
    expect((await screen.findByRole('status', {}, slow)).textContent).toBe(M.verificationSent);
    expect(apiCalls(fetchMock).filter((call) => call.line === 'POST /api/users/resend-verification')).toHaveLength(1);
  });

  it('says a verified address is, with no button', async () => {
    fakeApi({ '/api/users/session': { user: aUser({ emailVerified: true }) } });
    renderRoute('/profile');
    expect((await screen.findByTestId('email-verification', {}, slow)).textContent).toBe(M.emailVerified);
    expect(screen.queryByRole('button', { name: M.resendVerification })).toBeNull();
  });
});
