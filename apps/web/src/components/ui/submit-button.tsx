import type { ComponentProps, ReactNode } from 'react';
import { Button } from './button';

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type' | 'children'> & {
  /** The form is being sent: the button is disabled and shows `pendingLabel`. */
  pending: boolean;
  pendingLabel: ReactNode;
  children: ReactNode;
};

/** A form's submit button: disabled while the form is sent, saying what is happening. */
export function SubmitButton({ pending, pendingLabel, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
