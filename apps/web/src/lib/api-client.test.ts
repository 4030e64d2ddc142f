import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  isShopUnreachable,
  isWorthRetrying,
  onSessionEnded,
  READ_TIMEOUT_MS,
  serverMessage,
} from './api-client';

function respondWith(body: string, status: number, contentType = 'application/json') {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': contentType } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A server that accepts the request and never answers; only an abort ends the wait. */
function neverAnswer() {
  const fetchMock = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  it('returns the parsed JSON of a successful response', async () => {
    const fetchMock = respondWith(JSON.stringify({ categories: [{ id: 'c1' }] }), 200);
    await expect(api.get('/api/categories')).resolves.toEqual({ categories: [{ id: 'c1' }] });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/categories',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
  });

  it('sends a JSON body and adds query parameters, skipping empty ones', async () => {
    const fetchMock = respondWith('{"message":"ok"}', 201);
    await api.post(
      '/api/newsletter/subscribe',
      { email: 'ada@example.com' },
      { params: { source: 'footer', empty: '' } },
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/newsletter/subscribe?source=footer');
    expect(init.body).toBe('{"email":"ada@example.com"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns the API error shape into an ApiError with status, message and field errors', async () => {
    respondWith(JSON.stringify({ message: 'Invalid input', errors: { email: 'Invalid email address' } }), 400);
    const error = await caught(api.post('/api/users/register', {}));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid input');
    expect(error.errors).toEqual({ email: 'Invalid email address' });
  });

  it('keeps the code and the whole body, details included, so a screen can act on them', async () => {
    const body = {
      code: 'PRICE_CHANGED',
      message: 'Some prices have changed. Your cart has been updated with the current prices.',
      prices: [{ productId: 'p1', price: 2500 }],
    };
    respondWith(JSON.stringify(body), 409);
    const error = await caught(api.post('/api/orders', {}));
    expect(error.status).toBe(409);
    expect(error.code).toBe('PRICE_CHANGED');
    expect(error.message).toBe(body.message);
    expect(error.body).toEqual(body);
    expect(error.detail('prices')).toEqual([{ productId: 'p1', price: 2500 }]);
    expect(serverMessage(error)).toBe(body.message);
  });

  it('keeps the stock left of an OUT_OF_STOCK answer and the field errors of an INVALID_INPUT one', async () => {
    respondWith(JSON.stringify({ code: 'OUT_OF_STOCK', message: 'Only 2 left', productId: 'p1', available: 2 }), 409);
    const stock = await caught(api.post('/api/orders', {}));
    expect(stock.code).toBe('OUT_OF_STOCK');
    expect(stock.detail('available')).toBe(2);
    expect(stock.detail('productId')).toBe('p1');

    respondWith(JSON.stringify({ code: 'INVALID_INPUT', message: 'Invalid input', errors: { email: 'Invalid' } }), 400);
    const invalid = await caught(api.post('/api/users/register', {}));
    expect(invalid.code).toBe('INVALID_INPUT');
    expect(invalid.errors).toEqual({ email: 'Invalid' });
  });

  it('takes the code of the status when an answer has no code, or one it does not know', async () => {
    respondWith(JSON.stringify({ message: 'Not logged in' }), 401);
    expect((await caught(api.get('/api/users/session'))).code).toBe('UNAUTHENTICATED');
    respondWith(JSON.stringify({ code: 'SOMETHING_NEW', message: 'x' }), 409);
    expect((await caught(api.post('/api/orders', {}))).code).toBe('CONFLICT');
    respondWith('Bad Gateway', 502, 'text/plain');
    const proxy = await caught(api.get('/api/products'));
    expect(proxy.code).toBe('INTERNAL_ERROR');
    expect(proxy.body).toEqual({});
    expect(serverMessage(proxy)).toBeUndefined();
  });

  it('has no code and no server message when the shop could not be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await caught(api.get('/api/products'));
    expect(error.code).toBeUndefined();
    expect(serverMessage(error)).toBeUndefined();
  });

  it('uses the raw text when an error body is not JSON', async () => {
    respondWith('Bad Gateway', 502, 'text/plain');
    const error = await caught(api.get('/api/products'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Bad Gateway');
  });

  it("falls back to 'API request failed' when the error body says nothing", async () => {
    respondWith('', 500);
    expect((await caught(api.get('/api/products'))).message).toBe('API request failed');
    respondWith(JSON.stringify({ error: 'x' }), 500);
    expect((await caught(api.get('/api/products'))).message).toBe('API request failed');
  });

  it("reports a failed connection as status 0 'Network error'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await caught(api.get('/api/products'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error');
  });

  it('lets a cancelled request stay a cancellation', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await expect(api.get('/api/products', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("gives up on a read with no answer after the timeout, as a 'Network error'", async () => {
    vi.useFakeTimers();
    neverAnswer();
    const pending = caught(api.get('/api/products'));
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error');
    expect(isShopUnreachable(error)).toBe(true);
  });

  it('keeps a cancellation a cancellation while a read waits, and never times out a write', async () => {
    vi.useFakeTimers();
    const fetchMock = neverAnswer();
    const controller = new AbortController();
    const read = api.get('/api/products', { signal: controller.signal });
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });

    let settled = false;
    void api.post('/api/orders', { items: [] }).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS * 3);
    expect(settled).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('returns undefined for an empty successful response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(api.delete('/api/products/p1')).resolves.toBeUndefined();
  });

  it('counts no answer, or a gateway error from a proxy, as the shop being unreachable', () => {
    for (const status of [0, 502, 503, 504]) expect(isShopUnreachable(new ApiError(status, 'x'))).toBe(true);
    for (const status of [400, 404, 500]) expect(isShopUnreachable(new ApiError(status, 'x'))).toBe(false);
    expect(isShopUnreachable(new Error('Network error'))).toBe(false);
    expect(isShopUnreachable(null)).toBe(false);
  });

  it('retries network errors and 5xx, never a 4xx', () => {
    expect(isWorthRetrying(new ApiError(0, 'Network error'))).toBe(true);
    expect(isWorthRetrying(new ApiError(500, 'x'))).toBe(true);
    expect(isWorthRetrying(new ApiError(404, 'Product Not Found'))).toBe(false);
    expect(isWorthRetrying(new ApiError(429, 'Too many requests'))).toBe(false);
  });
});

describe('a write refused because the session has ended', () => {
  it('tells the session listeners once, for a 401 UNAUTHENTICATED write only', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    try {
      respondWith(JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Authentication required' }), 401);
      await caught(api.put('/api/auth/profile', { name: 'Ada' }));
      expect(ended).toHaveBeenCalledTimes(1);

      // A read is the query cache's to report; a wrong password is not an ended session.
      await caught(api.get('/api/orders'));
      respondWith(JSON.stringify({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }), 401);
      await caught(api.post('/api/auth/login', { email: 'a@b.ng', password: 'x' }));
      expect(ended).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
    respondWith(JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Authentication required' }), 401);
    await caught(api.delete('/api/cart'));
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
