/**
 * Placeholder product pictures for the demo catalogue: a swatch of the product's colour with a
 * repeating pattern, soft lighting and a label, drawn as SVG and encoded to WebP with sharp.
 * Only SVG features that librsvg (sharp's SVG renderer) draws reliably are used, and no fonts or
 * images are fetched.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { demoCatalogue, type ImagePattern, type SeedCategory, type SeedImage } from './catalogue-data';

/** The pages show thumb and full; only the picture viewer asks for large. */
export const IMAGE_SIZES = { thumb: 400, full: 1000, large: 1600 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

const WEBP_QUALITY = 78;
/** libwebp's effort 2 is about twice as fast as the default 4, for files a few per cent larger. */
const WEBP_EFFORT = 2;
const DEFAULT_CONCURRENCY = 4;
/** Drawing coordinates; the SVG is scaled to the requested pixel size. */
const VIEW = 1000;
const FONT_FAMILY = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

export function demoImageFileName(productSlug: string, index: number, size: ImageSize): string {
  return `${productSlug}-${index + 1}-${size}.webp`;
}

export function demoImageUrl(productSlug: string, index: number, size: ImageSize = 'full'): string {
  return `/images/demo/${demoImageFileName(productSlug, index, size)}`;
}

// ---------- SVG ----------

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Accepts only #rgb / #rrggbb so a bad value cannot break out of an attribute. */
function safeColour(value: string, fallback: string): string {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : fallback;
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  const value = Number.parseInt(full.slice(1), 16);
  return (0.2126 * ((value >> 16) & 255) + 0.7152 * ((value >> 8) & 255) + 0.0722 * (value & 255)) / 255;
}

/**
 * The repeating motif, drawn in the accent colour on a transparent tile. Tile sizes are
 * multiples of 5 so that they are whole pixels at every size (0.4, 1 and 1.6 pixels per unit):
 * librsvg draws fractional tiles many times more slowly.
 */
function patternTile(pattern: ImagePattern, accent: string, background: string): string {
  const tile = (size: number, body: string, extra = '', height = size) =>
    `<pattern id="motif" width="${size}" height="${height}" patternUnits="userSpaceOnUse"${extra}>${body}</pattern>`;
  switch (pattern) {
    case 'stripes':
      // Diagonal stripes drawn straight into the tile (a rotated pattern is slow in librsvg).
      return tile(
        60,
        `<path d="M0 48 L48 0 L60 0 L60 12 L12 60 L0 60 Z M48 60 L60 48 L60 60 Z M0 0 L12 0 L0 12 Z" fill="${accent}" opacity="0.85"/>` +
          `<path d="M0 30 L30 0 M30 60 L60 30" stroke="${accent}" stroke-width="4" opacity="0.45"/>`,
      );
    case 'dots':
      // Offset rows of shiny discs, like sequins, beads or buttons.
      return tile(
        90,
        (
          [
            [22, 22],
            [67, 67],
          ] as const
        )
          .map(
            ([x, y]) =>
              `<circle cx="${x}" cy="${y}" r="17" fill="${accent}"/>` +
              `<circle cx="${x}" cy="${y}" r="17" fill="none" stroke="${background}" stroke-opacity="0.35" stroke-width="2"/>` +
              `<circle cx="${x - 5}" cy="${y - 6}" r="5" fill="#ffffff" opacity="0.55"/>`,
          )
          .join(''),
      );
    case 'zigzag':
      return tile(
        80,
        `<path d="M0 34 L20 12 L40 34 L60 12 L80 34" fill="none" stroke="${accent}" stroke-width="10" stroke-linejoin="miter"/>` +
          `<path d="M0 62 L20 40 L40 62 L60 40 L80 62" fill="none" stroke="${accent}" stroke-width="3" opacity="0.5"/>`,
        '',
        70,
      );
    case 'scallop':
      // Lace-like scallops with an eyelet in each arch.
      return tile(
        100,
        `<path d="M0 30 A25 25 0 0 0 50 30 A25 25 0 0 0 100 30" fill="none" stroke="${accent}" stroke-width="7"/>` +
          `<path d="M0 70 A12.5 12.5 0 0 0 25 70 A12.5 12.5 0 0 0 50 70 A12.5 12.5 0 0 0 75 70 A12.5 12.5 0 0 0 100 70" fill="none" stroke="${accent}" stroke-width="3" opacity="0.6"/>` +
          `<circle cx="25" cy="38" r="7" fill="${accent}"/><circle cx="75" cy="38" r="7" fill="${accent}"/>` +
          `<circle cx="0" cy="62" r="3.5" fill="${accent}" opacity="0.7"/><circle cx="50" cy="62" r="3.5" fill="${accent}" opacity="0.7"/>` +
          `<circle cx="100" cy="62" r="3.5" fill="${accent}" opacity="0.7"/>`,
        '',
        90,
      );
    case 'grid':
      // A diagonal net, like tulle or mesh.
      return tile(
        45,
        `<path d="M0 0 L45 45 M45 0 L0 45" fill="none" stroke="${accent}" stroke-width="4" opacity="0.85"/>` +
          `<circle cx="22.5" cy="22.5" r="4" fill="${accent}"/><circle cx="0" cy="0" r="4" fill="${accent}"/>` +
          `<circle cx="45" cy="0" r="4" fill="${accent}"/><circle cx="0" cy="45" r="4" fill="${accent}"/>` +
          `<circle cx="45" cy="45" r="4" fill="${accent}"/>`,
      );
    case 'waves':
      return tile(
        120,
        `<path d="M0 30 C20 0 40 0 60 30 S100 60 120 30" fill="none" stroke="${accent}" stroke-width="9"/>` +
          `<path d="M0 62 C20 32 40 32 60 62 S100 92 120 62" fill="none" stroke="${accent}" stroke-width="3" opacity="0.55"/>`,
        '',
        65,
      );
    case 'diamonds':
      // Faceted stones.
      return tile(
        85,
        `<path d="M42.5 6 L79 42.5 L42.5 79 L6 42.5 Z" fill="${accent}" opacity="0.9"/>` +
          `<path d="M42.5 6 L42.5 79 M6 42.5 L79 42.5 M24.25 24.25 L60.75 60.75 M60.75 24.25 L24.25 60.75" stroke="${background}" stroke-opacity="0.3" stroke-width="2"/>` +
          `<path d="M42.5 6 L60.75 24.25 L42.5 42.5 L24.25 24.25 Z" fill="#ffffff" opacity="0.35"/>`,
      );
    case 'solid':
      // A fine twill weave, barely visible.
      return tile(
        25,
        `<path d="M-6.25 6.25 L6.25 -6.25 M0 12.5 L12.5 0 M0 25 L25 0 M12.5 25 L25 12.5 M18.75 31.25 L31.25 18.75" stroke="${accent}" stroke-width="2" opacity="0.28"/>`,
      );
  }
}

/** Rough width of bold DejaVu Sans text, in ems. */
function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) {
    if (char === ' ') width += 0.35;
    else if ("il.,·:;|!'".includes(char)) width += 0.36;
    else if ('mwMW'.includes(char)) width += 1.0;
    else if (char >= 'A' && char <= 'Z') width += 0.76;
    else if (char >= '0' && char <= '9') width += 0.7;
    else width += 0.65;
  }
  return width;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The label's markup, and a box around it (with its shadow) in drawing units, on a 5-unit grid. */
