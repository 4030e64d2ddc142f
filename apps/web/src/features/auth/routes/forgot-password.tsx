import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordRequest, forgotPasswordRequestSchema, ACCOUNT_MESSAGES as M } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/form-field';
import { ErrorSummary } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../config/paths';
import { messageFor } from '../../../lib/error-message';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from '../components/auth-card';

/** What the reset page receives in navigation state. */
export interface ResetPasswordState {
  email: string;
  message?: string;
}

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(undefined);
    const { email } = forgotPasswordRequestSchema.parse(values);
    try {
      const { message } = await requestPasswordReset({ email });
      const state: ResetPasswordState = { email, message: message || M.resetOtpSent };
      navigate(paths.resetPassword.href(), { state });
    } catch (failure) {
      setError(
        messageFor(failure, {
          fallback: M.resetOtpFailed,
          network: M.resetRequestError,
          unexpected: M.resetRequestError,
        }),
      );
    }
  });

  return (
    <AuthCard title="Forgot Password" intro="Enter the email of your account and we will email you a 6-digit code.">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {error && <ErrorSummary message={error} />}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton className="w-full" pending={isSubmitting} pendingLabel="Sending…">
          Send reset code
        </SubmitButton>
        <p className="text-center text-sm">
          <Link to={paths.login.href()} className="font-medium text-wine-700 underline dark:text-wine-300">
            Back to login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
