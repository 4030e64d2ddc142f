import {
  type Category,
  idOrSlugParamsSchema,
  matchStorefrontPage,
  PAGE_DATA_ELEMENT_ID,
  PAGE_SIZE_DEFAULT,
  type Product,
  parsePage,
  productImageSrcSet,
  productListQuerySchema,
  type SubcategoryWithCategory,
  scopedProductListQuerySchema,
  storefrontAnswerUrl,
} from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isPastQueryBound } from '../../lib/database-unavailable';
import { AppError } from '../../lib/errors';
import { redactUrl } from '../../lib/log-request';
import type { RenderApp } from './app-renderer';
import type { WebAssets } from './assets';
import { DrawBudget } from './draw-budget';
import {
  categoryHead,
  headTags,
  homeHead,
  listingHead,
  notFoundHead,
  type PageHead,
  productHead,
  subcategoryHead,
} from './head';
import { escapeHtml, jsonForScript, type PageTemplate } from './html';

/** The page-data key of the shop's public details (GET /api/settings), in every page the server sends. */
export const SETTINGS_PAGE_DATA_KEY = storefrontAnswerUrl.settings();

/**
 * One API answer a page embeds: its page-data key (the API URL, packages/shared
 * storefront-pages.ts) and its body, the catalogue's named answer (or the settings').
 */
interface Answer {
  url: string;
  body: Buffer;
}

export interface RenderedPage {
  status: 200 | 404;
  html: Buffer;
}

const SHOP_DESCRIPTION = 'Every lace, trim, button and embellishment we stock.';
const CATEGORIES_DESCRIPTION = 'Laces, trims, buttons, ribbons, rhinestones and embellishments, by category.';
const LISTING_FALLBACK = 'laces, trims and embellishments from Stitch & Trim Supplies, delivered within Lagos.';

/**
 * Rendered pages kept per main answer: its pages (a category's page 2, 3…) for each origin
 * (without PUBLIC_URL in development and test, one per Host the requests name).
 */
const PAGES_PER_ANSWER = 16;

/** Pages drawn on the server a second at most (a draw takes 2–6 ms): see DrawBudget. */
const DRAWS_PER_SECOND = 50;

/** A path segment as the router gives it to the page, or undefined when no catalogue route could take it. */
function segment(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return idOrSlugParamsSchema.safeParse({ idOrSlug: decoded }).success ? decoded : undefined;
}

