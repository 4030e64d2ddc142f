import { LogOut } from 'lucide-react';
import { IconButton } from '../../../components/ui/icon-button';
import { useSession } from '../session';
import { useLogoutToHome } from '../use-logout-to-home';

/** The header's Logout button; shown only to a logged-in visitor. */
export function LogoutButton() {
  const { status } = useSession();
  const logoutToHome = useLogoutToHome();
  if (status !== 'authenticated') return null;
  return (
    <IconButton label="Logout" onClick={logoutToHome}>
      <LogOut aria-hidden="true" className="size-5" />
    </IconButton>
  );
}
