import {
  type Category,
  FEATURED_PRODUCTS_MAX,
  HOT_BUY_PRODUCTS_MAX,
  MESSAGES,
  nairaToKobo,
  type ProductListQuery,
  type ProductPage,
  RELATED_PRODUCTS_MAX,
  SEARCH_TOTAL_CAP,
  type SearchResult,
} from '@shop/shared';
import { notFound } from '../../lib/errors';
import type { WithRawLists } from '../../lib/raw-json';
import type {
  CatalogRepository,
  PageRequest,
  ProductFilter,
  SearchPlan,
  SearchStatistics,
  Stem,
} from './catalog.repository';
import { RANK_WINDOW, TYPO_SEARCH_BELOW } from './catalog.repository';

const MAX_SEARCH_WORDS = 8;

type ListQuery = Omit<ProductListQuery, 'categoryId' | 'subcategoryId'> & {
  categoryId?: string;
  subcategoryId?: string;
};

/**
 * The words of a search, lower-cased; anything but letters and digits is dropped, so no input
 * can break the tsquery's syntax.
 */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

/**
 * A tsquery for what the visitor typed: the last word as a prefix ("gold butt" → "gold &
 * butt:*"), so live search finds products while they are still typing; each word may bring
 * alternatives spelt nearly the same. The words before the last were finished with a space, so
 * they match whole words, which their index reads far faster than a prefix.
 */
