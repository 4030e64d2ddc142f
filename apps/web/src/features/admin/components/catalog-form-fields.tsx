import { type ComponentProps, forwardRef, type ReactNode, useId } from 'react';

// The admin forms' select, textarea and checkbox, styled and wired like components/ui/form-field
// (label above, the error under it tied by aria-describedby).

export const controlClasses =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 shadow-sm focus:border-wine-700 focus:outline-none focus:ring-2 focus:ring-wine-700/30 aria-[invalid=true]:border-red-600 disabled:opacity-60 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:aria-[invalid=true]:border-red-400';

function Shell({
  label,
  inputId,
  error,
  hint,
  className = '',
  children,
}: {
  label: string;
  inputId: string;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(inputId: string, error?: string, hint?: string) {
  if (error) return `${inputId}-error`;
  return hint ? `${inputId}-hint` : undefined;
}

type SelectFieldProps = ComponentProps<'select'> & { label: string; error?: string; hint?: string };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, id, className, children, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Shell label={label} inputId={inputId} error={error} hint={hint} className={className}>
      <select
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={controlClasses}
        {...props}
      >
        {children}
      </select>
    </Shell>
  );
});

type TextAreaFieldProps = ComponentProps<'textarea'> & { label: string; error?: string; hint?: string };

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Shell label={label} inputId={inputId} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={`${controlClasses} min-h-32`}
        {...props}
      />
    </Shell>
  );
});

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type'> & { label: string; hint?: string };

/** A labelled checkbox, the whole row clickable. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, hint, id, className = '', ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        className="mt-0.5 size-5 rounded border-stone-400 accent-wine-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine-700 dark:accent-wine-300"
        {...props}
      />
      <div>
        <label htmlFor={inputId} className="text-sm font-medium text-stone-800 dark:text-stone-200">
          {label}
        </label>
        {hint && (
          <p id={`${inputId}-hint`} className="text-xs text-stone-500 dark:text-stone-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
});
