import type { FastifyReply } from 'fastify';
import { PAGE_HEADERS } from '../plugins/security-headers';
import { escapeHtml, SHOP_NAME } from './templates';

/**
 * The field an unsubscribe page's form sends beside the token, so its POST is answered with a
 * page; a mail client's one-click POST (`List-Unsubscribe=One-Click`) gets JSON.
 */
export const UNSUBSCRIBE_PAGE_FORM_FIELD = 'answer';

export interface UnsubscribePage {
  /** What the page is about, before the shop's name in its title ("Newsletter"). */
  title: string;
  message: string;
  /** The shop's public address, for "Back to the shop". */
  shopUrl: string;
  /** With a token: the button, a plain form that POSTs to the email's link. */
  button?: { action: string; label: string };
}

/**
 * The small page an email's unsubscribe link opens (no login, no script): a sentence, and the
 * button when there is something to do. Opening the link changes nothing: mail scanners open
 * every link, so only the button's POST acts.
 */
export function unsubscribePage({ title, message, shopUrl, button }: UnsubscribePage): string {
  const form = button
    ? `<form method="post" action="${escapeHtml(button.action)}">
<input type="hidden" name="${UNSUBSCRIBE_PAGE_FORM_FIELD}" value="page">
<button type="submit">${escapeHtml(button.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${escapeHtml(SHOP_NAME)}</title></head>
<body><main><h1>${escapeHtml(SHOP_NAME)}</h1><p>${escapeHtml(message)}</p>
${form}
<p><a href="${escapeHtml(shopUrl)}">Back to the shop</a></p></main></body></html>`;
}

/** Such a page's headers: a document's, kept by no cache, its URL (the token) sent to no one. */
export function sendUnsubscribePage(reply: FastifyReply, status: 200 | 404, html: string) {
  return reply
    .status(status)
    .headers(PAGE_HEADERS)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}
