import { describe, expect, it } from 'vitest';
import { ADMIN, createCustomer, logIn, mainNav, PASSWORD, submitLogin } from './fixtures/accounts';
import { useBrowser } from './fixtures/browser';

const shop = useBrowser();

describe('protected pages', () => {
  it('send a guest to login with the SPEC message, and back where they were going after logging in', async () => {
    const { page, context } = await shop.newPage();
    const { email } = await createCustomer();
    await page.goto('/profile');
    await page.waitForURL('**/login');
    await page.getByText('Please login to continue.').waitFor();
    await submitLogin(page, email, PASSWORD);
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await context.close();
  });

  it('ask for a login before checkout with the checkout message', async () => {
    const { page, context } = await shop.newPage();
    for (const path of ['/checkout', '/checkout/success']) {
      await page.goto(path);
      await page.waitForURL('**/login');
      await page.getByText('Please login to continue with your purchase.').waitFor();
    }
    await context.close();
  });

  it('send a customer away from the admin area and the product editor to the dashboard', async () => {
    const { page, context } = await shop.newPage();
    const { email } = await createCustomer({ firstName: 'Tunde' });
    await logIn(page, email, PASSWORD);
    for (const path of ['/admin', '/products/any-product/edit']) {
      await page.goto(path);
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Tunde!' }).waitFor();
    }
    // Claiming to be an admin in storage or headers changes nothing: the role is the server's.
    await page.evaluate(() => {
      localStorage.setItem('userRole', 'ADMIN');
      localStorage.setItem('adminToken', 'forged');
    });
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/users', { headers: { 'x-user-role': 'ADMIN', 'x-admin-token': 'forged' } });
      return response.status;
    });
    expect(answer).toBe(403);
    await page.goto('/admin');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('take an admin from login to /admin, and from the dashboard to /admin', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/login');
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');
    await page.goto('/dashboard');
    await page.waitForURL('**/admin');
    await context.close();
  });

  it('never flash the guest header for a logged-in visitor while the session is checked', async () => {
    const { page, context } = await shop.newPage();
    const { email } = await createCustomer();
    await logIn(page, email, PASSWORD);
    // Record whether a Login link ever appears in the header during a fresh load.
    await page.addInitScript(() => {
      const seen = { login: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        const nav = document.querySelector('nav[aria-label="Main"]');
        if (nav && Array.from(nav.querySelectorAll('a')).some((a) => a.textContent === 'Login')) seen.login = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/about');
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __seen: { login: boolean } }).__seen.login)).toBe(false);
    await context.close();
  });

  it('let a customer log out from the header on a protected page: home, logged out, the session ended', async () => {
    const { page, context } = await shop.newPage();
    const { email } = await createCustomer();
    await logIn(page, email, PASSWORD);
    const token = (await context.cookies()).find((c) => c.name === 'shop_session')?.value;
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
    const verify = await fetch(`${shop.baseUrl}/api/users/verify`, { headers: { authorization: `Bearer ${token}` } });
    expect(verify.status).toBe(401);
    await context.close();
  });

  it('refuse a state change posted from another site with the session cookie', async () => {
    const { page, context } = await shop.newPage();
    const { email } = await createCustomer();
    await logIn(page, email, PASSWORD);
    const cookie = (await context.cookies()).find((c) => c.name === 'shop_session');
    const response = await fetch(`${shop.baseUrl}/api/users/profile`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        cookie: `shop_session=${cookie?.value}`,
        origin: 'https://evil.example',
      },
      body: JSON.stringify({ firstName: 'Hacked' }),
    });
    expect(response.status).toBe(403);
    await context.close();
  });
});
