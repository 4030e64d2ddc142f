import { ERROR_STATUS, ACCOUNT_MESSAGES as M } from '@shop/shared';
import { ApiError, serverMessage } from '../../lib/api-client';

export const isSafari = () =>
  typeof navigator !== 'undefined' && /^((?!chrome|android|crios|fxios).)*safari/i.test(navigator.userAgent);

/**
 * The message a failed call shows (SPEC.md §8), decided by the error's code: a network message
 * when nothing answered (no code), the screen's fallback for a fault on the shop's side (a 5xx
 * code), otherwise the message the server sent, or the fallback when it sent none.
 */
export function messageFor(
  error: unknown,
  texts: { fallback: string; network: string; unexpected?: string; safariNetwork?: string },
): string {
  if (error instanceof ApiError) {
    if (error.code === undefined) return isSafari() && texts.safariNetwork ? texts.safariNetwork : texts.network;
    // A 5xx message is the server's generic sentence; the screen's own fallback reads better.
    if (ERROR_STATUS[error.code] >= 500) return texts.fallback;
    return serverMessage(error) ?? texts.fallback;
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
