const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML: an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Text for XML (the sitemap): the same five characters. */
export const escapeXml = escapeHtml;

/**
 * JSON text made safe inside a `<script>` element: `<`, `>` and `&` become \u003c, \u003e and
 * \u0026, so no `</script>` or `<!--` can end or change the element, and U+2028 and U+2029 become
 * escapes too (older JavaScript took them for line ends). In JSON these characters can only be
 * inside strings, where the escapes read back as the same characters: JSON.parse gives the
 * same value.
 */
export function jsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The built index.html cut where a page's own tags go: its title and meta description come out
 * (each page writes its own) and the head tags go where the title was; the page-data block goes
 * at the end of the body. What the file says of the title and description is kept for home.
 */
export interface PageTemplate {
  /** The file as built, for the pages that have nothing of their own to add. */
  original: Buffer;
  title: string | undefined;
  description: string | undefined;
  render(head: string, body: string): Buffer;
}

const TITLE = /<title>([\s\S]*?)<\/title>/i;
// With the line it stands on, so no blank line is left where it was.
const DESCRIPTION = /(?:\r?\n[ \t]*)?<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/i;

/** The inverse of escapeHtml, for the few entities index.html uses in its title and description. */
function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export function pageTemplate(original: Buffer): PageTemplate {
  let html = original.toString('utf8');
  const description = DESCRIPTION.exec(html);
  if (description) html = html.replace(description[0], '');
  const title = TITLE.exec(html);
  let headAt: number;
  if (title) {
    headAt = title.index;
    html = html.replace(title[0], '');
  } else {
    const headEnd = html.search(/<\/head>/i);
    headAt = headEnd >= 0 ? headEnd : 0;
  }
  const bodyEnd = html.search(/<\/body>/i);
  const bodyAt = bodyEnd >= 0 ? bodyEnd : html.length;
  const before = html.slice(0, headAt);
  const middle = html.slice(headAt, bodyAt);
  const after = html.slice(bodyAt);
  return {
    original,
    title: title?.[1] === undefined ? undefined : unescapeHtml(title[1].trim()),
    description: description?.[1] === undefined ? undefined : unescapeHtml(description[1].replace(/\s+/g, ' ').trim()),
    render: (head, body) => Buffer.from(before + head + middle + body + after),
  };
}
