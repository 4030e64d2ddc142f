import { WifiOff } from 'lucide-react';
import { useIsShowingSavedData } from './use-catalogue-query';

export const SAVED_DATA_WARNING = "Using saved data - couldn't connect to the shop";

/**
 * The page's one warning that what it shows was saved earlier. The live region is always
 * there, so screen readers announce the warning when it appears. `show` overrides the page's
 * state for a part that tells its own (the header search).
 */
export function SavedDataNotice({ show, className = '' }: { show?: boolean; className?: string }) {
  const pageShowsSavedData = useIsShowingSavedData();
  const visible = show ?? pageShowsSavedData;
  return (
    <div role="status" className={visible ? className : undefined}>
      {visible && (
        <p className="flex items-center gap-2 rounded-xl border border-gold-500 bg-gold-100 px-4 py-3 text-sm font-medium text-stone-900 dark:border-gold-300 dark:bg-stone-900 dark:text-gold-100">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {SAVED_DATA_WARNING}
        </p>
      )}
    </div>
  );
}
