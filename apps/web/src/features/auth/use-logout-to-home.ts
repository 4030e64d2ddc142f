import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from './session';

/**
 * Logs out from anywhere, ending on the home page. The navigation is awaited before the session
 * is cleared: a protected page still on screen when the user goes would send them to /login.
 */
export function useLogoutToHome() {
  const { logout } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate(paths.home.href(), { replace: true });
    await logout();
  }, [logout, navigate]);
}
