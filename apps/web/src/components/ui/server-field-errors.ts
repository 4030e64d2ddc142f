import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/**
 * Puts the field errors of a refused form (`errors` of an INVALID_INPUT or EMAIL_TAKEN answer)
 * under the fields of that name in `fields` (the values the form sent); the others are left to the
 * form's error summary.
 */
export function showServerFieldErrors<T extends FieldValues>(
  failure: unknown,
  fields: object,
  setError: UseFormSetError<T>,
): void {
  if (!(failure instanceof ApiError) || !failure.errors) return;
  for (const [field, text] of Object.entries(failure.errors)) {
    if (field in fields) setError(field as Path<T>, { message: text });
  }
}
