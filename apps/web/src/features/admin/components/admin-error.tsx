import { FALLBACK_ERROR_MESSAGE } from '../../../lib/api-client';

/** SPEC.md §8: every admin failure reads 'Error: {message}'. */
export function adminErrorText(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : FALLBACK_ERROR_MESSAGE;
  return `Error: ${message}`;
}

/** A failed admin load or action, announced to screen readers. */
export function AdminError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {adminErrorText(error)}
    </p>
  );
}
