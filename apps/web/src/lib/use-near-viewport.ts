import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within half a screen of the viewport (and true from then on). Work
 * that a part of the page needs only once it is seen (a carousel measuring its slides) waits for
 * it, instead of running while the page starts on a slow phone (issue 26). Where the browser has
 * no IntersectionObserver, at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
