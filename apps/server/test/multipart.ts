import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';

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

/**
 * What an admin does to sell something new with a picture: a category, a subcategory, then the
 * product with an uploaded image, through the real routes. Returns the created product.
 */
export async function createProductWithPicture(
  app: FastifyInstance,
  headers: Record<string, string>,
  names: {
    category: string;
    subcategory: string;
    product: { name: string; description: string; price: string; stock: string };
  },
) {
  const category = (
    await app.inject({ method: 'POST', url: '/api/categories', payload: { name: names.category }, headers })
  ).json().category;
  const subcategory = (
    await app.inject({
      method: 'POST',
      url: '/api/subcategories',
      payload: { name: names.subcategory, categoryId: category.id },
      headers,
    })
  ).json().subcategory;
  const body = multipart({ ...names.product, subcategoryId: subcategory.id }, [imageFile(await uniquePicture())]);
  const created = await app.inject({
    method: 'POST',
    url: '/api/products',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().product;
}
