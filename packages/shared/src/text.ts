import { z } from 'zod';
import { TEXT_MESSAGES } from './text-messages';

// The one rule every text a visitor sends goes through (form fields, query strings, route
// parameters): bounded first, then free of characters no person types. Each check stops the
// rest when it fails, so a megabyte of hostile text costs one length comparison and never
// reaches a pattern. Every pattern here and in the schemas that use them runs in linear time:
// no nested or overlapping quantifiers.

export { TEXT_MESSAGES } from './text-messages';

/** C0 controls except tab, line feed and carriage return; DEL; the C1 controls (U+0085 too). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** What a single-line field refuses beside the controls: tabs and line breaks of every kind. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;
/** Half of a surrogate pair standing alone: not text at all, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A practical email pattern that cannot backtrack: one @, no spaces, dot-separated labels after
 * the @ (each class excludes the character that ends it, so every input has one way to match).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * Something that makes a name a link: a scheme, `www.`, or a common web address ending (short
 * ones that are also surnames, such as `.ng`, are left out: J.Ng is a name).
 */
const LINK_IN_NAME = /:\/\/|www\.|\.(?:com|net|org|info|biz|xyz|top|link|shop|online|site|io|app)(?![\p{L}\p{N}])/iu;
/** Characters that have no place in a person's name and make it markup or a command. */
const MARKUP_IN_NAME = /[<>{}[\]\\|^`=]/;

/** True when the text holds a control character, a lone surrogate, or (single-line) a line break. */
export function hasForbiddenCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return CONTROL_CHARACTER.test(value) || LONE_SURROGATE.test(value) || (!options.multiline && LINE_BREAK.test(value));
}

/** True when a person's name carries a link or markup instead of a name. */
export function looksLikeLinkOrMarkup(value: string): boolean {
  return LINK_IN_NAME.test(value) || MARKUP_IN_NAME.test(value);
}

export interface TextOptions {
  /** The message when the value is missing or not a string. */
  message?: string;
  /** The message when the value is longer than max. */
  tooLong?: string;
  /** Line breaks and tabs allowed (an address); other controls never are. */
  multiline?: boolean;
  /** Trim surrounding white space before the checks (the default). */
  trim?: boolean;
}

/**
 * A string of at most `max` characters (after trimming) without control characters. Chain the
 * field's own rules after it (`.min`, `.regex`, `.transform`); they run only when these pass.
 */
export function text(max: number, options: TextOptions = {}) {
  const base = z.string(options.message === undefined ? undefined : { message: options.message });
  return (options.trim === false ? base : base.trim())
    .max(max, { message: options.tooLong ?? TEXT_MESSAGES.tooLong(max), abort: true })
    .refine((value) => !hasForbiddenCharacters(value, { multiline: options.multiline }), {
      message: TEXT_MESSAGES.forbiddenCharacters,
      abort: true,
    });
}

/** A person's name: single-line text that is not a link or markup. */
export function personName(max: number, options: Omit<TextOptions, 'multiline'> & { invalid?: string } = {}) {
  return text(max, options).refine((value) => !looksLikeLinkOrMarkup(value), {
    message: options.invalid ?? TEXT_MESSAGES.nameInvalid,
    abort: true,
  });
}

/**
 * `schema` refusing a web link (a scheme, `www.`, a common web address ending: the rule names
 * follow), for free text that goes into emails, such as a street address.
 */
export function withoutLinks<Schema extends z.ZodType<string>>(schema: Schema, message: string) {
  return schema.refine((value) => !LINK_IN_NAME.test(value), { message, abort: true });
}

/** A route parameter (an id or a slug): short, single-line, no controls. */
export const routeParamSchema = text(200, { trim: false }).min(1, TEXT_MESSAGES.required);
