import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordRequest, forgotPasswordRequestSchema, ACCOUNT_MESSAGES as M } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from '../components/auth-card';
import { FormMessage, TextField } from '../components/form-field';
import { messageFor } from '../errors';

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
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send reset code'}
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.login.href()} className="font-medium text-wine-700 underline dark:text-wine-300">
            Back to login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
