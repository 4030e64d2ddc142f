import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { IconButton } from '../../../components/ui/icon-button';
import { paths } from '../../../config/paths';
import { useSession } from '../session';

/** The header's Logout button; shown only to a logged-in visitor. */
export function LogoutButton() {
  const { status, logout } = useSession();
  const navigate = useNavigate();
  if (status !== 'authenticated') return null;
  return (
    <IconButton
      label="Logout"
      onClick={async () => {
        // Leave any protected page first, or its guard would send us to /login.
        navigate(paths.home.href(), { replace: true });
        await logout();
      }}
    >
      <LogOut aria-hidden="true" className="size-5" />
    </IconButton>
  );
}
