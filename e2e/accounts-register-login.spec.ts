import { describe, expect, it } from 'vitest';
import { createCustomer, logIn, mainNav, PASSWORD, submitLogin, trackProblems, uniqueEmail } from './fixtures/accounts';
import { useBrowser } from './fixtures/browser';

const shop = useBrowser();

const PASSWORD_RULE =
  'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character';

describe('a visitor creating an account and logging in', () => {
  it('sees every SPEC message of the Create Account form', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const body = page.locator('main');
    await body.getByText('First name is required').waitFor();
    for (const text of [
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(await body.getByText(text, { exact: true }).count()).toBe(1);
    }
    await page.getByLabel('First name').fill('A');
    await page.getByLabel('Last name').fill('B');
    await page.getByLabel('Email').fill('tailor@');
    await page.getByLabel('Phone number (optional)').fill('12345');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password', { exact: true }).fill('abd');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const text of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Invalid email address',
      'Please enter a valid phone number',
      'Password must be at least 6 characters',
      'The passwords do not match',
    ]) {
      await body.getByText(text, { exact: true }).waitFor();
    }
    await page.getByLabel('Password', { exact: true }).fill('tailoring1');
    await body.getByText(PASSWORD_RULE).waitFor();
    await context.close();
  });

  it('creates an account, is logged in and taken home, and stays logged in after a reload', async () => {
    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    const email = uniqueEmail('newcomer');
    await page.goto('/register');
    await page.getByLabel('First name').fill('Chiamaka');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number (optional)').fill('08031234567');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Login' }).count()).toBe(0);

    // The session is an httpOnly cookie; nothing of it is in storage page scripts can read.
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'shop_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(storage).not.toContain(session?.value ?? 'no-cookie');
    expect(await page.evaluate(() => document.cookie)).not.toContain('shop_session');

    await page.reload();
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Chiamaka!' }).waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('shows the SPEC login messages, the server message, and shakes on failure', async () => {
    const { page, context } = await shop.newPage();
    const { email } = await createCustomer();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email').fill('nope');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();

    await submitLogin(page, email, 'Wrong@1234');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
    expect(await page.locator('form').getAttribute('data-shaking')).toBe('true');
    await expect.poll(() => page.locator('form').getAttribute('data-shaking'), { timeout: 2000 }).toBe('false');

    // Show/hide password.
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await context.close();
  });

  it('logs in to the dashboard, edits the profile (cancel and save), and logs out', async () => {
    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    const { email } = await createCustomer({ firstName: 'Femi', lastName: 'Adeyemi' });
    await logIn(page, email, PASSWORD);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Femi!' }).waitFor();
    await page.getByText('No orders yet.').waitFor();
    expect(await page.getByTestId('order-count').textContent()).toBe('0');

    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(await page.locator('[data-field="email"]').textContent()).toBe(email);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').fill('Changed');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('[data-field="firstName"]').textContent()).toBe('Femi');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Phone number').fill('123');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByLabel('Phone number').fill('08098765432');
    await page.getByLabel('Address').fill('14 Adeniran Ogunsanya Street, Surulere, Lagos');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    expect(await page.locator('[data-field="address"]').textContent()).toBe(
      '14 Adeniran Ogunsanya Street, Surulere, Lagos',
    );
    await page.reload();
    // A Nigerian mobile is kept in one form, whatever way it was typed (decision 021).
    await page.locator('[data-field="phoneNumber"]').getByText('+2348098765432').waitFor();

    await page.locator('main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Please login to continue.').waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });
});
