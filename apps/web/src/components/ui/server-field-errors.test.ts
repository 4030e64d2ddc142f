import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { showServerFieldErrors } from './server-field-errors';

describe('server field errors', () => {
  it('go under the form’s own fields, and nowhere else', () => {
    const setError = vi.fn();
    const failure = new ApiError(409, 'An account with this email already exists', {
      code: 'EMAIL_TAKEN',
      errors: { email: 'An account with this email already exists', role: 'not a form field' },
    });
    showServerFieldErrors(failure, { email: 'ada@example.com', password: 'x' }, setError);
    expect(setError.mock.calls).toEqual([['email', { message: 'An account with this email already exists' }]]);
  });

  it('leave the form alone for an error without field errors', () => {
    const setError = vi.fn();
    showServerFieldErrors(new ApiError(0, 'Network error'), { email: '' }, setError);
    showServerFieldErrors(new Error('x'), { email: '' }, setError);
    expect(setError).not.toHaveBeenCalled();
  });
});
