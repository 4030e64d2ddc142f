import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';

type FakeResponse = { status?: number; body: unknown };

/**
 * Stands in for the server: `fetch` answers each API path (without its query string) from
 * `responses`; anything else is a 404. Returns the mock to inspect the calls.
 */
export function fakeApi(responses: Record<string, FakeResponse | unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://shop.test');
    const entry = responses[url.pathname];
    if (entry === undefined) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const { status = 200, body } =
      typeof entry === 'object' && entry !== null && 'body' in entry ? (entry as FakeResponse) : { body: entry };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests fetch was asked for, as `METHOD /path?query`, with their JSON bodies. */
export function apiCalls(fetchMock: ReturnType<typeof fakeApi>) {
  return (fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][]).map(([input, init]) => {
    const url = new URL(String(input), 'http://shop.test');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return { line: `${init?.method ?? 'GET'} ${url.pathname}${url.search}`, body };
  });
}

/** Renders the whole shop (layout and all) at `path`, as the browser would. */
export function renderRoute(path: string, state?: unknown) {
  // jsdom does not scroll; the shop calls scrollTo on every route change.
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  const [address = '', hash] = path.split('#');
  const router = createMemoryRouter(routes, {
    initialEntries: [
      {
        pathname: address.split('?')[0],
        search: address.includes('?') ? `?${address.split('?')[1]}` : '',
        hash: hash === undefined ? '' : `#${hash}`,
        state,
      },
    ],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** Renders one piece of the layout (the footer, say) with what it needs around it: a query client and a router. */
export function renderWithShopProviders(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
