// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage-keys';
import {
  MAX_SAVED_ANSWERS,
  MAX_SAVED_CHARS,
  readSavedAnswer,
  SAVED_CATALOGUE_VERSION,
  saveAnswer,
} from './saved-answers';

const productsKey = (page: number) => ['products', 'list', { page, sort: 'newest' }];
const storedText = () => localStorage.getItem(storageKeys.savedCatalogue) ?? '';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('saved catalogue answers', () => {
  it('reads back the answer saved for the same query key, and nothing for another', () => {
    const answer = { products: [{ id: 'p1', name: 'Gold Guipure Lace' }], page: 1, pageSize: 24, total: 1 };
    saveAnswer(productsKey(1), answer);
    expect(readSavedAnswer(['products', 'list', { sort: 'newest', page: 1 }])).toEqual(answer);
    expect(readSavedAnswer(productsKey(2))).toBeUndefined();
  });

  it('keeps only the newest answer of a query', () => {
    saveAnswer(['categories'], [{ id: 'c1' }]);
    saveAnswer(['categories'], [{ id: 'c2' }]);
    expect(readSavedAnswer(['categories'])).toEqual([{ id: 'c2' }]);
    expect(JSON.parse(storedText()).answers).toHaveLength(1);
  });

  it(`keeps at most ${MAX_SAVED_ANSWERS} answers, forgetting the oldest`, () => {
    for (let page = 1; page <= MAX_SAVED_ANSWERS + 5; page++) saveAnswer(productsKey(page), { page });
    expect(JSON.parse(storedText()).answers).toHaveLength(MAX_SAVED_ANSWERS);
    expect(readSavedAnswer(productsKey(5))).toBeUndefined();
    expect(readSavedAnswer(productsKey(6))).toEqual({ page: 6 });
    expect(readSavedAnswer(productsKey(MAX_SAVED_ANSWERS + 5))).toEqual({ page: MAX_SAVED_ANSWERS + 5 });
  });

  it('stays within its size cap, forgetting the oldest answers first', () => {
    const description = 'x'.repeat(Math.floor(MAX_SAVED_CHARS / 4));
    for (let page = 1; page <= 6; page++) saveAnswer(productsKey(page), { page, description });
    expect(storedText().length).toBeLessThanOrEqual(MAX_SAVED_CHARS + 100);
    expect(readSavedAnswer(productsKey(1))).toBeUndefined();
    expect(readSavedAnswer(productsKey(6))).toEqual({ page: 6, description });
  });

  it('does not save an answer bigger than the cap, and keeps the others', () => {
    saveAnswer(['categories'], [{ id: 'c1' }]);
    saveAnswer(productsKey(1), { description: 'x'.repeat(MAX_SAVED_CHARS) });
    expect(readSavedAnswer(productsKey(1))).toBeUndefined();
    expect(readSavedAnswer(['categories'])).toEqual([{ id: 'c1' }]);
  });

  it('ignores corrupt content and replaces it on the next save', () => {
    localStorage.setItem(storageKeys.savedCatalogue, '{"version":1,"answers":[{"key":');
    expect(readSavedAnswer(['categories'])).toBeUndefined();
    localStorage.setItem(
      storageKeys.savedCatalogue,
      JSON.stringify({ version: SAVED_CATALOGUE_VERSION, answers: [null, 'x', { key: '["categories"]' }] }),
    );
    expect(readSavedAnswer(['categories'])).toBeUndefined();
    saveAnswer(['categories'], [{ id: 'c1' }]);
    expect(readSavedAnswer(['categories'])).toEqual([{ id: 'c1' }]);
  });

  it('ignores content saved by another version', () => {
    const answers = [{ key: '["categories"]', savedAt: 1, data: [{ id: 'old' }] }];
    localStorage.setItem(storageKeys.savedCatalogue, JSON.stringify({ version: SAVED_CATALOGUE_VERSION + 1, answers }));
    expect(readSavedAnswer(['categories'])).toBeUndefined();
    localStorage.setItem(storageKeys.savedCatalogue, JSON.stringify({ version: SAVED_CATALOGUE_VERSION, answers }));
    expect(readSavedAnswer(['categories'])).toEqual([{ id: 'old' }]);
  });

  it('swallows a full quota, keeping the newest answers that still fit', () => {
    saveAnswer(productsKey(1), { page: 1 });
    saveAnswer(productsKey(2), { page: 2 });
    const setItem = Storage.prototype.setItem;
    // Room for one answer only.
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (value.length > 200) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    expect(() => saveAnswer(productsKey(3), { page: 3 })).not.toThrow();
    expect(readSavedAnswer(productsKey(3))).toEqual({ page: 3 });
    expect(readSavedAnswer(productsKey(2))).toBeUndefined();

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => saveAnswer(productsKey(4), { page: 4 })).not.toThrow();
    expect(readSavedAnswer(productsKey(3))).toEqual({ page: 3 });
  });

  it('reads nothing, and does not throw, when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readSavedAnswer(['categories'])).toBeUndefined();
    expect(() => saveAnswer(['categories'], [])).not.toThrow();
  });
});
