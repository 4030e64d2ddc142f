import { freePort } from '@shop/testing';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and MIME body) as received. */
  raw: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeMimeWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The unfolded header lines of a raw message, e.g. ['Subject: Hello', 'Reply-To: ...']. */
export function headerLines(raw: string): string[] {
  const headerEnd = raw.indexOf('\r\n\r\n');
  return raw
    .slice(0, headerEnd === -1 ? raw.length : headerEnd)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n');
}

/** One header's value (MIME words decoded), or undefined when the message has none. */
export function headerOf(raw: string, name: string): string | undefined {
  const prefix = `${name.toLowerCase()}:`;
  const line = headerLines(raw).find((header) => header.toLowerCase().startsWith(prefix));
  return line === undefined ? undefined : decodeMimeWords(line.slice(prefix.length).trim());
}

/** Enough MIME for our own messages: the subject and the text/plain part. */
export function parseMail(raw: string): { subject: string; text: string } {
  const headerEnd = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, headerEnd).replace(/\r\n[ \t]+/g, ' ');
  const subject = decodeMimeWords(/^Subject: (.*)$/im.exec(headers)?.[1] ?? '');
  const part =
    /Content-Type: text\/plain[^\r\n]*\r\n(?:[^\r\n]+\r\n)*?(?:Content-Transfer-Encoding: ([^\r\n]+)\r\n)?(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)(?:\r\n--|$)/i.exec(
      raw,
    );
  const encoding = part?.[1]?.trim().toLowerCase();
  const body = part?.[2] ?? raw.slice(headerEnd + 4);
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
        : body;
  return { subject, text };
}

export interface TestSmtpServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** The messages to one address. */
  to(address: string): ReceivedMail[];
  /** Waits until a message to `address` matching `predicate` arrives (default 15 s). */
  waitFor(address: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests of the shop's email.
 * Pass a port to start again where a stopped one listened (a mail server coming back up).
 */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  const port = options.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const to = (address: string) => messages.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    async waitFor(address, predicate = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = to(address).find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a password reset email. */
export function otpFrom(mail: ReceivedMail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!match?.[1]) throw new Error('no 6-digit code in the email');
  return match[1];
}

/** The token of the email verification link in a welcome or verification email. */
export function verifyTokenFrom(mail: ReceivedMail): string {
  const match = /\/verify-email#token=([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match?.[1]) throw new Error('no verification link in the email');
  return match[1];
}
