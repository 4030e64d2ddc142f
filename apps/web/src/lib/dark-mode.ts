import { storageKeys } from './storage-keys';

// SPEC.md §1: a `dark` class on <html>, remembered as darkMode 'true' / 'false'.
// public/theme-init.js re-applies it before first paint.

export function isDarkModeOn(): boolean {
  return document.documentElement.classList.contains('dark');
}

export function setDarkMode(on: boolean): void {
  document.documentElement.classList.toggle('dark', on);
  try {
    localStorage.setItem(storageKeys.darkMode, on ? 'true' : 'false');
  } catch {
    // Storage blocked: the choice lasts for this visit only.
  }
}
