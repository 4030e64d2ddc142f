import { type RefObject, useEffect, useState } from 'react';

/** How much of an end item must show for the list to count as scrolled to that end. */
const WHOLE = 0.95;

export interface ScrollEdges {
  /** The first item is partly or wholly scrolled out: Previous has somewhere to go. */
  canPrev: boolean;
  /** The last item is partly or wholly scrolled out: Next has somewhere to go. */
  canNext: boolean;
}

/**
 * Whether a list that scrolls sideways can go back or on, for its Previous and Next buttons.
 * An IntersectionObserver rooted at the list watches its first and last items: it reports after
 * the browser's own layout, so, unlike reading scroll positions, it never forces one while the
 * page starts (issue 26). Both false until the first report; both true where there is no
 * IntersectionObserver (scrolling past an end does nothing). `itemCount` starts it again when the
 * items change.
 */
export function useScrollEdges(list: RefObject<HTMLElement | null>, itemCount: number): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ canPrev: false, canNext: false });
  useEffect(() => {
    const element = list.current;
    const first = element?.firstElementChild;
    const last = element?.lastElementChild;
    if (!element || !first || !last || itemCount === 0) return;
    if (typeof IntersectionObserver === 'undefined') {
      setEdges({ canPrev: true, canNext: true });
      return;
    }
    const observer = new IntersectionObserver(
      (entries) =>
        setEdges((current) => {
          let { canPrev, canNext } = current;
          for (const entry of entries) {
            const cut = entry.intersectionRatio < WHOLE;
            if (entry.target === first) canPrev = cut;
            if (entry.target === last) canNext = cut;
          }
          return canPrev === current.canPrev && canNext === current.canNext ? current : { canPrev, canNext };
        }),
      { root: element, threshold: [WHOLE] },
    );
    observer.observe(first);
    if (last !== first) observer.observe(last);
    return () => observer.disconnect();
  }, [list, itemCount]);
  return edges;
}
