import {
  type QueryFunctionContext,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { isShopUnreachable } from '../../lib/api-client';
import { takePageData } from '../../lib/page-data';
import { readSavedAnswer, saveAnswer } from './saved-answers';

/**
 * A catalogue query's fetcher that also saves each answer in this browser, keyed by the
 * query key, for the times the shop cannot be reached.
 */
export function savingAnswer<T>(fetchAnswer: (signal: AbortSignal) => Promise<T>) {
  return async ({ client, queryKey, signal }: QueryFunctionContext): Promise<T> => {
    const data = await fetchAnswer(signal);
    saveAnswer(queryKey, data);
    // The shop answers again: the lists on screen still showing saved data ask it too.
    void client.refetchQueries(
      {
        type: 'active',
        predicate: (query) => query.state.fetchStatus === 'idle' && isShopUnreachable(query.state.error),
      },
      { cancelRefetch: false },
    );
    return data;
  };
}

/** When the browser has a moment: after the first render, never in its way. */
function whenIdle(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 5_000 });
  else setTimeout(task, 1_000);
}

/**
 * A catalogue query's initialData: the answer the server embedded in the page (lib/page-data),
 * once, and saved in this browser as a fetched answer is, so the page can still be shown
 * when the shop cannot be reached later (decision 006).
 */
export function embeddedAnswer<T>(queryKey: QueryKey, ...request: Parameters<typeof takePageData<T>>): T | undefined {
  const data = takePageData(...request);
  // On the server (entry-server.tsx) there is no browser to save it in.
  if (data !== undefined && typeof window !== 'undefined') whenIdle(() => saveAnswer(queryKey, data));
  return data;
}

const UNREACHABLE_RECHECK_MS = 30_000;

export type CatalogueQueryResult<T> = UseQueryResult<T> & {
  /** The data shown is not the shop's current answer: it could not be reached. */
  isSavedData: boolean;
};

// Which mounted queries show saved data now, so a page shows one warning however many lists
// it has (SavedDataNotice).
const showingSavedData = new Set<string>();
const listeners = new Set<() => void>();

function setShowingSavedData(id: string, showing: boolean) {
  if (showing === showingSavedData.has(id)) return;
  if (showing) showingSavedData.add(id);
  else showingSavedData.delete(id);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while any catalogue query on screen shows saved data. */
export function useIsShowingSavedData(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => showingSavedData.size > 0,
    () => false,
  );
}

/**
 * useQuery for the public catalogue. When the shop cannot be reached (not a 4xx) it shows the
 * answer this browser saved for the same query, from the first failed try on; the query keeps
 * trying, and the shop's answer replaces the saved one as soon as it comes. Without a saved
 * answer the error stays. Never shows anything the shop did not send to this browser.
 */
export function useCatalogueQuery<T, TKey extends QueryKey>(
  options: UseQueryOptions<T, Error, T, TKey>,
  { showsOwnNotice = false }: { showsOwnNotice?: boolean } = {},
): CatalogueQueryResult<T> {
  const query = useQuery({
    // While the shop cannot be reached, look again now and then: its answer replaces the
    // saved one (and the warning goes) without a reload.
    refetchInterval: (current) => (isShopUnreachable(current.state.error) ? UNREACHABLE_RECHECK_MS : false),
    ...options,
  });
  const unreachable = isShopUnreachable(query.error ?? query.failureReason);
  const hasAnswer = query.data !== undefined && !query.isPlaceholderData;
  // An answer loaded earlier in this visit that could not be refreshed is saved data too.
  const saved = unreachable && !hasAnswer ? readSavedAnswer<T>(options.queryKey) : undefined;
  const isSavedData = unreachable && (hasAnswer || saved !== undefined);

  const id = useId();
  useEffect(() => {
    setShowingSavedData(id, isSavedData && !showsOwnNotice);
    return () => setShowingSavedData(id, false);
  }, [id, isSavedData, showsOwnNotice]);

  if (saved === undefined) return { ...query, isSavedData } as CatalogueQueryResult<T>;
  return { ...query, data: saved, isPlaceholderData: false, isSavedData } as CatalogueQueryResult<T>;
}
