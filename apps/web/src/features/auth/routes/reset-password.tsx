import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES as M, type ResetPasswordForm, resetPasswordFormSchema } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { ErrorSummary, FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../config/paths';
import { messageFor } from '../../../lib/error-message';
import { resetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import type { LoginRedirectState } from '../guards';
import type { ResetPasswordState } from './forgot-password';

export default function ResetPasswordPage() {
  const location = useLocation();
  const state = location.state as Partial<ResetPasswordState> | null;
  // SPEC.md §2: the email comes from the forgot-password screen, or we go back there.
  if (!state?.email) return <Navigate to={paths.forgotPassword.href()} replace />;
  return <ResetPasswordFields email={state.email} sentMessage={state.message} />;
}

function ResetPasswordFields({ email, sentMessage }: { email: string; sentMessage?: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { otp: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      const { message } = await resetPassword({ email, otp: values.otp.trim(), newPassword: values.newPassword });
      const state: LoginRedirectState = { message: message || M.resetSuccess };
      navigate(paths.login.href(), { replace: true, state });
    } catch (failure) {
      setError(
        messageFor(failure, {
          fallback: M.resetFailed,
          network: M.resetError,
          unexpected: 'An unexpected error occurred',
        }),
      );
    }
  });

  return (
    <AuthCard
      title="Reset Password"
      intro={
        <>
          We sent a 6-digit code to <strong className="font-semibold">{email}</strong>.
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {sentMessage && !error && <FormMessage kind="success">{sentMessage}</FormMessage>}
        {error && <ErrorSummary message={error} />}
        <TextField
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.otp?.message}
          {...register('otp')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <SubmitButton className="w-full" pending={isSubmitting} pendingLabel="Resetting…">
          Reset Password
        </SubmitButton>
        <p className="text-center text-sm">
          <Link to={paths.forgotPassword.href()} className="font-medium text-wine-700 underline dark:text-wine-300">
            Send a new code
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
