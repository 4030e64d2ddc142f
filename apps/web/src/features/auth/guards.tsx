import { ACCOUNT_MESSAGES } from '@shop/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useSession } from './session';

/** What the login page receives in navigation state. */
export interface LoginRedirectState {
  message?: string;
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Routes for logged-in visitors. Until the start-up session check answers it shows a spinner
 * (no flash of the login page); a guest goes to /login with the message, and comes back here
 * after logging in.
 */
export function RequireAuth({ message = ACCOUNT_MESSAGES.loginRequired }: { message?: string }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your session…" className="min-h-[50vh]" />;
  if (status === 'unauthenticated') {
    const state: LoginRedirectState = {
      message,
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login.href()} replace state={state} />;
  }
  return <Outlet />;
}

/** Admin-only routes, inside RequireAuth: anyone else goes to /dashboard. */
export function RequireAdmin() {
  const { status, isAdmin } = useSession();
  if (status === 'loading') return <Spinner label="Checking your session…" className="min-h-[50vh]" />;
  if (!isAdmin) return <Navigate to={paths.dashboard.href()} replace />;
  return <Outlet />;
}
