import { z } from 'zod';
import { emailSchema } from './accounts';
import { CONTACT_LIMITS as L, CONTACT_MESSAGES as M } from './contact-messages';
import { looksLikeLinkOrMarkup } from './text';

// Contact: the SPEC.md §5 rules, used by the contact form and by POST /api/contact.

export { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS, CONTACT_MESSAGES } from './contact-messages';

// NOTE: a name and a subject are one line each. Every control character (newlines included) is
// turned into a space before the rules run, so nothing typed or sent can add a line to an
// email's headers, whatever sends it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const oneLine = (value: string) => value.replace(CONTROL_CHARACTERS, ' ').replace(/ {2,}/g, ' ').trim();
// The message keeps its line breaks; other control characters go.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const MESSAGE_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

const fullnameSchema = z
  .string({ message: M.fullnameRequired })
  .transform(oneLine)
  .pipe(
    z
      .string()
      .min(1, M.fullnameRequired)
      .min(L.fullnameMin, M.fullnameTooShort)
      .max(L.fullnameMax, M.fullnameTooLong)
      // The person-name rule of accounts: the confirmation email greets the visitor by this
      // name, so it must not carry a link or markup to whoever's address was typed in.
      .refine((value) => !looksLikeLinkOrMarkup(value), M.fullnameInvalid),
  );

/** Optional; blank means none. */
const subjectSchema = z
  .string()
  .optional()
  .transform((value) => oneLine(value ?? ''))
  .pipe(z.string().max(L.subjectMax, M.subjectTooLong))
  .transform((value) => (value === '' ? null : value));

const messageSchema = z
  .string({ message: M.messageRequired })
  .transform((value) => value.replace(/\r\n?/g, '\n').replace(MESSAGE_CONTROL_CHARACTERS, '').trim())
  .pipe(z.string().min(1, M.messageRequired).min(L.messageMin, M.messageTooShort).max(L.messageMax, M.messageTooLong));

// NOTE: the visitor's address becomes an email's recipient and Reply-To, so it must be one plain
// address: characters that would make a list, a display name or a quoted part are refused.
const ADDRESS_SPECIALS = /[,;:<>()[\]"\\]/;
const visitorEmailSchema = emailSchema.refine((email) => !ADDRESS_SPECIALS.test(email), M.emailInvalid);

/** The contact form (SPEC.md §3, §5), the same on the page and at POST /api/contact. */
export const contactRequestSchema = z.object({
  fullname: fullnameSchema,
  email: visitorEmailSchema,
  subject: subjectSchema,
  message: messageSchema,
  privacyPolicy: z.literal(true, { message: M.privacyPolicyRequired }),
  /** The honeypot (CONTACT_HONEYPOT_FIELD): empty from people. */
  website: z.string().max(500).optional(),
});
/** What the form holds while the visitor types. */
export type ContactForm = z.input<typeof contactRequestSchema>;
/** What the server works with once the rules have run. */
export type ContactRequest = z.output<typeof contactRequestSchema>;