function labelPill(label: string, background: string): { markup: string; box: Box } {
  const text = label.trim() || 'Sample';
  const widthEm = textWidthEm(text);
  const fontSize = Math.max(34, Math.min(70, 780 / widthEm));
  const textWidth = widthEm * fontSize;
  const padding = fontSize * 0.9;
  const width = Math.min(VIEW - 80, Math.max(280, textWidth + padding * 2));
  const height = fontSize * 1.85;
  const x = (VIEW - width) / 2;
  const y = VIEW - 70 - height;
  // A dark pill on very light swatches, a light pill elsewhere: either way the text contrasts.
  const dark = luminance(background) > 0.78;
  const fill = dark ? '#1f1d1b' : '#fffdf8';
  const ink = dark ? '#fffdf8' : '#1f1d1b';
  const shadow =
    `<rect x="${x}" y="${y + 10}" width="${width}" height="${height}" rx="${height / 2}" fill="#000000" opacity="0.18"/>` +
    `<rect x="${x - 3}" y="${y + 5}" width="${width + 6}" height="${height}" rx="${height / 2}" fill="#000000" opacity="0.12"/>`;
  const pill = `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${height / 2}" fill="${fill}" opacity="0.94"/>`;
  const baseline = y + height / 2 + fontSize * 0.36;
  const lengthAdjust =
    textWidth > width - padding
      ? ` textLength="${Math.round(width - padding * 1.4)}" lengthAdjust="spacingAndGlyphs"`
      : '';
  const textEl = `<text x="${VIEW / 2}" y="${baseline.toFixed(1)}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${fontSize.toFixed(1)}" font-weight="bold" fill="${ink}"${lengthAdjust}>${escapeXml(text)}</text>`;
  const snap = (value: number, round: (n: number) => number) => Math.min(VIEW, Math.max(0, round(value / 5) * 5));
  const left = snap(x - 8, Math.floor);
  const top = snap(y - 5, Math.floor);
  const box = {
    x: left,
    y: top,
    width: snap(x + width + 8, Math.ceil) - left,
    height: snap(y + height + 15, Math.ceil) - top,
  };
  return { markup: shadow + pill + textEl, box };
}

