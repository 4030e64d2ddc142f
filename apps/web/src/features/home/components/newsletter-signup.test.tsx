// @vitest-environment jsdom
import { NEWSLETTER_FORM, NEWSLETTER_MESSAGES } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawn, typeBeforeStart } from '../../../testing/hydrate';
import { apiCalls, fakeApi } from '../../../testing/render-route';
import { NewsletterSignup } from './newsletter-signup';

// The signup on a page the server drew: a real form before the app starts, the app's after
// (README "Forms before the script").

afterEach(() => vi.unstubAllGlobals());

const signupAt = (url: string) => {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return drawn(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <NewsletterSignup />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('the newsletter signup on a drawn page', () => {
  it('is drawn as a form that posts to the form endpoint with the page to come back to, never a GET', () => {
    const page = signupAt('/shop?page=2');
    const form = page.container.querySelector('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(NEWSLETTER_FORM.action);
    const back = form.querySelector(`input[name="${NEWSLETTER_FORM.returnField}"]`) as HTMLInputElement;
    expect(back.type).toBe('hidden');
    expect(back.value).toBe('/shop?page=2');
    expect(page.container.querySelector('section')?.id).toBe(NEWSLETTER_FORM.sectionId);
    page.cleanup();
  });

  it('says the signup worked when the form endpoint sent the visitor back, drawn and once started', async () => {
    const page = signupAt('/?newsletter=subscribed');
    const result = () => page.container.querySelector('[data-testid="newsletter-result"]')?.textContent;
    expect(result()).toBe(NEWSLETTER_MESSAGES.subscribed);
    await page.start();
    expect(page.errors).toEqual([]);
    expect(result()).toBe(NEWSLETTER_MESSAGES.subscribed);
    page.cleanup();
  });

  it('keeps an address typed before the app started, and the app then sends it as the API says', async () => {
    const fetchMock = fakeApi({
      '/api/newsletter/subscribe': { status: 201, body: { message: NEWSLETTER_MESSAGES.subscribed } },
    });
    const page = signupAt('/');
    const field = page.container.querySelector('input[type="email"]') as HTMLInputElement;
    typeBeforeStart(field, 'early@example.com');
    await page.start();
    expect(page.errors).toEqual([]);
    expect(field.value).toBe('early@example.com');
    fireEvent.submit(page.container.querySelector('form') as HTMLFormElement);
    await waitFor(() =>
      expect(page.container.querySelector('[data-testid="newsletter-result"]')?.textContent).toBe(
        NEWSLETTER_MESSAGES.subscribed,
      ),
    );
    expect(apiCalls(fetchMock)).toEqual([
      { line: 'POST /api/newsletter/subscribe', body: { email: 'early@example.com' } },
    ]);
    // Done: the field is emptied for the next address.
    expect(field.value).toBe('');
    page.cleanup();
  });
});
