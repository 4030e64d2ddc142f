/**
 * Draws the demo catalogue's pictures while the shop runs (docs/decisions/042-first-start.md):
 * a picture someone asks for goes to the front of the queue, the rest are drawn in the
 * background, most-viewed first. At most `concurrency` pictures are drawn at a time; sharp draws
 * each one on libuv's thread pool, so the shop's own thread only queues them and stays free for
 * requests. Each file is written atomically (writeAtomically), so a half-drawn picture is never
 * served, and two processes sharing the folder at worst draw the same picture twice.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { SeedCategory } from './catalogue-data';
import { type DemoPicture, demoPictures, exists, renderProductImage, writeAtomically } from './product-images';

export interface FillSummary {
  /** Pictures this fill drew. */
  drawn: number;
  /** Pictures of the catalogue on disk when it ended. */
  present: number;
  total: number;
  seconds: number;
  /** The shop closed, or drawing failed (the folder not writable), before every picture was drawn. */
  stopped: boolean;
}

export interface DemoPictureQueueOptions {
  concurrency: number;
  /** One line at the start of a fill that has something to draw, one at its end, one on failure. */
  log?: { info(message: string): void; warn(details: object, message: string): void };
  /** Draws one picture (renderProductImage; tests count or slow the drawing). */
  draw?: (picture: DemoPicture) => Promise<Buffer>;
}

/** The sizes in the order pages use them: cards show thumbs, product pages full, the viewer large. */
const SIZE_ORDER = { thumb: 0, full: 1, large: 2 } as const;

export class DemoPictureQueue {
  private readonly byName = new Map<string, DemoPicture>();
  private readonly present = new Set<string>();
  private readonly drawing = new Map<string, Promise<boolean>>();
  /** Names asked for by requests, first come first drawn. */
  private readonly urgent: { name: string; settle: (drawn: Promise<boolean>) => void }[] = [];
  /** What the fill still has to draw, in order. */
  private backlog: string[] = [];
  private active = 0;
  private closed = false;
  private failed = false;
  private scanned: Promise<void> | undefined;
  private fillDone: Promise<FillSummary> | undefined;
  private wake: (() => void) | undefined;
  private readonly draw: (picture: DemoPicture) => Promise<Buffer>;

  constructor(
    readonly dir: string,
    catalogue: SeedCategory[],
    private readonly options: DemoPictureQueueOptions,
  ) {
    for (const picture of demoPictures(catalogue)) this.byName.set(picture.name, picture);
    this.draw = options.draw ?? ((picture) => renderProductImage(picture.image, picture.size));
  }

  get total(): number {
    return this.byName.size;
  }

  /** The fill under way or finished, if one was started. */
  get done(): Promise<FillSummary> | undefined {
    return this.fillDone;
  }

  /** Whether `name` is one of the catalogue's picture files. */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * Makes sure the picture is on disk: true at once when it is, otherwise it is drawn before
   * anything the background fill has queued. False when it cannot be drawn (the folder is not
   * writable) or the shop is closing: the request then finds no file and the page shows its
   * placeholder.
   */
  async ensure(name: string): Promise<boolean> {
    if (!this.byName.has(name)) return false;
    await this.scan();
    if (this.present.has(name)) return true;
    const under = this.drawing.get(name);
    if (under) return under;
    if (this.closed || this.failed) return false;
    const drawn = new Promise<boolean>((resolve) => this.urgent.push({ name, settle: resolve }));
    this.pump();
    return drawn;
  }

  /**
   * Draws every picture not yet on disk, those of `firstSlugs`' products first (in that order),
   * then every product's first picture, then the rest; within each, thumbs before full before
   * large. Started once: later calls return the same promise.
   */
  fill(firstSlugs: readonly string[] | Promise<readonly string[]> = []): Promise<FillSummary> {
    this.fillDone ??= this.runFill(firstSlugs);
    return this.fillDone;
  }

  /** Takes no more pictures and waits for those being drawn (each is written whole or not at all). */
  async close(): Promise<void> {
    this.closed = true;
    this.backlog = [];
    for (const waiting of this.urgent.splice(0)) waiting.settle(Promise.resolve(false));
    this.wake?.();
    await Promise.allSettled([...this.drawing.values()]);
    await this.fillDone;
  }

