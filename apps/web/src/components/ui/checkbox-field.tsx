import { type ComponentProps, forwardRef } from 'react';
import { useFieldIds } from './form-field';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type'> & { label: string; hint?: string };

/** A labelled checkbox, the whole row clickable, its hint under the label. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, hint, id, className = '', ...props },
  ref,
) {
  const { inputId, hintId, inputProps } = useFieldIds(id, undefined, hint);
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        ref={ref}
        {...inputProps}
        type="checkbox"
        className="mt-0.5 size-5 rounded border-stone-400 accent-wine-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine-700 dark:accent-wine-300"
        {...props}
      />
      <div>
        <label htmlFor={inputId} className="text-sm font-medium text-stone-800 dark:text-stone-200">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-xs text-stone-500 dark:text-stone-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
});
