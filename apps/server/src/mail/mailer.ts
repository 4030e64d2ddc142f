import nodemailer, { type Transporter } from 'nodemailer';
import type { RenderedEmail } from './templates';

/** A mailbox with an optional display name, as a header shows it ("Ada Obi <ada@example.com>"). */
export interface MailAddress {
  name?: string;
  address: string;
}

export interface SendOptions {
  /** Where the recipient's Reply goes (the visitor who wrote through the contact form). */
  replyTo?: MailAddress;
  /**
   * A newsletter's one-click unsubscribe address (https or http): sent as RFC 2369
   * `List-Unsubscribe` with RFC 8058 `List-Unsubscribe-Post`, so a mail client offers its own button.
   */
  listUnsubscribe?: string;
}

export interface Mailer {
  /** false when no SMTP server is configured: messages stay in the outbox. */
  readonly canSend: boolean;
  send(to: string, email: RenderedEmail, options?: SendOptions): Promise<void>;
  close(): void;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * One line of header text: every control character, CR and LF first, becomes a space. Whatever
 * a template or a payload holds, it cannot start a header line of its own (no added Bcc).
 */
export function headerText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ').trim();
}

/** A bare address, or nothing when it is not one plain address (a list, a name, a newline). */
function plainAddress(value: string): string | undefined {
  const address = value.trim();
  return /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+$/.test(address) ? address : undefined;
}

/** The nodemailer fields of one message: every header value made safe first. */
export function messageFields(from: string, to: string, email: RenderedEmail, options: SendOptions = {}) {
  const recipient = plainAddress(to);
  if (!recipient) throw new Error('the recipient is not one plain email address');
  const replyAddress = options.replyTo && plainAddress(options.replyTo.address);
  const unsubscribe = options.listUnsubscribe && headerUrl(options.listUnsubscribe);
  return {
    from,
    // NOTE: objects, not strings: nodemailer quotes and encodes the name and never parses an
    // address out of it, so "a@b.c, d@e.f" as a name stays a name.
    to: { name: '', address: recipient },
    ...(replyAddress ? { replyTo: { name: headerText(options.replyTo?.name ?? ''), address: replyAddress } } : {}),
    subject: headerText(email.subject),
    text: email.text,
    html: email.html,
    ...(unsubscribe
      ? { headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  };
}

/** An http(s) URL fit for `<…>` in a header (no spaces, angle brackets or line breaks), or nothing. */
function headerUrl(value: string): string | undefined {
  if (!/^https?:\/\/[^\s<>"]+$/.test(value)) return undefined;
  try {
    return new URL(value).href;
  } catch {
    return undefined;
  }
}

/** nodemailer over SMTP_URL; without it a mailer that cannot send. */
export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  if (!options.smtpUrl) {
    return {
      canSend: false,
      async send() {
        throw new Error('SMTP_URL is not set');
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    // A mail server that hangs must not hold the worker for long; the outbox retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    canSend: true,
    async send(to, email, sendOptions) {
      await transport.sendMail(messageFields(options.from, to, email, sendOptions));
    },
    close() {
      transport.close();
    },
  };
}
