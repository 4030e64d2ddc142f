import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, forwardRef, type ReactNode, useId, useState } from 'react';

export const inputClasses =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-wine-700 focus:outline-none focus:ring-2 focus:ring-wine-700/30 aria-[invalid=true]:border-red-600 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:aria-[invalid=true]:border-red-400';

export type FieldProps = ComponentProps<'input'> & { label: string; error?: string; hint?: string };

/** The ids and ARIA attributes that tie an input to its hint and error. */
export function useFieldIds(id: string | undefined, error: string | undefined, hint: string | undefined) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : '', hint && !error ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return {
    inputId,
    errorId,
    hintId,
    inputProps: { id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}

/** Label above, the input, then its hint, or its error in the hint's place. */
export function FieldShell({
  label,
  inputId,
  hintId,
  errorId,
  hint,
  error,
  className,
  children,
}: {
  label: string;
  inputId: string;
  hintId: string;
  errorId: string;
  hint?: string;
  error?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its hint or error under it, announced to screen readers. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, hint, id, className = '', ...props },
  ref,
) {
  const { inputId, errorId, hintId, inputProps } = useFieldIds(id, error, hint);
  return (
    <FieldShell {...{ label, inputId, hintId, errorId, hint, error, className }}>
      <input ref={ref} {...inputProps} className={inputClasses} {...props} />
    </FieldShell>
  );
});

/** A password input with a show/hide button. */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(function PasswordField(
  { label, error, hint, id, className = '', ...props },
  ref,
) {
  const { inputId, errorId, hintId, inputProps } = useFieldIds(id, error, hint);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell {...{ label, inputId, hintId, errorId, hint, error, className }}>
      <div className="relative">
        <input
          ref={ref}
          {...inputProps}
          type={visible ? 'text' : 'password'}
          className={`${inputClasses} pr-11`}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-500 hover:text-stone-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-wine-700 dark:text-stone-400 dark:hover:text-stone-100"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      </div>
    </FieldShell>
  );
});