  private scan(): Promise<void> {
    this.scanned ??= (async () => {
      await mkdir(this.dir, { recursive: true }).catch(() => {});
      const names = await readdir(this.dir).catch(() => [] as string[]);
      for (const name of names) if (this.byName.has(name)) this.present.add(name);
    })();
    return this.scanned;
  }

  private order(firstSlugs: readonly string[]): string[] {
    const rank = new Map<string, number>();
    firstSlugs.forEach((slug, position) => {
      if (!rank.has(slug)) rank.set(slug, position);
    });
    const pictures = [...this.byName.values()];
    const tier = (picture: DemoPicture) => {
      const first = rank.get(picture.productSlug);
      if (picture.size === 'large') return 3;
      if (first !== undefined && picture.index === 0) return 0;
      return picture.index === 0 ? 1 : 2;
    };
    // A stable sort keeps the catalogue's order within a tier.
    return pictures
      .map((picture, position) => ({ picture, position }))
      .sort(
        (a, b) =>
          tier(a.picture) - tier(b.picture) ||
          (tier(a.picture) === 0
            ? (rank.get(a.picture.productSlug) ?? 0) - (rank.get(b.picture.productSlug) ?? 0)
            : 0) ||
          SIZE_ORDER[a.picture.size] - SIZE_ORDER[b.picture.size] ||
          a.position - b.position,
      )
      .map(({ picture }) => picture.name);
  }

  private async runFill(firstSlugs: readonly string[] | Promise<readonly string[]>): Promise<FillSummary> {
    const started = performance.now();
    await this.scan();
    let drawn = 0;
    const order = this.order(await firstSlugs);
    this.backlog = this.closed ? [] : order.filter((name) => !this.present.has(name));
    const missing = this.backlog.length;
    if (missing > 0 && !this.closed) {
      this.options.log?.info(
        `demo pictures: drawing ${missing} of ${this.total} in the background, ${this.options.concurrency} at a time`,
      );
    }
    const countBefore = this.present.size;
    await new Promise<void>((resolve) => {
      this.wake = () => {
        if (this.closed || this.failed || (this.backlog.length === 0 && this.active === 0)) resolve();
      };
      this.pump();
      this.wake();
    });
    this.wake = undefined;
    // Closing stops the fill at once; what was being drawn still lands (or not) before it counts.
    await Promise.allSettled([...this.drawing.values()]);
    drawn = this.present.size - countBefore;
    const summary: FillSummary = {
      drawn,
      present: this.present.size,
      total: this.total,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      stopped: this.present.size < this.total,
    };
    if (missing > 0 && !summary.stopped) {
      this.options.log?.info(`demo pictures: ${drawn} drawn in ${summary.seconds} s; all ${this.total} on disk`);
    } else if (missing === 0) {
      this.options.log?.info(`demo pictures: all ${this.total} already on disk`);
    }
    return summary;
  }

  /** Starts drawing while there is room: requests' pictures first, then the fill's backlog. */
  private pump() {
    while (this.active < this.options.concurrency && !this.closed) {
      const next = this.urgent.shift();
      if (next) {
        next.settle(this.start(next.name));
        continue;
      }
      if (this.failed) return;
      const name = this.backlog.shift();
      if (name === undefined) return;
      if (this.present.has(name) || this.drawing.has(name)) continue;
      void this.start(name);
    }
  }

  private start(name: string): Promise<boolean> {
    if (this.present.has(name)) return Promise.resolve(true);
    const under = this.drawing.get(name);
    if (under) return under;
    const picture = this.byName.get(name) as DemoPicture;
    this.active++;
    const drawn = (async () => {
      try {
        const file = path.join(this.dir, name);
        // Another process sharing the folder may have drawn it since the scan.
        if (!(await exists(file))) await writeAtomically(file, await this.draw(picture));
        this.present.add(name);
        return true;
      } catch (error) {
        if (!this.failed) {
          this.failed = true;
          this.backlog = [];
          this.options.log?.warn(
            { err: error, dir: this.dir },
            'demo pictures: drawing failed; pictures not on disk show their placeholder',
          );
        }
        return false;
      } finally {
        this.drawing.delete(name);
        this.active--;
        // Between two pictures the event loop takes whatever requests have come in.
        await yieldToRequests();
        this.pump();
        this.wake?.();
      }
    })();
    this.drawing.set(name, drawn);
    return drawn;
  }
}
