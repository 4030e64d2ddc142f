import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Helpers for tests that send multipart forms (product images, CSV imports) through inject. */

export interface FilePart {
  field: string;
  filename: string;
  contentType?: string;
  bytes: Buffer;
}

/** A multipart/form-data body and its Content-Type, as a browser's FormData sends it. */
export function multipart(fields: Record<string, string | string[]>, files: FilePart[] = []) {
  const boundary = `----shoptest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, values] of Object.entries(fields)) {
    for (const value of Array.isArray(values) ? values : [values]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small real picture: a solid colour of the given size, as JPEG, PNG, WebP or AVIF. */
export async function picture(
  format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg',
  { width = 64, height = 48, colour = '#c0392b' }: { width?: number; height?: number; colour?: string } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

let colourCounter = 0;
/** A JPEG no other call made: its renditions get a hash of their own. */
export async function uniquePicture(format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  colourCounter += 1;
  const value = (colourCounter * 2_654_435_761) % 0xffffff;
  return picture(format, { colour: `#${value.toString(16).padStart(6, '0')}`, width: 40 + (colourCounter % 50) });
}

/** An image file part for the `images` field. */
export const imageFile = (bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): FilePart => ({
  field: 'images',
  filename,
  contentType,
  bytes,
});
