import nodemailer, { type Transporter } from 'nodemailer';
import type { RenderedEmail } from './templates';

export interface Mailer {
  /** false when no SMTP server is configured: messages stay in the outbox. */
  readonly canSend: boolean;
  send(to: string, email: RenderedEmail): Promise<void>;
  close(): void;
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
    async send(to, email) {
      await transport.sendMail({ from: options.from, to, subject: email.subject, text: email.text, html: email.html });
    },
    close() {
      transport.close();
    },
  };
}
