import type { ReactNode } from 'react';

const tones = {
  error: 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  success: 'border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  info: 'border-gold-300 bg-gold-100 text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100',
} as const;

/** An error (role=alert) or a confirmation (role=status) above a form. */
export function FormMessage({ kind, children }: { kind: keyof typeof tones; children: string }) {
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${tones[kind]}`}>
      {children}
    </p>
  );
}

/**
 * Why a form was refused, above it (role=alert): the message, the field errors listed under it
 * when the form wants them repeated there (e.g. a long checkout form), and `action`, a way out
 * when the remedy is elsewhere (a link to My Orders).
 */
export function ErrorSummary({
  message,
  errors,
  action,
}: {
  message: string;
  errors?: Record<string, string | undefined>;
  action?: ReactNode;
}) {
  const listed = Object.entries(errors ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (listed.length === 0 && !action) return <FormMessage kind="error">{message}</FormMessage>;
  return (
    <div role="alert" className={`rounded-lg border px-4 py-3 text-sm ${tones.error}`}>
      <p>{message}</p>
      {listed.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {listed.map(([field, text]) => (
            <li key={field}>{text}</li>
          ))}
        </ul>
      )}
      {action && <p className="mt-2">{action}</p>}
    </div>
  );
}
