import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { messageFor } from './error-message';

const texts = { fallback: 'Failed to reset password', network: 'An error occurred during password reset' };

describe('the message a failed form shows', () => {
  it('is the network text when nothing answered (no code)', () => {
    expect(messageFor(new ApiError(0, 'Network error'), texts)).toBe(texts.network);
  });

  it('is the server’s own message for a 4xx code', () => {
    const error = new ApiError(400, 'Invalid or expired OTP', {
      code: 'INVALID_OTP',
      body: { code: 'INVALID_OTP', message: 'Invalid or expired OTP' },
    });
    expect(messageFor(error, texts)).toBe('Invalid or expired OTP');
  });

  it('is the form’s fallback for a 5xx code, even when the server sent a sentence', () => {
    const error = new ApiError(500, 'Something went wrong on our side. Please try again.', {
      code: 'INTERNAL_ERROR',
      body: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(messageFor(error, texts)).toBe(texts.fallback);
    expect(messageFor(new ApiError(503, 'x', { code: 'UNAVAILABLE' }), texts)).toBe(texts.fallback);
  });

  it('is the fallback when the shop sent no message of its own (a proxy page, an empty body)', () => {
    expect(messageFor(new ApiError(400, 'Bad Request'), texts)).toBe(texts.fallback);
    expect(messageFor(new ApiError(409, 'API request failed', { body: {} }), texts)).toBe(texts.fallback);
  });

  it('is the unexpected text for anything that is not an API error', () => {
    expect(messageFor(new TypeError('x'), { ...texts, unexpected: 'An unexpected error occurred' })).toBe(
      'An unexpected error occurred',
    );
  });
});
