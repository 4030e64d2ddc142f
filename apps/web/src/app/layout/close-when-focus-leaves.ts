import type { FocusEvent } from 'react';

/**
 * An onBlur handler for a panel that drops down from the fixed header (menu, search): once
 * focus moves to something outside the header, the panel closes, so Tab never wanders into
 * page content hidden under it. A click on nothing focusable (no relatedTarget) leaves it open.
 */
export function closeWhenFocusLeavesHeader(close: () => void) {
  return (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    const header = event.currentTarget.closest('header');
    if (next instanceof Node && header && !header.contains(next)) close();
  };
}
