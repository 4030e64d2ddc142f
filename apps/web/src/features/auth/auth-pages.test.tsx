// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../testing/fixtures';
import { fakeApi, renderRoute } from '../../testing/render-route';

const customer = aUser();
const admin = aUser({ id: 'u2', firstName: 'Shop', role: 'ADMIN' });

const PASSWORD_RULE =
  'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.input(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const submit = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('login page', () => {
  it('shows the SPEC messages for missing and malformed input', async () => {
    fakeApi({});
    renderRoute('/login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    submit('Login');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    type('Email', 'ada@');
    type('Password', '12345');
    submit('Login');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('shows the server message on failure and shakes the form', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    fakeApi({ '/api/users/login': { status: 401, body: { message: 'Invalid email or password' } } });
    const { container } = renderRoute('/login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    type('Email', 'ada@example.com');
    type('Password', 'Wrong@123');
    submit('Login');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(container.querySelector('form')?.dataset.shaking).toBe('true');
  });

  it("says 'An error occurred during login. Please try again.' when the server cannot be reached", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).includes('/api/users/session')) return new Response('{"user":null}', { status: 200 });
        throw new TypeError('Failed to fetch');
      }),
    );
    renderRoute('/login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    type('Email', 'ada@example.com');
    type('Password', 'Secret@12');
    submit('Login');
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred during login. Please try again.');
  });

  it('shows the message passed in navigation state, and toggles the password visibility', async () => {
    fakeApi({});
    renderRoute('/login', { message: 'Please login to continue.' });
    expect(await screen.findByText('Please login to continue.')).toBeTruthy();
    const password = screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('sends a customer back where they were going', async () => {
    fakeApi({
      '/api/users/session': { user: null },
      '/api/users/login': { user: customer, token: 't', message: 'Login successful' },
    });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { router } = renderRoute('/login', { from: { pathname: '/orders', search: '' } });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    type('Email', 'ada@example.com');
    type('Password', 'Secret@12');
    submit('Login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });

  it('sends an admin to /admin after a short delay', async () => {
    fakeApi({
      '/api/users/session': { user: null },
      '/api/users/login': { user: admin, token: 't', message: 'Login successful' },
    });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { router } = renderRoute('/login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    type('Email', 'admin@example.com');
    type('Password', 'Admin@12345');
    submit('Login');
    await screen.findByText('Login successful');
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});

describe('register page', () => {
  it('shows every SPEC message of the Create Account form', async () => {
    fakeApi({});
    renderRoute('/register');
    await screen.findByRole('heading', { level: 1, name: 'Create Account' });
    type('First name', 'A');
    type('Last name', 'B');
    type('Email', 'nope');
    type('Phone number (optional)', '123');
    type('Password', 'abc');
    submit('Create Account');
    expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    type('Password', 'abcdefg1');
    type('Confirm password', 'different');
    submit('Create Account');
    expect(await screen.findByText(PASSWORD_RULE)).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    type('Email', '');
    type('Password', '');
    submit('Create Account');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('logs the new customer in and goes home; a failed auto-login goes to login with a message', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    fakeApi({
      '/api/users/session': { user: null },
      '/api/users/register': { status: 201, body: { message: 'Registration successful', user: customer } },
      '/api/users/login': { status: 500, body: { message: 'Something went wrong' } },
    });
    const { router } = renderRoute('/register');
    await screen.findByRole('heading', { level: 1, name: 'Create Account' });
    type('First name', 'Ada');
    type('Last name', 'Obi');
    type('Email', 'ada@example.com');
    type('Password', 'Tailor@2024');
    type('Confirm password', 'Tailor@2024');
    submit('Create Account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your account was created. Please log in.')).toBeTruthy();
  });
});

describe('password reset pages', () => {
  it('forgot password checks the email, then goes to reset with the email', async () => {
    fakeApi({ '/api/users/request-reset': { message: 'Password reset OTP has been sent to your email' } });
    const { router } = renderRoute('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    submit('Send reset code');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    type('Email', 'ada@');
    submit('Send reset code');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    type('Email', 'Ada@Example.com');
    submit('Send reset code');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(router.state.location.state).toMatchObject({ email: 'ada@example.com' });
    expect(await screen.findByText('Password reset OTP has been sent to your email')).toBeTruthy();
  });

  it('reset password shows the SPEC messages and the server error', async () => {
    fakeApi({ '/api/users/reset-password': { status: 400, body: { message: 'Invalid or expired OTP' } } });
    renderRoute('/reset-password', { email: 'ada@example.com' });
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    type('OTP', '12a');
    type('New password', 'short');
    submit('Reset Password');
    expect(await screen.findByText('OTP must be 6 digits')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    type('OTP', '123456');
    type('New password', 'NewPass@1');
    type('Confirm new password', 'NewPass@2');
    submit('Reset Password');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    type('Confirm new password', 'NewPass@1');
    submit('Reset Password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired OTP');
  });
});

describe('guards and the session at start-up', () => {
  it('shows neither Login nor Dashboard in the header while the session check runs', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('/api/users/session')
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : Promise.resolve(new Response(JSON.stringify({ products: [] }), { status: 200 })),
      ),
    );
    renderRoute('/about');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav.textContent).not.toContain('Login');
    expect(nav.textContent).not.toContain('Dashboard');
    answer(new Response(JSON.stringify({ user: customer }), { status: 200 }));
    await waitFor(() => expect(nav.textContent).toContain('Dashboard'));
    expect(nav.textContent).toContain('Profile');
    expect(nav.textContent).not.toContain('Login');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it.each([
    ['/dashboard', 'Please login to continue.'],
    ['/orders/o1', 'Please login to continue.'],
    ['/admin', 'Please login to continue.'],
    ['/checkout', 'Please login to continue with your purchase.'],
    ['/checkout/success', 'Please login to continue with your purchase.'],
  ])('sends a guest from %s to /login with %j, remembering where they were going', async (path, message) => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    fakeApi({ '/api/users/session': { user: null } });
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(router.state.location.state).toMatchObject({ from: { pathname: path } });
  });

  it.each(['/admin', '/products/p1/edit'])('sends a customer from %s to /dashboard', async (path) => {
    fakeApi({ '/api/users/session': { user: customer } });
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeTruthy();
  });

  it('sends an admin from the dashboard to /admin', async () => {
    fakeApi({ '/api/users/session': { user: admin } });
    const { router } = renderRoute('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
