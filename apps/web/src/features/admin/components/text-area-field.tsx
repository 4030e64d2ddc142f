import { type ComponentProps, forwardRef, useId } from 'react';

const textAreaClasses =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 shadow-sm focus:border-wine-700 focus:outline-none focus:ring-2 focus:ring-wine-700/30 aria-[invalid=true]:border-red-600 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:aria-[invalid=true]:border-red-400';

/** A labelled textarea with its error under it, as TextField does for inputs. */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  ComponentProps<'textarea'> & { label: string; error?: string }
>(function TextAreaField({ label, error, className = '', rows = 3, ...props }, ref) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={textAreaClasses}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
});
