import { ERROR_STATUS, type ErrorCode } from '@shop/shared';

export type { ErrorCode };

/**
 * Business failures are typed errors with a code (packages/shared `ERROR_STATUS`); the error
 * handler sends the code and its one HTTP status, so services never think in HTTP.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: {
      errors?: Record<string, string>;
      retryAfterSeconds?: number;
      /** Sent beside `code` and `message`: what a client can act on (current prices, stock left). */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