const isNotFound = (error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND';

class PageNotFound extends Error {}

/**
 * The storefront's catalogue pages as HTML that carries their first API answers and their own
 * head (title, description, canonical URL, Open Graph, JSON-LD): home, /shop, /categories, a
 * category, a subcategory and a product (docs/decisions/016-pages-arrive-with-their-data.md).
 *
 * The answers are the catalogue's named answers (catalog.answers), the very ones its API routes
 * send, so a page and the API share entries and invalidation (decision 034); which URL is which
 * page, and the page-data key of each answer, is packages/shared's storefront-pages.ts. A rendered page is kept beside the cache entry of its main
 * answer (a WeakMap keyed by that Buffer) and reused while every answer it embeds is the same
 * Buffer: a warm page costs a few Map lookups, and a catalogue change (new Buffers) renders afresh.
 */
export class StorefrontPages {
  private readonly rendered = new WeakMap<Buffer, Map<string, { answers: Buffer[]; html: Buffer }>>();
  private readonly drawBudget = new DrawBudget(DRAWS_PER_SECOND);
  /** index.html with the settings answer, by that answer's Buffer. */
  private plainPages = new WeakMap<Buffer, Buffer>();
  readonly notFound: Buffer;

  constructor(
    private readonly app: FastifyInstance,
    private readonly template: PageTemplate,
    private readonly assets: WebAssets,
    /** Draws the page's markup on the server; without it the browser draws the page. */
    private readonly renderApp?: RenderApp,
  ) {
    this.notFound = template.render(notFoundHead(), '');
  }

  /** The origin of the page's absolute URLs: PUBLIC_URL's when set (config.ts publicAddress). */
  private origin(request: FastifyRequest): string {
    return this.app.publicAddress.originOf(request);
  }

  /**
   * The page for a GET of `url`, or undefined for a page that is not the catalogue's (the plain
   * index.html then). Throws what the catalogue throws when it cannot be read.
   */
  async render(request: FastifyRequest): Promise<RenderedPage | undefined> {
    const url = request.url;
    const queryAt = url.indexOf('?');
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const search = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
    const match = matchStorefrontPage(pathname);
    if (!match) return undefined;
    try {
      if (match.name === 'home') return await this.home(request);
      if (match.name === 'shop') return await this.shop(request, search);
      if (match.name === 'categories') return await this.categories(request);
      const idOrSlug = segment(match.segment ?? '');
      if (idOrSlug === undefined) throw new PageNotFound();
      if (match.name === 'category') return await this.category(request, idOrSlug, search);
      if (match.name === 'subcategory') return await this.subcategory(request, idOrSlug, search);
      return await this.product(request, idOrSlug);
    } catch (error) {
      if (error instanceof PageNotFound || isNotFound(error)) return { status: 404, html: this.notFound };
      throw error;
    }
  }

  /** The catalogue's named answers: the API routes' own. */
  private get answers() {
    return this.app.catalog.answers;
  }

  /** A catalogue answer under its page-data key. */
  private async answer(url: string, named: Promise<{ body: Buffer }>): Promise<Answer> {
    return { url, body: (await named).body };
  }

  /**
   * An answer the page can do without: when it fails, the page fetches it itself. Not when the
   * database is down: the page would fail the same way, and the 503 app shell says so (decision 028).
   */
  private async optional(build: () => Promise<Answer>): Promise<Answer | undefined> {
    try {
      return await build();
    } catch (error) {
      if (isDatabaseUnavailable(error) || isPastQueryBound(error)) throw error;
      this.app.log.warn({ err: error }, 'a page was sent without one of its answers');
      return undefined;
    }
  }

  /**
   * GET /api/settings, which every page embeds (the footer, contact and checkout show the shop's
   * details): the same Buffer until the settings change, so a kept page is drawn again after a
   * change in any process (decision 025).
   */
  private async settingsAnswer(): Promise<Answer> {
    return { url: SETTINGS_PAGE_DATA_KEY, body: (await this.app.settings.publicAnswer()).body };
  }

  /**
   * A page the catalogue does not draw (contact, about, checkout…): index.html as built, with the
   * settings answer as its page data. Kept while the settings are the same Buffer.
   */
  async plain(): Promise<Buffer> {
    const settings = await this.optional(() => this.settingsAnswer());
    if (!settings) return this.template.original;
    const kept = this.plainPages.get(settings.body);
    if (kept) return kept;
    const head = [
      this.template.title === undefined ? '' : `<title>${escapeHtml(this.template.title)}</title>`,
      this.template.description === undefined
        ? ''
        : `<meta name="description" content="${escapeHtml(this.template.description)}">`,
    ].join('\n    ');
    const html = this.template.render(head, dataBlock([settings]));
    this.plainPages = new WeakMap([[settings.body, html]]);
    return html;
  }

  private categoriesAnswer() {
    return this.answer(storefrontAnswerUrl.categories(), this.answers.categories());
  }

  private async home(request: FastifyRequest): Promise<RenderedPage> {
    const answers = await Promise.all([
      this.optional(() => this.answer(storefrontAnswerUrl.featured(), this.answers.featured())),
      this.optional(() => this.answer(storefrontAnswerUrl.hotBuys(), this.answers.hotBuys())),
    ]);
    const home = {
      title: this.template.title ?? 'Stitch & Trim Supplies',
      description: this.template.description ?? SHOP_DESCRIPTION,
    };
    const poster = this.assets.url('heroPoster');
    return this.page(request, 'home', answers, (origin) => ({
      ...homeHead(origin, home),
      // Home's largest picture: the hero video's poster, which the hero shows first.
      preloadImage: poster ? { href: poster } : undefined,
    }));
  }

  private async shop(request: FastifyRequest, search: URLSearchParams): Promise<RenderedPage> {
    const page = parsePage(search.get('page'));
    // Only the plain listing (and its pages) is embedded: a filtered one is read as the shop's
    // filters say (shop-filters.ts), and fetched by the page itself.
    const plain = [...search.keys()].every((name) => name === 'page');
    const answers = await Promise.all([
      plain ? this.optional(() => this.productsAnswer(page)) : undefined,
      this.optional(() => this.categoriesAnswer()),
    ]);
    return this.page(request, `shop ${page}`, answers, (origin) => ({
      ...listingHead(origin, '/shop', 'Shop', SHOP_DESCRIPTION, page),
      scripts: this.assets.scripts('shop'),
    }));
  }

  private productsAnswer(page: number) {
    // Parsed as the route parses the query its URL carries: the same answer, under the same key.
    const query = productListQuerySchema.parse({ page: String(page), pageSize: String(PAGE_SIZE_DEFAULT) });
    return this.answer(storefrontAnswerUrl.productList(page), this.answers.productList(query));
  }

  private async categories(request: FastifyRequest): Promise<RenderedPage> {
    const answers = [await this.optional(() => this.categoriesAnswer())];
    return this.page(request, 'categories', answers, (origin) => ({
      ...listingHead(origin, '/categories', 'Categories', CATEGORIES_DESCRIPTION),
      scripts: this.assets.scripts('categories'),
    }));
  }

  private async category(request: FastifyRequest, idOrSlug: string, search: URLSearchParams): Promise<RenderedPage> {
    const main = await this.answer(storefrontAnswerUrl.category(idOrSlug), this.answers.category(idOrSlug));
    const category = parse<{ category: Category }>(main).category;
    const page = parsePage(search.get('page'));
    // With a subcategory chosen the grid is that subcategory's listing: fetched by the page.
    const plain = !search.has('subcategory');
    const answers = await Promise.all([
      this.optional(() => this.categoriesAnswer()),
      plain
        ? this.optional(() => {
            const query = scopedListQuery(page);
            return this.answer(
              storefrontAnswerUrl.productsOfCategory(category.id, page),
              this.answers.productsOfCategory(category.id, query),
            );
          })
        : undefined,
    ]);
    return this.page(request, `category ${page}`, [main, ...answers], (origin) => ({
      ...categoryHead(origin, category, LISTING_FALLBACK, page),
      scripts: this.assets.scripts('category'),
    }));
  }

  private async subcategory(request: FastifyRequest, idOrSlug: string, search: URLSearchParams): Promise<RenderedPage> {
    const main = await this.answer(storefrontAnswerUrl.subcategory(idOrSlug), this.answers.subcategory(idOrSlug));
    const subcategory = parse<{ subcategory: SubcategoryWithCategory }>(main).subcategory;
    const page = parsePage(search.get('page'));
    const products = await this.optional(() => {
      return this.answer(
        storefrontAnswerUrl.productsOfSubcategory(subcategory.id, page),
        this.answers.productsOfSubcategory(subcategory.id, scopedListQuery(page)),
      );
    });
    return this.page(request, `subcategory ${page}`, [main, products], (origin) => ({
      ...subcategoryHead(origin, subcategory, LISTING_FALLBACK, page),
      scripts: this.assets.scripts('subcategory'),
    }));
  }

  private async product(request: FastifyRequest, idOrSlug: string): Promise<RenderedPage> {
    const main = await this.answer(storefrontAnswerUrl.product(idOrSlug), this.answers.product(idOrSlug));
    const product = parse<{ product: Product }>(main).product;
    const related = await this.optional(() =>
      this.answer(storefrontAnswerUrl.related(product.id), this.answers.related(product.id)),
    );
    return this.page(request, 'product', [main, related], (origin) => ({
      ...productHead(origin, product, productImageSrcSet),
      scripts: this.assets.scripts('product'),
    }));
  }

  /**
   * The HTML of a page: its head, the app's markup drawn from its answers, and the answers in the
   * page-data block, the shop's settings last. Reused while its answers are the cache's current
   * Buffers (a save of the settings makes a new one: the page is drawn again); a page without
   * answers (the catalogue's cache off, or every answer failed) is rendered each time. Without
   * the catalogue's answers there is nothing for the browser to start from, so no markup is drawn.
   */
  private async page(
    request: FastifyRequest,
    name: string,
    maybeAnswers: (Answer | undefined)[],
    head: (origin: string) => PageHead,
  ): Promise<RenderedPage> {
    // The settings go last: the first answer is the page's own, the key of its kept renderings.
    const own = maybeAnswers.filter((answer) => answer !== undefined);
    const settings = await this.optional(() => this.settingsAnswer());
    const answers = settings ? [...own, settings] : own;
    const origin = this.origin(request);
    const first = answers[0]?.body;
    // The markup follows the whole URL (a filtered /shop draws its filters), the head the page.
    const memoKey = `${origin} ${name} ${request.url}`;
    const byOrigin = first ? this.rendered.get(first) : undefined;
    const kept = byOrigin?.get(memoKey);
    if (kept && kept.answers.length === answers.length && kept.answers.every((body, i) => body === answers[i]?.body)) {
      return { status: 200, html: kept.html };
    }
    const pageHead = head(origin);
    const drawable = own.length > 0 && this.renderApp !== undefined && this.template.drawable;
    const overBudget = drawable && !this.drawBudget.take();
    const markup = drawable && !overBudget ? await this.drawApp(request, answers, origin) : undefined;
    // A drawn page asks for its chunks once it is painted (start-app.js), not from its head.
    const html =
      markup === undefined
        ? this.template.render(headTags(pageHead), dataBlock(answers))
        : this.template.render(headTags({ ...pageHead, scripts: [] }), dataBlock(answers), {
            markup,
            scripts: pageHead.scripts ?? [],
          });
    // A page left undrawn for the budget is drawn on a later visit, so it is not kept.
    if (first && !overBudget) {
      const memo = byOrigin ?? new Map();
      if (memo.size >= PAGES_PER_ANSWER) memo.clear();
      memo.set(memoKey, { answers: answers.map((answer) => answer.body), html });
      if (!byOrigin) this.rendered.set(first, memo);
    }
    return { status: 200, html };
  }

  /** The app's markup for the page, or undefined (no renderer, or it failed: the browser draws it). */
  private async drawApp(request: FastifyRequest, answers: Answer[], origin: string): Promise<string | undefined> {
    if (!this.renderApp) return undefined;
    try {
      return await this.renderApp(
        request.url,
        answers.map((answer) => [answer.url, parse<unknown>(answer)]),
        origin,
      );
    } catch (error) {
      this.app.log.error(
        { err: error, url: redactUrl(request.url) },
        'a page could not be drawn on the server: the browser draws it',
      );
      return undefined;
    }
  }
}

/** A listing's `page` as its route parses the query the page-data URL carries. */
function scopedListQuery(page: number) {
  return scopedProductListQuerySchema.parse({ page: String(page), pageSize: String(PAGE_SIZE_DEFAULT) });
}

/** Answers parsed once per cache entry: a warm page reads its main answer without parsing it again. */
const parsed = new WeakMap<Buffer, unknown>();

function parse<T>(answer: Answer): T {
  let value = parsed.get(answer.body);
  if (value === undefined) {
    value = JSON.parse(answer.body.toString('utf8'));
    parsed.set(answer.body, value);
  }
  return value as T;
}

/** The page's answers as `{ "<api url>": answer, … }`, safe inside its script element. */
function dataBlock(answers: Answer[]): string {
  if (answers.length === 0) return '';
  const entries = answers.map((answer) => `${JSON.stringify(answer.url)}:${answer.body.toString('utf8')}`);
  return `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(`{${entries.join(',')}}`)}</script>\n  `;
}
