import { vi } from 'vitest';

type Answer = { status?: number; body: unknown };

/**
 * For the admin catalogue tests: like testing/render-route's fakeApi, but an answer may be keyed
 * by `METHOD /path` (GET and DELETE of /api/products/p1 differ), falling back to `/path`; a
 * function answer sees the request. The mock's calls hold each request's init (its FormData).
 */
export function fakeCatalogueApi(
  answers: Record<string, Answer | ((init: RequestInit | undefined, url: URL) => Answer)>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const entry = answers[`${method} ${url.pathname}`] ?? answers[url.pathname];
    if (entry === undefined) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const { status = 200, body } = typeof entry === 'function' ? entry(init, url) : entry;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** The requests made to `METHOD /path`, with their URL and body. */
    requests(method: string, pathname: string) {
      return fetchMock.mock.calls
        .map(([input, init]) => ({ url: new URL(String(input), 'http://shop.test'), init }))
        .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method);
    },
  };
}

/** jsdom has no object URLs: previews get `blob:` names, and their revocations are recorded. */
export function stubObjectUrls() {
  let count = 0;
  const revoked: string[] = [];
  URL.createObjectURL = vi.fn(() => `blob:preview-${++count}`);
  URL.revokeObjectURL = vi.fn((url: string) => {
    revoked.push(url);
  });
  return { revoked };
}

/** A tiny file of the given type (its bytes do not matter to the form). */
export function anImageFile(name: string, type = 'image/png', size = 100): File {
  return new File([new Uint8Array(size)], name, { type });
}
