import { ERROR_STATUS } from '@shop/shared';
import { ApiError, serverMessage } from './api-client';

/** Safari: "safari" in the user agent with no other browser named before it (one linear scan). */
export const isSafari = () => {
  if (typeof navigator === 'undefined') return false;
  const agent = navigator.userAgent.toLowerCase();
  const at = agent.indexOf('safari');
  return at >= 0 && !/chrome|android|crios|fxios/.test(agent.slice(0, at));
};

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
