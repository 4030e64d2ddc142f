// One client for every call to our API: same-origin, cookies included, JSON in and out,
// and one error type (ApiError) built from the API.md error shape { code, message, errors?, ...details }.

import { type ErrorCode, errorCodeForStatus, isErrorCode } from '@shop/shared';

/**
 * A failed call. Screens decide by `code` (docs/errors.md), or by `status === 0` when the shop
 * could not be reached at all; `message` is only ever shown, never compared.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The API's code; for an answer without one (a proxy page), the code of its status. None when nothing answered. */
  readonly code: ErrorCode | undefined;
  /** The whole JSON error body: `code`, `message`, `errors` and the details a screen can act on. */
  readonly body: Readonly<Record<string, unknown>>;
  /** The field errors of a rejected form, by field name. */
  readonly errors: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    message: string,
    options: { code?: ErrorCode; errors?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.code = options.code ?? (status > 0 ? errorCodeForStatus(status) : undefined);
    this.errors = options.errors;
    this.body = options.body ?? {};
  }

  /** A detail the API sent beside the message (e.g. `prices` for PRICE_CHANGED, `available` for OUT_OF_STOCK). */
  detail<T = unknown>(name: string): T | undefined {
    return this.body[name] as T | undefined;
  }
}

/** The message the shop itself sent in its error body, when it sent one (never a proxy's page or our fallback). */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const message = error.body.message;
  return typeof message === 'string' && message ? message : undefined;
}

export const NETWORK_ERROR_MESSAGE = 'Network error';
export const FALLBACK_ERROR_MESSAGE = 'API request failed';

// A proxy in front of the shop answers these when the server behind it is down or overloaded.
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** No answer from the shop itself: the network failed, or a proxy could not reach the server. */
export function isShopUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || GATEWAY_STATUSES.has(error.status));
}

/** Asking again may help; a 4xx (404, 401, 403, a rejected form) will not fix itself. */
export function isWorthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/**
 * A read that has had no whole answer by then fails as a network error. A stalled mobile
 * connection otherwise spins forever: failing lets the page show its saved catalogue or Retry.
 * Writes get no limit: a payment or an order may be slow, and must not be sent twice.
 */
export const READ_TIMEOUT_MS = 20_000;

const sessionEndedListeners = new Set<() => void>();

/**
 * Runs `listener` whenever a write is refused because the session has ended (401
 * UNAUTHENTICATED): the session forgets the user here, once, instead of in every form.
 * Reads are the query cache's (the session provider watches it). Returns the unsubscribe.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  params?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorFromResponse(status: number, text: string): ApiError {
  const body = parseJson(text);
  if (body === undefined) {
    // Not JSON (a proxy page, plain text): the raw text is the most useful message we have.
    return new ApiError(status, text.trim() || FALLBACK_ERROR_MESSAGE);
  }
  if (!isRecord(body)) return new ApiError(status, FALLBACK_ERROR_MESSAGE);
  const code = isErrorCode(body.code) ? body.code : undefined;
  const errors = isRecord(body.errors) ? (body.errors as Record<string, string>) : undefined;
  const message = typeof body.message === 'string' && body.message ? body.message : FALLBACK_ERROR_MESSAGE;
  return new ApiError(status, message, { code, errors, body });
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  // The caller's cancellation and the read timeout, in one signal (AbortSignal.any is too new
  // for many phones still in use).
  const controller = new AbortController();
  const cancel = () => controller.abort();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  const timer = method === 'GET' ? setTimeout(cancel, READ_TIMEOUT_MS) : undefined;

  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(buildUrl(path, options.params), {
        method,
        headers,
        body: payload,
        credentials: 'include',
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      // A request the caller cancelled (TanStack Query aborting a stale query) is not a network
      // failure; anything else, our own timeout included, is.
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    }
    if (!response.ok) {
      const error = errorFromResponse(response.status, text);
      if (method !== 'GET' && error.code === 'UNAUTHENTICATED')
        for (const listener of sessionEndedListeners) listener();
      throw error;
    }
    return (text ? parseJson(text) : undefined) as T;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
