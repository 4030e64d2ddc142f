import { useSyncExternalStore } from 'react';

function subscribe(onScroll: () => void) {
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

/**
 * True once the window has scrolled more than `threshold` px. False on the server, and so in the
 * render that hydrates its markup; the real position follows at once.
 */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
}
