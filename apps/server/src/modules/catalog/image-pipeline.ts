import { createHash } from 'node:crypto';
import { IMAGE_MESSAGES, PRODUCT_IMAGE_MAX_BYTES } from '@shop/shared';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/errors';
import { UPLOADS_URL_PREFIX } from '../../storage';

/**
 * Uploaded product pictures → the three WebP renditions the storefront shows (the demo images'
 * sizes: `-thumb` 400 px and `-full` 1000 px on the pages, `-large` 1600 px only in the picture
 * viewer, apps/web/src/lib/product-images.ts), named by the hash of the full one's bytes
 * (decision 014). No rendition is ever enlarged: a 1200 px upload's large file is 1200 px.
 *
 * The type comes from the bytes (never the file name or the declared Content-Type); only JPEG,
 * PNG, WebP and AVIF pass; an animation or a multi-page file is refused; the pixel count is read
 * from the header and checked before anything is decoded (a decompression bomb costs nothing);
 * the picture is turned upright from its EXIF orientation and written without any metadata
 * (location, camera, ICC profile) — sharp keeps none unless asked with withMetadata().
 */

export const IMAGE_RENDITIONS = { thumb: 400, full: 1000, large: 1600 } as const;
export const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

export interface ProcessedImage {
  /** sha256 of the full rendition (hex, 64 characters): the images' shared name. */
  hash: string;
  /** The URL products keep (the full rendition); the others' are the same with -thumb / -large. */
  url: string;
  files: { key: string; bytes: Buffer }[];
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupportedType);
const animated = () => new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.animated);
const tooManyPixels = () => new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
export const imageTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The picture's type from its first bytes (magic numbers), or undefined for anything else. */
export function sniffImageType(bytes: Buffer): ImageType | 'avif-sequence' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: [size]ftyp[major brand][minor version][compatible brands…]
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands[0] === 'avis') return 'avif-sequence';
    if (brands.includes('avif')) return 'avif';
    if (brands.includes('avis')) return 'avif-sequence';
  }
  return undefined;
}

/** An animated PNG has an acTL chunk before its first IDAT. */
function isAnimatedPng(bytes: Buffer): boolean {
  const actl = bytes.indexOf('acTL', 8, 'latin1');
  if (actl < 0) return false;
  const idat = bytes.indexOf('IDAT', 8, 'latin1');
  return idat < 0 || actl < idat;
}

/** Checks one upload and makes its renditions; throws the AppError a client is told. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > PRODUCT_IMAGE_MAX_BYTES) throw imageTooLarge();
  const type = sniffImageType(bytes);
  if (type === 'avif-sequence') throw animated();
  if (!type) throw unsupported();
  if (type === 'png' && isAnimatedPng(bytes)) throw animated();

  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    // libvips checks limitInputPixels against the header alone: nothing was decoded.
    if (/pixel limit/i.test(String((error as Error)?.message))) throw tooManyPixels();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unreadable);
  }
  // What libvips found must be what the bytes said (a PNG header on a JPEG body is refused).
  const format = metadata.format === 'heif' ? 'avif' : metadata.format;
  if (format !== type) throw unsupported();
  if ((metadata.pages ?? 1) > 1) throw animated();
  const { width = 0, height = 0 } = metadata;
  if (width < 1 || height < 1) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unreadable);
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();

  // One decode, three renditions (clone shares the input).
  const upright = input().rotate(); // upright from the EXIF orientation, before the metadata goes
  const render = (size: number) =>
    upright
      .clone()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  let full: Buffer;
  let thumb: Buffer;
  let large: Buffer;
  try {
    [full, thumb, large] = await Promise.all([
      render(IMAGE_RENDITIONS.full),
      render(IMAGE_RENDITIONS.thumb),
      render(IMAGE_RENDITIONS.large),
    ]);
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error)?.message))) throw tooManyPixels();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unreadable);
  }
  const hash = createHash('sha256').update(full).digest('hex');
  const names = uploadKeys(hash);
  return {
    hash,
    url: `${UPLOADS_URL_PREFIX}${names.full}`,
    files: [
      { key: names.full, bytes: full },
      { key: names.thumb, bytes: thumb },
      { key: names.large, bytes: large },
    ],
  };
}

/** Every file of one uploaded picture; an upload from before the large size has no `large` file. */
export function uploadKeys(hash: string) {
  return { full: `${hash}-full.webp`, thumb: `${hash}-thumb.webp`, large: `${hash}-large.webp` };
}

const UPLOAD_URL = new RegExp(`^${UPLOADS_URL_PREFIX.replaceAll('/', '\\/')}([0-9a-f]{64})-full\\.webp$`);

/** The hash of an uploaded image's URL, or undefined for any other URL (the demo images). */
export function uploadHashOf(url: string): string | undefined {
  return UPLOAD_URL.exec(url)?.[1];
}
