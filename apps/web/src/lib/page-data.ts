import { PAGE_DATA_ELEMENT_ID, pageDataKey } from '@shop/shared';

// The first API answers the server put into the page (docs/decisions/016): read once at start,
// each taken once by the query that asks for it, and forgotten at the first navigation, so
// nothing in them can be shown later as if it were fresh. The server renders the page's markup
// from the same answers (entry-server.tsx, providePageData), so the browser's first render,
// which hydrates that markup, starts from exactly what the server saw.

type Params = Parameters<typeof pageDataKey>[1];

let answers: Map<string, unknown> | undefined;

/**
 * Reads the page-data block, if the page has a well-formed one, and removes it from the
 * document. Anything else (no block, broken JSON, not an object) is as good as none: the pages
 * fetch as they would without it. True when a well-formed block was read.
 */
export function readPageData(): boolean {
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
    for (const [url, answer] of Object.entries(parsed)) answers.set(url, answer);
    return true;
  } catch {
    // A broken block: the pages fetch their data.
    return false;
  }
}

/**
 * The server's side of the block: the answers a render on the server starts from, as the
 * browser's will from the block. Set just before a synchronous render and dropped just after.
 */
export function providePageData(entries: Iterable<[string, unknown]>): void {
  answers = new Map(entries);
}

/** Forgets what is left of the block (the first navigation does). */
export function dropPageData(): void {
  answers = new Map();
}

/**
 * The embedded answer of GET `path` with `params`, once: a second call, or any call after the first
 * navigation, gets undefined. `accept` checks the answer's shape and picks what the query keeps;
 * an answer it refuses is left out and the query fetches.
 */
export function takePageData<T>(
  path: string,
  params: Params,
  accept: (answer: unknown) => T | undefined,
): T | undefined {
  if (!answers) readPageData();
  const key = pageDataKey(path, params);
  if (!answers?.has(key)) return undefined;
  const answer = answers.get(key);
  answers.delete(key);
  return accept(answer);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `answer[name]` when it is an object: `{ product: … }`, `{ category: … }`. */
export const objectField =
  <T>(name: string) =>
  (answer: unknown): T | undefined =>
    isRecord(answer) && isRecord(answer[name]) ? (answer[name] as T) : undefined;

/** `answer[name]` when it is an array: `{ products: […] }`, `{ categories: […] }`. */
export const arrayField =
  <T>(name: string) =>
  (answer: unknown): T[] | undefined =>
    isRecord(answer) && Array.isArray(answer[name]) ? (answer[name] as T[]) : undefined;

/** A page of a listing, `{ products: […], total, … }`, as it is. */
export const productPage = <T>(answer: unknown): T | undefined =>
  isRecord(answer) && Array.isArray(answer.products) && typeof answer.total === 'number' ? (answer as T) : undefined;
