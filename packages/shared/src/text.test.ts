import { describe, expect, it } from 'vitest';
import { emailSchema, firstNameSchema, newPasswordSchema, profileUpdateRequestSchema } from './accounts';
import { shippingDetailsSchema } from './orders';
import { EMAIL_PATTERN, hasForbiddenCharacters, looksLikeLinkOrMarkup, TEXT_MESSAGES, text } from './text';

const timed = (work: () => unknown) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

describe('the shared text rule', () => {
  it('stops at the length check: a megabyte of hostile email is refused at once', () => {
    const hostile = `a@${'.'.repeat(1_000_000)}@`;
    let result: ReturnType<typeof emailSchema.safeParse> | undefined;
    expect(timed(() => (result = emailSchema.safeParse(hostile)))).toBeLessThan(1_000);
    expect(result?.error?.issues.map((issue) => issue.message)).toEqual(['Invalid email address']);
  });

  it('uses an email pattern that takes linear time on what backtracks elsewhere', () => {
    for (const hostile of [`a@${'.'.repeat(200_000)}@`, `a@${'a.'.repeat(100_000)}@`, `${'a'.repeat(200_000)}@`]) {
      expect(timed(() => EMAIL_PATTERN.test(hostile))).toBeLessThan(1_000);
    }
    expect(EMAIL_PATTERN.test('ada.obi@mail.example.com')).toBe(true);
    for (const wrong of [
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'ada@@example.com',
      'a da@example.com',
      'ada@ex..com',
    ]) {
      expect(EMAIL_PATTERN.test(wrong), wrong).toBe(false);
    }
  });

  it('refuses control characters and lone surrogates, and line breaks unless multiline', () => {
    for (const bad of ['a\u0000b', '\u0007', '\u001b[31m', '\u007f', '\u0085', 'a\ud800', '\udc00b']) {
      expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
      expect(hasForbiddenCharacters(bad, { multiline: true }), JSON.stringify(bad)).toBe(true);
    }
    for (const lineBreak of ['a\nb', 'a\r\nb', 'a\tb', 'a\u2028b']) {
      expect(hasForbiddenCharacters(lineBreak)).toBe(true);
      expect(hasForbiddenCharacters(lineBreak, { multiline: true })).toBe(false);
    }
    for (const fine of ['Adébáyọ̀', '🧵 lace', 'O’Brien', '日本']) expect(hasForbiddenCharacters(fine)).toBe(false);
    expect(text(10).safeParse('ok\u0000').error?.issues[0]?.message).toBe(TEXT_MESSAGES.forbiddenCharacters);
  });

  it('keeps links, markup and line breaks out of people’s names, and takes real ones', () => {
    for (const bad of ['https://x.example', 'www.spam', 'buy.shop', 'cheap.com now', 'Ada <b>', 'Ada\nObi']) {
      expect(firstNameSchema.safeParse(bad).success, bad).toBe(false);
      expect(shippingDetailsSchema.shape.lastName.safeParse(bad).success, bad).toBe(false);
    }
    for (const fine of ["O'Brien", 'St. John', 'Adébáyọ̀', 'J.Ng', 'Mary-Jane', 'Ada & Co']) {
      expect(firstNameSchema.safeParse(fine).success, fine).toBe(true);
      expect(looksLikeLinkOrMarkup(fine), fine).toBe(false);
    }
  });

  it('keeps the field messages people see', () => {
    expect(firstNameSchema.safeParse('').error?.issues[0]?.message).toBe('First name is required');
    expect(firstNameSchema.safeParse('A').error?.issues[0]?.message).toBe('First name must be at least 2 characters');
    expect(firstNameSchema.safeParse('A'.repeat(101)).error?.issues[0]?.message).toBe(
      'Name must be at most 100 characters',
    );
    expect(newPasswordSchema.safeParse('x'.repeat(129)).error?.issues.map((i) => i.message)).toEqual([
      'Password must be at most 128 characters',
    ]);
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(profileUpdateRequestSchema.parse({ address: '1 Broad St\nLagos' }).address).toBe('1 Broad St\nLagos');
  });
});
