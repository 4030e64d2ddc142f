import { describe, expect, it } from 'vitest';
import { RawJson, stringifyAnswer } from './raw-json';

describe('stringifyAnswer', () => {
  it('writes RawJson items as their text, inside the answer object and its arrays', () => {
    const answer = {
      products: [new RawJson('{"id":"a","price":1500}'), new RawJson('{"id":"b"}')],
      page: 1,
      nested: { list: [new RawJson('[1, 2]')] },
    };
    const text = stringifyAnswer(answer);
    expect(text).toBe('{"products":[{"id":"a","price":1500},{"id":"b"}],"page":1,"nested":{"list":[[1, 2]]}}');
    expect(JSON.parse(text)).toEqual({
      products: [{ id: 'a', price: 1500 }, { id: 'b' }],
      page: 1,
      nested: { list: [[1, 2]] },
    });
  });

  it('gives what JSON.stringify gives for an answer without RawJson, undefined keys and dates included', () => {
    const answer = {
      categories: [{ id: 'x', name: 'Lace "fine" </script>', subcategories: [] }],
      total: 0,
      missing: undefined,
      when: new Date('2026-11-25T10:00:00.000Z'),
      query: 'a\u2028b',
    };
    expect(stringifyAnswer(answer)).toBe(JSON.stringify(answer));
  });

  it('stays correct where JSON.stringify meets a RawJson it was not shown', () => {
    const deep = [[new RawJson('{"a":1}')], { inner: new Map() }];
    expect(JSON.parse(stringifyAnswer({ deep }))).toEqual({ deep: [[{ a: 1 }], { inner: {} }] });
  });
});
