import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES as M, type RegisterForm, type RegisterFormValues, registerFormSchema } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { ErrorSummary } from '../../../components/ui/form-message';
import { showServerFieldErrors } from '../../../components/ui/server-field-errors';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../config/paths';
import { messageFor } from '../../../lib/error-message';
import { register as registerCall } from '../api/register';
import { AuthCard } from '../components/auth-card';
import type { LoginRedirectState } from '../guards';
import { useSession } from '../session';

export default function RegisterPage() {
  const navigate = useNavigate();
  const session = useSession();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm, unknown, RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phoneNumber: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (parsed) => {
    setError(undefined);
    try {
      await registerCall({
        firstName: parsed.firstName,
        lastName: parsed.lastName,
        email: parsed.email,
        password: parsed.password,
        phoneNumber: parsed.phoneNumber,
      });
    } catch (failure) {
      const message = messageFor(failure, {
        fallback: M.registerFailed,
        network: 'An error occurred during registration',
        unexpected: 'An error occurred during registration',
      });
      showServerFieldErrors(failure, parsed, setFieldError);
      setError(message);
      return;
    }
    try {
      await session.login({ email: parsed.email, password: parsed.password });
      navigate(paths.home.href(), { replace: true });
    } catch {
      const state: LoginRedirectState = { message: M.registerAutoLoginFailed };
      navigate(paths.login.href(), { replace: true, state });
    }
  });

  return (
    <AuthCard
      title="Create Account"
      intro={
        <>
          Already have an account?{' '}
          <Link to={paths.login.href()} className="font-semibold text-wine-700 underline dark:text-wine-300">
            Login
          </Link>
        </>
      }
    >
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        {error && <ErrorSummary message={error} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone number (optional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={M.phoneHint}
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <p className="text-xs text-stone-500 dark:text-stone-400">{M.passwordHint}</p>
        <SubmitButton className="w-full" pending={isSubmitting} pendingLabel="Creating account…">
          Create Account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
