import { ACCOUNT_LIMITS } from '@shop/shared';

export const SHOP_NAME = 'Stitch & Trim';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Every email the shop sends, by template name, with the data each needs. */
export interface EmailTemplates {
  'password-reset-otp': { firstName: string; otp: string };
  welcome: { firstName: string; shopUrl?: string };
  'email-changed': { firstName: string; newEmail: string };
}
export type EmailTemplateName = keyof EmailTemplates;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#7f1d3a">${SHOP_NAME}</p>
${body}
<p style="margin:32px 0 0;font-size:12px;color:#78716c">${SHOP_NAME}, trims, laces and embellishments for tailors in Lagos.</p>
</div></body></html>`;
}

export function passwordResetOtpEmail({ firstName, otp }: EmailTemplates['password-reset-otp']): RenderedEmail {
  const minutes = ACCOUNT_LIMITS.otpValidMinutes;
  return {
    subject: `Your ${SHOP_NAME} password reset code`,
    // NOTE: the code stands on a line of its own so no line wrapping of the message splits it.
    text: [
      `Hello ${firstName},`,
      '',
      'Use this code to reset your password:',
      '',
      otp,
      '',
      `It is valid for ${minutes} minutes. If you did not ask to reset your password, you can ignore this email; your password stays the same.`,
      '',
      SHOP_NAME,
    ].join('\n'),
    html: layout(
      'Password reset code',
      `<p>Hello ${escapeHtml(firstName)},</p>
<p>Use this code to reset your password:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:24px 0">${escapeHtml(otp)}</p>
<p>It is valid for ${minutes} minutes. If you did not ask to reset your password, you can ignore this email; your password stays the same.</p>`,
    ),
  };
}

export function welcomeEmail({ firstName, shopUrl }: EmailTemplates['welcome']): RenderedEmail {
  const shopLine = shopUrl ? `Start shopping at ${shopUrl}/shop` : 'Start shopping any time.';
  return {
    subject: `Welcome to ${SHOP_NAME}`,
    text: [
      `Hello ${firstName},`,
      '',
      `Your ${SHOP_NAME} account is ready. You can now check out faster, follow your orders and keep your delivery address on file.`,
      '',
      shopLine,
      '',
      SHOP_NAME,
    ].join('\n'),
    html: layout(
      `Welcome to ${SHOP_NAME}`,
      `<p>Hello ${escapeHtml(firstName)},</p>
<p>Your ${SHOP_NAME} account is ready. You can now check out faster, follow your orders and keep your delivery address on file.</p>
${shopUrl ? `<p><a href="${escapeHtml(`${shopUrl}/shop`)}" style="color:#7f1d3a">Start shopping</a></p>` : ''}`,
    ),
  };
}

/** Sent to the old address when an account's email changes, so its owner hears of it. */
export function emailChangedEmail({ firstName, newEmail }: EmailTemplates['email-changed']): RenderedEmail {
  const changed = `The email address of your ${SHOP_NAME} account was changed to ${newEmail}.`;
  const ifNotYou =
    'If you did not change it, contact the shop at once: someone who knows your password did, and your account now sends its emails there.';
  return {
    subject: `Your ${SHOP_NAME} email address was changed`,
    text: [`Hello ${firstName},`, '', changed, '', ifNotYou, '', SHOP_NAME].join('\n'),
    html: layout(
      'Email address changed',
      `<p>Hello ${escapeHtml(firstName)},</p>
<p>${escapeHtml(changed)}</p>
<p>${escapeHtml(ifNotYou)}</p>`,
    ),
  };
}

export function renderEmail<Name extends EmailTemplateName>(name: Name, data: EmailTemplates[Name]): RenderedEmail {
  switch (name) {
    case 'password-reset-otp':
      return passwordResetOtpEmail(data as EmailTemplates['password-reset-otp']);
    case 'welcome':
      return welcomeEmail(data as EmailTemplates['welcome']);
    case 'email-changed':
      return emailChangedEmail(data as EmailTemplates['email-changed']);
    default:
      throw new Error(`unknown email template ${String(name)}`);
  }
}
