import { ACCOUNT_MESSAGES as M } from '@shop/shared';
import { messageFor } from '../../lib/error-message';

export const loginErrorMessage = (error: unknown) =>
  messageFor(error, {
    fallback: M.loginFailed,
    network: M.loginNetworkError,
    safariNetwork: M.loginSafariError,
    unexpected: M.unexpectedError,
  });
