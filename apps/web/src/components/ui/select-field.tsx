import { type ComponentProps, forwardRef } from 'react';
import { FieldShell, inputClasses, useFieldIds } from './form-field';

export type SelectFieldProps = ComponentProps<'select'> & { label: string; error?: string; hint?: string };

/** A labelled list with its hint or error under it, as TextField does for inputs. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, id, className = '', children, ...props },
  ref,
) {
  const { inputId, errorId, hintId, inputProps } = useFieldIds(id, error, hint);
  return (
    <FieldShell {...{ label, inputId, hintId, errorId, hint, error, className }}>
      <select ref={ref} {...inputProps} className={inputClasses} {...props}>
        {children}
      </select>
    </FieldShell>
  );
});
