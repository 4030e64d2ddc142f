// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordField, TextField } from './form-field';
import { ErrorSummary } from './form-message';
import { SubmitButton } from './submit-button';

afterEach(cleanup);

describe('form primitives', () => {
  it('ties a field to its hint, and to its error in the hint’s place, for screen readers', () => {
    const { rerender } = render(<TextField label="Phone number" hint="10 to 15 digits" />);
    const input = screen.getByLabelText('Phone number');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('10 to 15 digits');

    rerender(<TextField label="Phone number" hint="10 to 15 digits" error="Phone number must be 10 to 15 digits" />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Phone number must be 10 to 15 digits',
    );
    expect(screen.queryByText('10 to 15 digits')).toBeNull();
  });

  it('shows and hides a password, and announces its error', () => {
    render(<PasswordField label="Password" error="Password is required" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('summarises why a form was refused in an alert, with the field errors when given', () => {
    const { rerender } = render(<ErrorSummary message="Login failed" />);
    expect(screen.getByRole('alert').textContent).toBe('Login failed');
    rerender(<ErrorSummary message="Check the form" errors={{ email: 'Email is required', city: undefined }} />);
    expect(screen.getByRole('alert').textContent).toBe('Check the formEmail is required');
  });

  it('disables the submit button and says what happens while the form is sent', () => {
    const { rerender } = render(
      <SubmitButton pending={false} pendingLabel="Saving…">
        Save
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(false);
    rerender(
      <SubmitButton pending pendingLabel="Saving…">
        Save
      </SubmitButton>,
    );
    expect(button.textContent).toBe('Saving…');
    expect(button.disabled).toBe(true);
  });
});
