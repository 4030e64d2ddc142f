import { describe, expect, it } from 'vitest';
import { serializeError } from './log-error';

describe('the error a log line keeps', () => {
  it('drops the values of a failed query, its driver detail and every stack', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    const failed = new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ada@example.com,$argon2id$v=19$secret',
      { cause },
    );
    const logged = serializeError(failed);
    expect(logged).toEqual({
      type: 'Error',
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: { type: 'Error', message: 'duplicate key value violates unique constraint "users_email"', code: '23505' },
    });
    const text = JSON.stringify(logged);
    for (const secret of ['argon2id', 'ada@example.com', 'stack', ' at ']) expect(text).not.toContain(secret);
  });

  it('copes with thrown non-errors and causes that loop', () => {
    expect(serializeError('boom')).toEqual({ type: 'string', message: 'a non-Error value was thrown' });
    const looping = new Error('outer');
    (looping as { cause?: unknown }).cause = looping;
    expect(JSON.stringify(serializeError(looping)).length).toBeLessThan(400);
  });
});
