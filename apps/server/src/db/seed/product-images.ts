/**
 * Placeholder product pictures for the demo catalogue: a swatch of the product's colour with a
 * repeating pattern, soft lighting and a label, drawn as SVG and encoded to WebP with sharp.
 * Only SVG features that librsvg (sharp's SVG renderer) draws reliably are used, and no fonts or
 * images are fetched.
 */
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { demoCatalogue, type ImagePattern, type SeedCategory, type SeedImage } from './catalogue-data';

export const IMAGE_SIZES = { thumb: 400, full: 1000 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

const WEBP_QUALITY = 78;
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

/** The repeating motif, drawn in the accent colour on a transparent tile. */
function patternTile(pattern: ImagePattern, accent: string, background: string): string {
  const tile = (size: number, body: string, extra = '', height = size) =>
    `<pattern id="motif" width="${size}" height="${height}" patternUnits="userSpaceOnUse"${extra}>${body}</pattern>`;
  switch (pattern) {
    case 'stripes':
      return tile(
        64,
        `<rect x="0" y="0" width="24" height="64" fill="${accent}" opacity="0.85"/>` +
          `<rect x="32" y="0" width="5" height="64" fill="${accent}" opacity="0.45"/>`,
        ' patternTransform="rotate(35)"',
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
        72,
      );
    case 'scallop':
      // Lace-like scallops with an eyelet in each arch.
      return tile(
        100,
        `<path d="M0 30 A25 25 0 0 0 50 30 A25 25 0 0 0 100 30" fill="none" stroke="${accent}" stroke-width="7"/>` +
          `<path d="M-50 75 A25 25 0 0 0 0 75 A25 25 0 0 0 50 75 A25 25 0 0 0 100 75 A25 25 0 0 0 150 75" fill="none" stroke="${accent}" stroke-width="3" opacity="0.6"/>` +
          `<circle cx="25" cy="38" r="7" fill="${accent}"/><circle cx="75" cy="38" r="7" fill="${accent}"/>` +
          `<circle cx="50" cy="83" r="4" fill="${accent}" opacity="0.7"/><circle cx="0" cy="83" r="4" fill="${accent}" opacity="0.7"/>` +
          `<circle cx="100" cy="83" r="4" fill="${accent}" opacity="0.7"/>`,
        '',
        90,
      );
    case 'grid':
      // A net, like tulle or mesh.
      return tile(
        44,
        `<path d="M0 0 H44 M0 0 V44" fill="none" stroke="${accent}" stroke-width="4" opacity="0.85"/>` +
          `<circle cx="0" cy="0" r="4" fill="${accent}"/><circle cx="44" cy="0" r="4" fill="${accent}"/>` +
          `<circle cx="0" cy="44" r="4" fill="${accent}"/><circle cx="44" cy="44" r="4" fill="${accent}"/>`,
        ' patternTransform="rotate(45)"',
      );
    case 'waves':
      return tile(
        120,
        `<path d="M0 30 C20 0 40 0 60 30 S100 60 120 30" fill="none" stroke="${accent}" stroke-width="9"/>` +
          `<path d="M0 62 C20 32 40 32 60 62 S100 92 120 62" fill="none" stroke="${accent}" stroke-width="3" opacity="0.55"/>`,
        '',
        64,
      );
    case 'diamonds':
      // Faceted stones.
      return tile(
        84,
        `<path d="M42 6 L78 42 L42 78 L6 42 Z" fill="${accent}" opacity="0.9"/>` +
          `<path d="M42 6 L42 78 M6 42 L78 42 M24 24 L60 60 M60 24 L24 60" stroke="${background}" stroke-opacity="0.3" stroke-width="2"/>` +
          `<path d="M42 6 L60 24 L42 42 L24 24 Z" fill="#ffffff" opacity="0.35"/>`,
      );
    case 'solid':
      // A fine twill weave, barely visible.
      return tile(
        10,
        `<path d="M0 10 L10 0 M-5 5 L5 -5 M5 15 L15 5" stroke="${accent}" stroke-width="2" opacity="0.22"/>`,
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

function labelPill(label: string, background: string): string {
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
  return shadow + pill + textEl;
}

/** The SVG source of one placeholder picture, `px` pixels square. */
export function renderProductImageSvg(image: SeedImage, px: number): string {
  const background = safeColour(image.background, '#cccccc');
  const accent = safeColour(image.accent, '#ffffff');
  const defs =
    patternTile(image.pattern, accent, background) +
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
    '<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">' +
    '<stop offset="0.55" stop-color="#000000" stop-opacity="0"/>' +
    '<stop offset="1" stop-color="#000000" stop-opacity="0.5"/>' +
    '</radialGradient>';
  const body =
    `<rect width="${VIEW}" height="${VIEW}" fill="${background}"/>` +
    `<rect width="${VIEW}" height="${VIEW}" fill="url(#motif)"/>` +
    `<rect width="${VIEW}" height="${VIEW}" fill="url(#fold)"/>` +
    `<rect width="${VIEW}" height="${VIEW}" fill="url(#light)"/>` +
    `<rect width="${VIEW}" height="${VIEW}" fill="url(#vignette)"/>` +
    labelPill(image.label, background);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${VIEW} ${VIEW}">` +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

/** One placeholder picture as WebP. */
export async function renderProductImage(image: SeedImage, size: ImageSize): Promise<Buffer> {
  const px = IMAGE_SIZES[size];
  return sharp(Buffer.from(renderProductImageSvg(image, px)))
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

// ---------- Generating the whole set ----------

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/** Writes through a temporary file, so an interrupted run never leaves a half-written image behind. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes every image of every product in both sizes into outDir, skipping files that already
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

  const jobs: { file: string; image: SeedImage; size: ImageSize }[] = [];
  for (const category of catalogue) {
    for (const subcategory of category.subcategories) {
      for (const product of subcategory.products) {
        product.images.forEach((image, index) => {
          for (const size of Object.keys(IMAGE_SIZES) as ImageSize[]) {
            jobs.push({ file: path.join(outDir, demoImageFileName(product.slug, index, size)), image, size });
          }
        });
      }
    }
  }

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
