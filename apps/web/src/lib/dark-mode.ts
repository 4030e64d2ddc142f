import { useSyncExternalStore } from 'react';
import { storageKeys } from './storage-keys';

// SPEC.md §1: a `dark` class on <html>, remembered as darkMode 'true' / 'false'.
// public/theme-init.js re-applies it before first paint.

const listeners = new Set<() => void>();

export function isDarkModeOn(): boolean {
  return document.documentElement.classList.contains('dark');
}

/** The browser's bar in each mode: wine-800 (the logo's) and stone-950 (dark mode's page). */
export const THEME_COLORS = { light: '#652236', dark: '#0c0a09' } as const;

export function setDarkMode(on: boolean): void {
  document.documentElement.classList.toggle('dark', on);
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', on ? THEME_COLORS.dark : THEME_COLORS.light);
  try {
    localStorage.setItem(storageKeys.darkMode, on ? 'true' : 'false');
  } catch {
    // Storage blocked: the choice lasts for this visit only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether dark mode is on. The server cannot know (the choice is in this browser), so its markup,
 * and the render that hydrates it, say off; the real state follows at once.
 */
export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDarkModeOn, () => false);
}
