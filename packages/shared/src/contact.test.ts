import { describe, expect, it } from 'vitest';
import { contactRequestSchema, CONTACT_MESSAGES as M } from './contact';

const valid = {
  fullname: 'Ngozi Adebayo',
  email: 'Ngozi@Example.com',
  subject: 'Wholesale lace',
  message: 'Do you sell French lace by the bolt?',
  privacyPolicy: true,
};

describe('the contact form schema', () => {
  it('accepts a message, trims it and lowers the email, and reads a blank subject as none', () => {
    expect(contactRequestSchema.parse({ ...valid, subject: '   ' })).toEqual({
      ...valid,
      email: 'ngozi@example.com',
      subject: null,
    });
  });

  it('makes the name and subject one line: no CR, LF or other control character is left', () => {
    const parsed = contactRequestSchema.parse({
      ...valid,
      fullname: 'Mallory\r\nBcc: Ann Example',
      subject: 'Hi\r\nBcc:\tb@example.net\u0000\u2028x',
    });
    expect(parsed.fullname).toBe('Mallory Bcc: Ann Example');
    // A name carrying an address or a link is refused outright.
    const withAddress = contactRequestSchema.safeParse({ ...valid, fullname: 'Mallory\r\nBcc: a@example.net' });
    expect(withAddress.error?.issues[0]?.message).toBe(M.fullnameInvalid);
    expect(parsed.subject).toBe('Hi Bcc: b@example.net x');
  });

  it('keeps the line breaks of the message, as plain newlines', () => {
    expect(contactRequestSchema.parse({ ...valid, message: 'First line\r\nSecond line\u0007' }).message).toBe(
      'First line\nSecond line',
    );
  });

  it("gives SPEC.md's message for each broken field", () => {
    const first = (payload: object) => contactRequestSchema.safeParse(payload).error?.issues[0]?.message;
    expect(first({ ...valid, fullname: '' })).toBe(M.fullnameRequired);
    expect(first({ ...valid, fullname: 'N' })).toBe(M.fullnameTooShort);
    expect(first({ ...valid, fullname: 'Visit https://prize.example' })).toBe(M.fullnameInvalid);
    expect(first({ ...valid, fullname: '<b>Ngozi</b>' })).toBe(M.fullnameInvalid);
    expect(first({ ...valid, email: 'nope' })).toBe(M.emailInvalid);
    expect(first({ ...valid, email: 'a,victim@example.com' })).toBe(M.emailInvalid);
    expect(first({ ...valid, email: '"x"<y@example.com>' })).toBe(M.emailInvalid);
    expect(first({ ...valid, message: 'short' })).toBe(M.messageTooShort);
    expect(first({ ...valid, privacyPolicy: false })).toBe(M.privacyPolicyRequired);
  });
});
