import { useSyncExternalStore } from 'react';

/**
 * The window's scroll position as last read: on every scroll, and once a frame after the first
 * subscriber. Reading `window.scrollY` makes the browser lay the page out first when anything
 * changed since its last layout, and useSyncExternalStore reads a snapshot in every render, the
 * hydrating one included: there that read did the page's whole layout in the middle of
 * hydration, one long task on a first visit (issue 26). A cached number costs nothing to read.
 */
let lastScrollY = 0;
const listeners = new Set<() => void>();
let firstRead = 0;

function readScroll() {
  lastScrollY = window.scrollY;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('scroll', readScroll, { passive: true });
    // A page the browser restored part-way down (a reload, Back) may have scrolled before anyone
    // listened; a frame's callback reads it where that frame lays the page out anyway.
    firstRead = requestAnimationFrame(readScroll);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('scroll', readScroll);
    cancelAnimationFrame(firstRead);
    // Unheard scrolls may follow: the next first subscriber starts from the top, as the server's
    // snapshot does, until its frame reads the real position.
    lastScrollY = 0;
  };
}

/**
 * True once the window has scrolled more than `threshold` px. False on the server, and so in the
 * render that hydrates its markup; the real position follows within a frame.
 */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => lastScrollY > threshold,
    () => false,
  );
}
