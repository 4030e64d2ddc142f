import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every route change starts at the top of the page (SPEC.md §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
