import { ACCOUNT_MESSAGES as M } from '@shop/shared';
import { ApiError } from '../../lib/api-client';

export const isSafari = () =>
  typeof navigator !== 'undefined' && /^((?!chrome|android|crios|fxios).)*safari/i.test(navigator.userAgent);

/**
 * The message a failed call shows (SPEC.md §8): the server's own message when it sent one,
 * a network message when it could not be reached, a fallback otherwise.
 */
export function messageFor(
  error: unknown,
  texts: { fallback: string; network: string; unexpected?: string; safariNetwork?: string },
): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return isSafari() && texts.safariNetwork ? texts.safariNetwork : texts.network;
    // A 5xx message is the server's generic sentence; the screen's own fallback reads better.
    if (error.status >= 500) return texts.fallback;
    return error.message && error.message !== 'API request failed' ? error.message : texts.fallback;
  }
  return texts.unexpected ?? texts.fallback;
}

export const loginErrorMessage = (error: unknown) =>
  messageFor(error, {
    fallback: M.loginFailed,
    network: M.loginNetworkError,
    safariNetwork: M.loginSafariError,
    unexpected: M.unexpectedError,
  });
