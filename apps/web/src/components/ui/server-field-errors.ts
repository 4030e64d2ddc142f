import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/**
 * The form's value at a field name as the server gives it: flat (`email`) or dotted for nested
 * forms (`bankAccount.accountNumber`, `openingHours.0.days`); `found` false when the form has no
 * such field.
 */
function fieldAt(fields: object, name: string): { found: boolean; value?: unknown } {
  let value: unknown = fields;
  for (const key of name.split('.')) {
    if (value === null || typeof value !== 'object' || !(key in value)) return { found: false };
    value = (value as Record<string, unknown>)[key];
  }
  return { found: true, value };
}

/**
 * Puts the field errors of a refused form (`errors` of an INVALID_INPUT or EMAIL_TAKEN answer)
 * under the fields of that name in `fields` (the values the form sent); the others are left to the
 * form's error summary. A refusal of a whole list (too few or too many lines) goes to the list's
 * `root`, above its lines. `focusFirst`: the first field refused takes the focus.
 */
export function showServerFieldErrors<T extends FieldValues>(
  failure: unknown,
  fields: object,
  setError: UseFormSetError<T>,
  options: { focusFirst?: boolean } = {},
): void {
  if (!(failure instanceof ApiError) || !failure.errors) return;
  let first = options.focusFirst ?? false;
  for (const [field, text] of Object.entries(failure.errors)) {
    const { found, value } = fieldAt(fields, field);
    const isList = Array.isArray(value);
    // A group of fields (an address) is not a field: only its own fields are named.
    if (!found || (!isList && value !== null && typeof value === 'object')) continue;
    const name = (isList ? `${field}.root` : field) as Path<T>;
    if (first && !isList) setError(name, { message: text }, { shouldFocus: true });
    else setError(name, { message: text });
    first = false;
  }
}
