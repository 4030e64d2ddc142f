import { describe, expect, it } from 'vitest';
import { createCustomer, logIn, PASSWORD, submitLogin, trackProblems } from './fixtures/accounts';
import { useBrowser } from './fixtures/browser';
import { waitForOtp } from './fixtures/mailbox';

const shop = useBrowser();

describe('a customer who forgot their password', () => {
  it('resets it with the code emailed through the real SMTP server, and logs in with the new one', async () => {
    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors, ['401 /api/users/login']);
    const { email } = await createCustomer({ firstName: 'Kemi' });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forgot-password');
    // NOTE: the URL changes before the lazily loaded page replaces the login form (which also
    // has an Email field), so wait for the new page itself.
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByText('Password reset OTP has been sent to your email').waitFor();

    // The code is read from the email the shop sent, not from the database or a log.
    const otp = await waitForOtp(email);
    await page.getByLabel('OTP').fill(otp);
    await page.getByLabel('New password', { exact: true }).fill('Fresh@Start9');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Fresh@Start9');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await page.waitForURL('**/login');
    await page.getByText('Password has been reset successfully').waitFor();
    await submitLogin(page, email, PASSWORD);
    expect(await page.getByRole('alert').textContent()).toBe('Invalid email or password');
    await submitLogin(page, email, 'Fresh@Start9');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Kemi!' }).waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('sees the SPEC messages on the forgot and reset screens, and a wrong code is refused', async () => {
    const { page, context } = await shop.newPage();
    const { email } = await createCustomer();
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.waitForURL('**/reset-password');

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('OTP must be 6 digits').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByText('Please confirm your password').waitFor();
    await page.getByLabel('OTP').fill('12ab');
    await page.getByLabel('New password', { exact: true }).fill('lowercase1!');
    await page.getByLabel('Confirm new password', { exact: true }).fill('other');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page
      .getByText(
        'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character',
      )
      .waitFor();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Ab1@');
    await page.getByText('Password must be at least 6 characters').waitFor();

    const otp = await waitForOtp(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    await page.getByLabel('OTP').fill(wrong);
    await page.getByLabel('New password', { exact: true }).fill('Fresh@Start9');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Fresh@Start9');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Invalid or expired OTP');
    await context.close();
  });

  it('is sent to /forgot-password when opening /reset-password directly', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/reset-password');
    await page.waitForURL('**/forgot-password');
    await context.close();
  });

  it('is logged out on every device once the password is reset', async () => {
    const first = await shop.newPage();
    const { email } = await createCustomer();
    await logIn(first.page, email, PASSWORD);
    const response = await fetch(`${shop.baseUrl}/api/users/request-reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    const otp = await waitForOtp(email);
    const reset = await fetch(`${shop.baseUrl}/api/users/reset-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, otp, newPassword: 'Other@Device1' }),
    });
    expect(reset.status).toBe(200);
    await first.page.goto('/profile');
    await first.page.waitForURL('**/login');
    await first.page.getByText('Please login to continue.').waitFor();
    await first.context.close();
  });
});