// The lighting is the same on every picture, and gradients are the slowest thing librsvg draws,
// so renderProductImage draws it once per size and lays it over each swatch (see below).
const LIGHTING_DEFS =
  // Light from the top left, like a photo taken by a window.
  '<linearGradient id="light" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/>' +
  '<stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/>' +
  '<stop offset="0.7" stop-color="#000000" stop-opacity="0"/>' +
  '<stop offset="1" stop-color="#000000" stop-opacity="0.22"/>' +
  '</linearGradient>' +
  // A soft fold across the swatch.
  '<linearGradient id="fold" x1="0" y1="0.2" x2="1" y2="0.8">' +
  '<stop offset="0.3" stop-color="#000000" stop-opacity="0"/>' +
  '<stop offset="0.5" stop-color="#000000" stop-opacity="0.12"/>' +
  '<stop offset="0.56" stop-color="#ffffff" stop-opacity="0.1"/>' +
  '<stop offset="0.75" stop-color="#ffffff" stop-opacity="0"/>' +
  '</linearGradient>' +
  // The vignette that makes it read as a photographed swatch.
  '<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">' +
  '<stop offset="0.55" stop-color="#000000" stop-opacity="0"/>' +
  '<stop offset="1" stop-color="#000000" stop-opacity="0.5"/>' +
  '</radialGradient>';
const LIGHTING_BODY =
  `<rect width="${VIEW}" height="${VIEW}" fill="url(#fold)"/>` +
  `<rect width="${VIEW}" height="${VIEW}" fill="url(#light)"/>` +
  `<rect width="${VIEW}" height="${VIEW}" fill="url(#vignette)"/>`;

function svgDocument(px: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${VIEW} ${VIEW}">` +
    `${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>`
  );
}

/** The swatch itself: background colour and motif. */
function swatchLayer(image: SeedImage): { defs: string; body: string } {
  const background = safeColour(image.background, '#cccccc');
  const accent = safeColour(image.accent, '#ffffff');
  return {
    defs: patternTile(image.pattern, accent, background),
    body:
      `<rect width="${VIEW}" height="${VIEW}" fill="${background}"/>` +
      `<rect width="${VIEW}" height="${VIEW}" fill="url(#motif)"/>`,
  };
}

function labelLayer(image: SeedImage): { markup: string; box: Box } {
  return labelPill(image.label, safeColour(image.background, '#cccccc'));
}

/** The SVG source of one placeholder picture, `px` pixels square. */
export function renderProductImageSvg(image: SeedImage, px: number): string {
  const swatch = swatchLayer(image);
  return svgDocument(px, swatch.defs + LIGHTING_DEFS, swatch.body + LIGHTING_BODY + labelLayer(image).markup);
}

