import { type ComponentProps, forwardRef } from 'react';
import { FieldShell, inputClasses, useFieldIds } from './form-field';

export type TextAreaFieldProps = ComponentProps<'textarea'> & { label: string; error?: string; hint?: string };

/** A labelled textarea with its hint or error under it, as TextField does for inputs. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className = '', rows = 3, ...props },
  ref,
) {
  const { inputId, errorId, hintId, inputProps } = useFieldIds(id, error, hint);
  return (
    <FieldShell {...{ label, inputId, hintId, errorId, hint, error, className }}>
      <textarea ref={ref} {...inputProps} rows={rows} className={inputClasses} {...props} />
    </FieldShell>
  );
});
