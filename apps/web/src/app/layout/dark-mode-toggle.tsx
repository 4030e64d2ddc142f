import { Moon, Sun } from 'lucide-react';
import { IconButton } from '../../components/ui/icon-button';
import { setDarkMode, useDarkMode } from '../../lib/dark-mode';

export function DarkModeToggle() {
  const dark = useDarkMode();
  return (
    <IconButton label="Dark mode" aria-pressed={dark} onClick={() => setDarkMode(!dark)}>
      {dark ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
    </IconButton>
  );
}