const lightingOverlays = new Map<number, Promise<Buffer>>();

/** The lighting layer as raw RGBA pixels, drawn once per size. */
function lightingOverlay(px: number): Promise<Buffer> {
  let overlay = lightingOverlays.get(px);
  if (!overlay) {
    overlay = sharp(Buffer.from(svgDocument(px, LIGHTING_DEFS, LIGHTING_BODY)))
      .ensureAlpha()
      .raw()
      .toBuffer();
    overlay.catch(() => lightingOverlays.delete(px));
    lightingOverlays.set(px, overlay);
  }
  return overlay;
}

/**
 * One placeholder picture as WebP. It looks the same as renderProductImageSvg's SVG, but is
 * drawn in three layers (the swatch, the lighting shared by all pictures, and the label drawn
 * only over its own small box) because that is several times faster.
 */
export async function renderProductImage(image: SeedImage, size: ImageSize): Promise<Buffer> {
  const px = IMAGE_SIZES[size];
  const scale = px / VIEW;
  const swatch = swatchLayer(image);
  const label = labelLayer(image);
  const { box } = label;
  const labelSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(box.width * scale)}" height="${Math.round(box.height * scale)}" ` +
    `viewBox="${box.x} ${box.y} ${box.width} ${box.height}">${label.markup}</svg>`;
  const lighting = await lightingOverlay(px);
  return sharp(Buffer.from(svgDocument(px, swatch.defs, swatch.body)))
    .composite([
      { input: lighting, raw: { width: px, height: px, channels: 4 } },
      { input: Buffer.from(labelSvg), left: Math.round(box.x * scale), top: Math.round(box.y * scale) },
    ])
    .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
    .toBuffer();
}

// ---------- Generating the whole set ----------

export async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/** One file of the demo catalogue's pictures: which product, which of its images, which size. */
export interface DemoPicture {
  /** The file's name in the pictures' folder (demoImageFileName). */
  name: string;
  productSlug: string;
  index: number;
  size: ImageSize;
  image: SeedImage;
}

/** Every picture file of a catalogue, in its order: each product's images, each in every size. */
export function demoPictures(catalogue: SeedCategory[] = demoCatalogue): DemoPicture[] {
  const pictures: DemoPicture[] = [];
  for (const category of catalogue) {
    for (const subcategory of category.subcategories) {
      for (const product of subcategory.products) {
        product.images.forEach((image, index) => {
          for (const size of Object.keys(IMAGE_SIZES) as ImageSize[]) {
            pictures.push({
              name: demoImageFileName(product.slug, index, size),
              productSlug: product.slug,
              index,
              size,
              image,
            });
          }
        });
      }
    }
  }
  return pictures;
}

/**
 * Writes through a temporary file of this process's own, then renames it into place: a reader
 * (or another process drawing the same picture) never sees a half-written image, and an
 * interrupted write leaves none behind.
 */
export async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes every image of every product in every size into outDir, skipping files that already
 * exist, with at most `concurrency` images being drawn at a time.
 */
export async function generateDemoImages(
  outDir: string,
  catalogue: SeedCategory[] = demoCatalogue,
  options: { concurrency?: number; log?: (msg: string) => void } = {},
): Promise<{ written: number; skipped: number }> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const log = options.log ?? (() => {});
  await mkdir(outDir, { recursive: true });

  const jobs = demoPictures(catalogue).map((picture) => ({ ...picture, file: path.join(outDir, picture.name) }));

  let written = 0;
  let skipped = 0;
  let next = 0;
  const step = Math.max(1, Math.ceil(jobs.length / 10));
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as (typeof jobs)[number];
      if (await exists(job.file)) {
        skipped++;
        continue;
      }
      await writeAtomically(job.file, await renderProductImage(job.image, job.size));
      written++;
      if (written % step === 0) log(`${written} images written…`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  log(`Demo images: ${written} written, ${skipped} already present, in ${outDir}`);
  return { written, skipped };
}
