/** What Tab can reach inside a modal dialog. */
const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog's Tab key (the cart drawer, the picture viewer): from its last focusable
 * element Tab goes round to the first, Shift+Tab from the first to the last, and from anywhere
 * that is none of them (the dialog itself, a picture) to whichever end it heads for, so focus
 * never leaves the dialog. Call it with any key; it acts on Tab only.
 */
export function keepTabInside(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  dialog: HTMLElement | null,
): void {
  if (event.key !== 'Tab' || !dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement as HTMLElement | null;
  const inside = active !== null && focusable.includes(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
