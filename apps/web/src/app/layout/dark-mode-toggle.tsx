import { Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '../../components/ui/icon-button';
import { isDarkModeOn, setDarkMode } from '../../lib/dark-mode';

export function DarkModeToggle() {
  const [dark, setDark] = useState(isDarkModeOn);
  const toggle = () => {
    setDarkMode(!dark);
    setDark(!dark);
  };
  return (
    <IconButton label="Dark mode" aria-pressed={dark} onClick={toggle}>
      {dark ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
    </IconButton>
  );
}
