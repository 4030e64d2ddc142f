import { ACCOUNT_MESSAGES as M } from '@shop/shared';
import { ApiError } from '../../lib/api-client';

/** Safari: "safari" in the user agent with no other browser named before it (one linear scan). */
export const isSafari = () => {
  if (typeof navigator === 'undefined') return false;
  const agent = navigator.userAgent.toLowerCase();
  const at = agent.indexOf('safari');
  return at >= 0 && !/chrome|android|crios|fxios/.test(agent.slice(0, at));
};

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
