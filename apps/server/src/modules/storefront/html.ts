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

/** The app's markup as the server drew it, and the page's own script chunks. */
export interface DrawnApp {
  markup: string;
  scripts: string[];
}

/**
 * The built index.html cut where a page's own tags go: its title and meta description come out
 * (each page writes its own) and the head tags go where the title was; the page-data block goes
 * at the end of the body. What the file says of the title and description is kept for home.
 *
 * A page whose markup the server drew (decision 017) has that markup in its root element, and
 * starts the app once it is painted: the entry script and its module preloads give way to
 * /start-app.js, which asks for them, and for the page's own chunks, once the page has painted.
 */
export interface PageTemplate {
  /** The file as built, for the pages that have nothing of their own to add. */
  original: Buffer;
  title: string | undefined;
  description: string | undefined;
  /** True when the file has an empty root element and the entry script a drawn page needs. */
  drawable: boolean;
  /** The scripts the file preloads (`<link rel="modulepreload">`), by URL, as written. */
  preloads: readonly string[];
  render(head: string, body: string, app?: DrawnApp): Buffer;
}

const TITLE = /<title>([\s\S]*?)<\/title>/i;
// With the line it stands on, so no blank line is left where it was.
const DESCRIPTION = /(?:\r?\n[ \t]*)?<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/i;
/** The app's empty root element, which the server's markup fills. */
const ROOT = /<div id="root">\s*<\/div>/i;
/** What `vite build` writes for the app's entry and the chunks it imports. */
const ENTRY_SCRIPT = /(?:\r?\n[ \t]*)?<script type="module" crossorigin src="([^"]+)"><\/script>/i;
const MODULE_PRELOAD = /(?:\r?\n[ \t]*)?<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/gi;

/** The inverse of escapeHtml, for the few entities index.html uses in its title and description. */
function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** `html` cut at `at` (where the page's head goes), the root element and the end of the body. */
function cut(html: string, at: number) {
  const bodyEnd = html.search(/<\/body>/i);
  const bodyAt = bodyEnd >= 0 ? bodyEnd : html.length;
  const middle = html.slice(at, bodyAt);
  const root = ROOT.exec(middle);
  return {
    before: html.slice(0, at),
    middle,
    // Without an empty root element (an index.html of another shape) no markup can go in.
    root: root ? { before: middle.slice(0, root.index), after: middle.slice(root.index + root[0].length) } : undefined,
    after: html.slice(bodyAt),
  };
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
  const plain = cut(html, headAt);

  // The same file for a drawn page: the entry script becomes the starter, its preloads go.
  const entry = ENTRY_SCRIPT.exec(html);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const drawn =
    entry && headAt < entry.index && [...html.matchAll(MODULE_PRELOAD)].every((match) => headAt < match.index)
      ? cut(
          html
            .replace(entry[0], `${entry[0].slice(0, entry[0].indexOf('<'))}<!--start-app-->`)
            .replace(MODULE_PRELOAD, ''),
          headAt,
        )
      : undefined;
  const starter = (scripts: string[]) =>
    `<script src="/start-app.js" data-entry="${escapeHtml(entry?.[1] ?? '')}" data-preload="${escapeHtml(
      [...preloads, ...scripts].join(' '),
    )}" defer></script>`;

  return {
    original,
    title: title?.[1] === undefined ? undefined : unescapeHtml(title[1].trim()),
    description: description?.[1] === undefined ? undefined : unescapeHtml(description[1].replace(/\s+/g, ' ').trim()),
    drawable: drawn?.root !== undefined,
    preloads,
    render(head, body, app) {
      if (app && drawn?.root) {
        const { before, root, after } = drawn;
        const [rootBefore, rootAfter] = [root.before, root.after].map((part) =>
          part.replace('<!--start-app-->', starter(app.scripts)),
        );
        return Buffer.from(
          `${before}${head}${rootBefore}<div id="root">${app.markup}</div>${rootAfter}${body}${after}`,
        );
      }
      return Buffer.from(plain.before + head + plain.middle + body + plain.after);
    },
  };
}
