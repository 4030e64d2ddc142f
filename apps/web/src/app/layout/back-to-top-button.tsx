import { ArrowUp } from 'lucide-react';
import { useScrolledPast } from '../../lib/use-scrolled-past';

export const BACK_TO_TOP_AFTER_PX = 300; // SPEC.md §9

export function BackToTopButton() {
  const visible = useScrolledPast(BACK_TO_TOP_AFTER_PX);
  if (!visible) return null;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() => window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })}
      className="fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-wine-700 text-white shadow-lg hover:bg-wine-800 dark:bg-wine-300 dark:text-stone-950 dark:hover:bg-wine-200"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