export function toTsquery(words: string[], alternatives = new Map<string, string[]>(), prefixLast = true): string {
  return words
    .map((word, index) => {
      const options = [
        prefixLast && index === words.length - 1 ? `${word}:*` : word,
        ...(alternatives.get(word) ?? []),
      ];
      return options.length === 1 ? options[0] : `(${options.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * What PostgreSQL spends, in µs, per product a search stream reads in storage order, and per
 * match its GIN index puts in a bitmap for a whole word or for a prefix (a prefix's matches are
 * gathered in full: 12 ms for "lace:*" over 51,000 matches). Measured on 200,000 products.
 */
const SCAN_US_PER_ROW = 0.6;
const BITMAP_US_PER_MATCH = 0.05;
const BITMAP_US_PER_PREFIX_MATCH = 0.25;
/** …and per row a bitmap sends to the table, to be checked against the whole query. */
const VISIT_US_PER_ROW = 0.7;
/**
 * The statistics must put the matches this many times over the cap before the count is skipped:
 * a little for one word (its share is measured), more for several (their shares are multiplied
 * as if independent, which words of one product name are not).
 */
const COUNT_SKIP_MARGIN_ONE_WORD = 1.5;
const COUNT_SKIP_MARGIN_WORDS = 4;

const prefixShares = new WeakMap<Map<string, number>, Map<string, number>>();

/** The share of products holding any lexeme that starts with `prefix`, remembered per statistics. */
function prefixShare(shares: Map<string, number>, prefix: string) {
  let known = prefixShares.get(shares);
  if (!known) {
    known = new Map();
    prefixShares.set(shares, known);
  }
  let share = known.get(prefix);
  if (share === undefined) {
    share = 0;
    for (const [lexeme, value] of shares) if (lexeme.startsWith(prefix)) share += value;
    if (known.size < 10_000) known.set(prefix, share);
  }
  return share;
}

export interface SearchTerm {
  /** The lexemes of one typed word or of one alternative spelling. */
  lexemes: string[];
  prefix: boolean;
}

/**
 * How a search reads (see CatalogRepository.searchPage), from the share of products the
 * statistics give each word: a word's share is its lexeme's (a prefix's: the sum over every
 * lexeme it starts), alternatives add up, and words multiply as if independent; a lexeme missing
 * from the statistics is rare. A stream reads the table in storage order when that costs less
 * than its index's bitmap: reading about RANK_WINDOW / share rows against gathering every match
 * of the words. Exported for its tests.
 */
export function planSearch(words: SearchTerm[][], statistics: SearchStatistics): SearchPlan {
  const products = statistics.products;
  const costs = (shares: Map<string, number>) => {
    let share = 1;
    let lastMatches = 0;
    let fewestWholeMatches = Number.POSITIVE_INFINITY;
    words.forEach((options, index) => {
      if (options.every((option) => option.lexemes.length === 0)) return; // stop words: to_tsquery drops them
      let wordShare = 0;
      const seen = new Set<string>(); // "rhinestone" and "rhinestones" are one lexeme
      for (const option of options) {
        for (const lexeme of option.lexemes) {
          const key = `${lexeme}${option.prefix ? ':*' : ''}`;
          if (seen.has(key)) continue;
          seen.add(key);
          wordShare += option.prefix ? prefixShare(shares, lexeme) : (shares.get(lexeme) ?? 0);
        }
      }
      wordShare = Math.min(1, wordShare);
      share *= wordShare;
      if (index < words.length - 1) fewestWholeMatches = Math.min(fewestWholeMatches, wordShare * products);
      else lastMatches = wordShare * products;
    });
    // Asking the index for every word gathers the last one's matches in full (a prefix's dearly)
    // and visits the rows that match them all; asking it for the whole words only (SearchQuery)
    // visits every row holding the rarest of them.
    const lastIsPrefix = words.at(-1)?.some((option) => option.prefix) ?? false;
    const lastBitmap = lastMatches * (lastIsPrefix ? BITMAP_US_PER_PREFIX_MATCH : BITMAP_US_PER_MATCH);
    const allWords = lastBitmap + share * products * VISIT_US_PER_ROW;
    if (!Number.isFinite(fewestWholeMatches)) return { share, bitmap: allWords, wholeWordsOnly: false };
    const wholeWords = fewestWholeMatches * (BITMAP_US_PER_MATCH + VISIT_US_PER_ROW);
    const withAll = allWords + fewestWholeMatches * BITMAP_US_PER_MATCH;
    return { share, bitmap: Math.min(wholeWords, withAll), wholeWordsOnly: wholeWords <= withAll };
  };
  const scanCost = (share: number) => Math.min(products, share > 0 ? RANK_WINDOW / share : products) * SCAN_US_PER_ROW;
  const searched = words.filter((options) => options.some((option) => option.lexemes.length > 0)).length;
  // Only stop words ("but", "in" on the way to "button", "interfacing"): to_tsquery keeps nothing
  // and nothing matches. A scan would read the whole table to find so (~0.3 s at 200,000
  // products); the index knows at once.
  if (searched === 0) return { count: false, scanNames: false, scanOthers: false, wholeWordsOnly: false };
  const names = costs(statistics.names);
  const all = costs(statistics.all);
  return {
    count:
      all.share * products < (searched > 1 ? COUNT_SKIP_MARGIN_WORDS : COUNT_SKIP_MARGIN_ONE_WORD) * SEARCH_TOTAL_CAP,
    scanNames: scanCost(names.share) < names.bitmap,
    scanOthers: scanCost(all.share - names.share) < all.bitmap,
    wholeWordsOnly: all.wholeWordsOnly,
    nameShare: names.share,
    otherShare: all.share - names.share,
  };
}

export class CatalogService {
  constructor(private readonly repository: CatalogRepository) {}

  async listCategories(): Promise<Category[]> {
    const [categories, subcategories] = await Promise.all([
      this.repository.listCategories(),
      this.repository.listSubcategories(),
    ]);
    return categories.map((category) => ({
      ...category,
      subcategories: subcategories.filter((sub) => sub.categoryId === category.id),
    }));
  }

  async getCategory(idOrSlug: string): Promise<Category> {
    const category = await this.repository.findCategory(idOrSlug);
    if (!category) throw notFound(MESSAGES.categoryNotFound);
    return { ...category, subcategories: await this.repository.listSubcategories(category.id) };
  }

  async listSubcategoriesOf(categoryIdOrSlug: string) {
    const category = await this.repository.findCategory(categoryIdOrSlug);
    if (!category) throw notFound(MESSAGES.categoryNotFound);
    return this.repository.listSubcategories(category.id);
  }

  async getSubcategory(idOrSlug: string) {
    const row = await this.repository.findSubcategory(idOrSlug);
    if (!row) throw notFound(MESSAGES.subcategoryNotFound);
    const { categoryName, categorySlug, ...subcategory } = row;
    return { ...subcategory, category: { id: row.categoryId, name: categoryName, slug: categorySlug } };
  }

  /** Category and subcategory filters take an id or a slug; an unknown one matches nothing. */
  async listProducts(query: ListQuery): Promise<WithRawLists<ProductPage>> {
    const filter: ProductFilter = {
      minPriceKobo: query.minPrice === undefined ? undefined : (nairaToKobo(query.minPrice) ?? undefined),
      maxPriceKobo: query.maxPrice === undefined ? undefined : (nairaToKobo(query.maxPrice) ?? undefined),
      inStock: query.inStock === 'true',
    };
    const page = { page: query.page, pageSize: query.pageSize };
    if (query.categoryId) {
      const category = await this.repository.findCategory(query.categoryId);
      if (!category) return { products: [], page: page.page, pageSize: page.pageSize, total: 0 };
      filter.categoryId = category.id;
    }
    if (query.subcategoryId) {
      const subcategory = await this.repository.findSubcategory(query.subcategoryId);
      if (!subcategory) return { products: [], page: page.page, pageSize: page.pageSize, total: 0 };
      filter.subcategoryId = subcategory.id;
    }
    const result = await this.repository.listProducts(filter, query.sort, page);
    return { ...result, ...page };
  }

  async listProductsOfCategory(idOrSlug: string, query: ListQuery): Promise<WithRawLists<ProductPage>> {
    const category = await this.repository.findCategory(idOrSlug);
    if (!category) throw notFound(MESSAGES.categoryNotFound);
    return this.listProducts({ ...query, categoryId: category.id, subcategoryId: undefined });
  }

  async listProductsOfSubcategory(idOrSlug: string, query: ListQuery): Promise<WithRawLists<ProductPage>> {
    const subcategory = await this.repository.findSubcategory(idOrSlug);
    if (!subcategory) throw notFound(MESSAGES.subcategoryNotFound);
    return this.listProducts({ ...query, categoryId: undefined, subcategoryId: subcategory.id });
  }

  async getProduct(idOrSlug: string) {
    const product = await this.repository.findProduct(idOrSlug);
    if (!product) throw notFound(MESSAGES.productNotFound);
    return product;
  }

  async relatedProducts(idOrSlug: string) {
    const product = await this.getProduct(idOrSlug);
    return this.repository.relatedProducts(product, RELATED_PRODUCTS_MAX);
  }

  hotBuys() {
    return this.repository.hotBuys(HOT_BUY_PRODUCTS_MAX);
  }

  featured() {
    return this.repository.featured(FEATURED_PRODUCTS_MAX);
  }

  /**
   * Full-text first; only when it finds too little, the same with typos corrected. Top-K: the
   * total is exact up to SEARCH_TOTAL_CAP, beyond it `totalCapped` (decision 015).
   */
  async search(query: string, page: PageRequest): Promise<WithRawLists<SearchResult>> {
    const text = query.trim();
    const typed = searchWords(text);
    const stems = typed.length > 0 ? await this.repository.stems(typed) : new Map<string, Stem>();
    const words = [...new Set(typed.map((word) => stems.get(word)?.folded ?? '').filter((word) => word !== ''))];
    if (words.length === 0) return { products: [], total: 0, totalCapped: false, query: text, ...page };
    let { similar, ...result } = await this.searchFor(words, new Map(), page, words);
    // Too few matches: the same round trip brought words spelt nearly the same (TYPO_SEARCH_BELOW).
    if (result.total < TYPO_SEARCH_BELOW && similar.size > 0 && !(await this.addNothing(words, similar, result.total)))
      ({ similar, ...result } = await this.searchFor(words, similar, page));
    return { ...result, query: text, ...page };
  }

  /**
   * Whether searching again with these alternatives would give the same answer, so the second
   * round trip can be spared (decision 036): nothing was found, and every alternative stems to
   * the lexeme of its word ("laces" for "lace"), or for the last word, typed as a prefix, to one
   * it starts ("sequinned" for "sequin:*"). Then the corrected tsquery matches exactly what the
   * first did: nothing. With one match or more the pass still runs (its ranks could order them
   * differently).
   */
  private async addNothing(words: string[], alternatives: Map<string, string[]>, found: number) {
    if (found > 0) return false;
    const stems = await this.repository.stems([...words, ...[...alternatives.values()].flat()]);
    return words.every((word, index) => {
      const options = alternatives.get(word) ?? [];
      const own = stems.get(word)?.lexemes ?? [];
      if (own.length !== 1) return options.length === 0;
      const lexeme = own[0] ?? '';
      const prefix = index === words.length - 1;
      return options.every((option) =>
        (stems.get(option)?.lexemes ?? []).every((other) => (prefix ? other.startsWith(lexeme) : other === lexeme)),
      );
    });
  }

  private async searchFor(
    words: string[],
    alternatives: Map<string, string[]>,
    page: PageRequest,
    typoWords?: string[],
  ) {
    const [statistics, stems] = await Promise.all([
      this.repository.searchStatistics(),
      this.repository.stems([...words, ...[...alternatives.values()].flat()]),
    ]);
    const terms = words.map((word, index) => [
      { lexemes: stems.get(word)?.lexemes ?? [], prefix: index === words.length - 1 },
      ...(alternatives.get(word) ?? []).map((alternative) => ({
        lexemes: stems.get(alternative)?.lexemes ?? [],
        prefix: false,
      })),
    ]);
    const whole = words.slice(0, -1);
    const full = toTsquery(words, alternatives);
    // The index is asked for the whole words only when that costs less (SearchQuery, planSearch)
    // and they are not all stop words.
    const plan = planSearch(terms, statistics);
    const indexed =
      plan.wholeWordsOnly && whole.some((word) => (stems.get(word)?.lexemes.length ?? 0) > 0)
        ? toTsquery(whole, alternatives, false)
        : full;
    return this.repository.searchPage({ full, indexed }, plan, page, typoWords);
  }
}
