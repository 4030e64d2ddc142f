import { hashKey, type QueryKey } from '@tanstack/react-query';
import { storageKeys } from '../../lib/storage-keys';

// The public catalogue answers this browser has loaded, kept in localStorage so a page can
// still show them when the shop cannot be reached (docs/decisions/006). Only answers of the
// catalogue's own queries come here: nothing personal (session, orders, cart checks).

/** Bump when the shape of a saved answer changes: content of another version is ignored. */
/**
 * 2: products say how they are sold (unit, step, minimum, pack, breaks; decision 030).
 * 3: lists carry product cards (`image`, no description or gallery; decision 018).
 */
export const SAVED_CATALOGUE_VERSION = 3;
/** The most recently saved answers kept; older ones make room. */
export const MAX_SAVED_ANSWERS = 60;
/** About a fifth of the usual 5 million characters of localStorage, so the cart always fits. */
export const MAX_SAVED_CHARS = 1_000_000;

type SavedAnswer = { key: string; savedAt: number; data: unknown };

function isSavedAnswer(value: unknown): value is SavedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return typeof answer.key === 'string' && typeof answer.savedAt === 'number' && answer.data !== undefined;
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // storage switched off by the browser's privacy settings
  }
}

// NOTE: the last text read and its answers, so a page showing saved data does not parse the
// whole store on every render; another tab's write changes the text and is parsed afresh.
let lastRead: { text: string; answers: SavedAnswer[] } | undefined;

function readAnswers(storage: Storage): SavedAnswer[] {
  let text: string | null;
  try {
    text = storage.getItem(storageKeys.savedCatalogue);
  } catch {
    return [];
  }
  if (!text) return [];
  if (lastRead?.text === text) return lastRead.answers;
  let answers: SavedAnswer[] = [];
  try {
    const parsed: unknown = JSON.parse(text);
    const store = parsed as { version?: unknown; answers?: unknown };
    if (store?.version === SAVED_CATALOGUE_VERSION && Array.isArray(store.answers)) {
      answers = store.answers.filter(isSavedAnswer);
    }
  } catch {
    // Corrupt content is as good as none; the next save replaces it.
  }
  lastRead = { text, answers };
  return answers;
}

/** The answer this browser last saved for the query, or undefined. */
export function readSavedAnswer<T>(queryKey: QueryKey): T | undefined {
  const storage = browserStorage();
  if (!storage) return undefined;
  const key = hashKey(queryKey);
  return readAnswers(storage).find((answer) => answer.key === key)?.data as T | undefined;
}

/** Keeps the answer as the newest, within the count and size bounds. Never throws. */
export function saveAnswer(queryKey: QueryKey, data: unknown): void {
  const storage = browserStorage();
  if (!storage || data === undefined) return;
  const key = hashKey(queryKey);
  const answers = [
    { key, savedAt: Date.now(), data },
    ...readAnswers(storage).filter((answer) => answer.key !== key),
  ].slice(0, MAX_SAVED_ANSWERS);

  const kept: string[] = [];
  let size = 0;
  for (const answer of answers) {
    const json = JSON.stringify(answer);
    if (size + json.length + 1 > MAX_SAVED_CHARS) break;
    kept.push(json);
    size += json.length + 1;
  }

  // When the quota is full (the cart, other sites' data), keep fewer answers, down to none.
  for (let count = kept.length; count > 0; count = Math.floor(count / 2)) {
    const text = `{"version":${SAVED_CATALOGUE_VERSION},"answers":[${kept.slice(0, count).join(',')}]}`;
    try {
      storage.setItem(storageKeys.savedCatalogue, text);
      return;
    } catch {
      // QuotaExceededError: try again with the older half left out.
    }
  }
}
