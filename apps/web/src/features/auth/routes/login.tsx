import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginRequest, loginRequestSchema } from '@shop/shared';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { ErrorSummary, FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../config/paths';
import { isSafari } from '../../../lib/error-message';
import { AuthCard } from '../components/auth-card';
import { loginErrorMessage } from '../errors';
import type { LoginRedirectState } from '../guards';
import { useSession } from '../session';

const SHAKE_MS = 500;
const ADMIN_REDIRECT_MS = 300;
const ADMIN_REDIRECT_SAFARI_MS = 1200;

export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const state = (location.state ?? {}) as LoginRedirectState;
  const [error, setError] = useState<string>();
  const [shaking, setShaking] = useState(false);
  const [success, setSuccess] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '' } });

  const shake = () => {
    setShaking(true);
    formRef.current?.animate?.(
      [0, -10, 10, -8, 8, -4, 4, 0].map((x) => ({ transform: `translateX(${x}px)` })),
      { duration: SHAKE_MS, easing: 'ease-in-out' },
    );
    window.setTimeout(() => setShaking(false), SHAKE_MS);
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setError(undefined);
      try {
        const user = await session.login(values);
        setSuccess(true);
        if (user.role === 'ADMIN') {
          window.setTimeout(
            () => navigate(paths.admin.href(), { replace: true }),
            isSafari() ? ADMIN_REDIRECT_SAFARI_MS : ADMIN_REDIRECT_MS,
          );
          return;
        }
        const from = state.from;
        navigate(from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : paths.dashboard.href(), {
          replace: true,
        });
      } catch (failure) {
        setError(loginErrorMessage(failure));
        shake();
      }
    },
    () => shake(),
  );

  return (
    <AuthCard
      title="Login"
      intro={
        <>
          New here?{' '}
          <Link to={paths.register.href()} className="font-semibold text-wine-700 underline dark:text-wine-300">
            Create an account
          </Link>
        </>
      }
    >
      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        data-shaking={shaking ? 'true' : 'false'}
        className="space-y-4"
      >
        {state.message && !error && <FormMessage kind="info">{state.message}</FormMessage>}
        {error && <ErrorSummary message={error} />}
        {success && <FormMessage kind="success">Login successful</FormMessage>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex justify-end">
          <Link
            to={paths.forgotPassword.href()}
            className="text-sm font-medium text-wine-700 underline-offset-4 hover:underline dark:text-wine-300"
          >
            Forgot Password?
          </Link>
        </div>
        <SubmitButton className="w-full" pending={isSubmitting} pendingLabel="Logging in…" disabled={success}>
          Login
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
