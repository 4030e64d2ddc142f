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

  it('find the fields of a nested form by their dotted names, and put a whole list’s refusal above its lines', () => {
    const setError = vi.fn();
    const values = {
      phone: '12ab',
      address: { street: '', city: 'Lagos' },
      openingHours: [{ days: '', hours: '9–5' }],
    };
    const failure = new ApiError(400, 'Enter a phone number', {
      code: 'INVALID_INPUT',
      errors: {
        'address.street': 'Street address is required',
        'openingHours.0.days': 'Say which days',
        openingHours: 'Add at least one line of opening hours',
        address: 'a group, not a field',
        'address.zip': 'not a form field',
      },
    });
    showServerFieldErrors(failure, values, setError);
    expect(setError.mock.calls).toEqual([
      ['address.street', { message: 'Street address is required' }],
      ['openingHours.0.days', { message: 'Say which days' }],
      ['openingHours.root', { message: 'Add at least one line of opening hours' }],
    ]);
  });

  it('with focusFirst, give the focus to the first field refused, and only to it', () => {
    const setError = vi.fn();
    const failure = new ApiError(400, 'x', {
      code: 'INVALID_INPUT',
      errors: { phone: 'Enter a phone number', openingHours: 'Add at least one line', email: 'Invalid email address' },
    });
    showServerFieldErrors(failure, { phone: '', email: '', openingHours: [] }, setError, { focusFirst: true });
    expect(setError.mock.calls).toEqual([
      ['phone', { message: 'Enter a phone number' }, { shouldFocus: true }],
      ['openingHours.root', { message: 'Add at least one line' }],
      ['email', { message: 'Invalid email address' }],
    ]);
  });
});
