import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { IMAGE_MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, type Session } from '../../../test/accounts';
import { createTestApp } from '../../../test/helper';
import { imageFile, multipart, picture, uniquePicture } from '../../../test/multipart';
import { sniffImageType } from './image-pipeline';

// Every refused upload: the right status and message, no product made, no file left behind.

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-image-uploads-'));
let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let admin: Session;
let subcategoryId: string;

const files = () => readdirSync(uploadsDir).sort();

async function productCount(): Promise<number> {
  const [row] = await shop.database.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  return row?.n ?? 0;
}

function form(name: string) {
  return {
    name,
    description: 'A picture test',
    price: '100',
    stock: '1',
    subcategoryId,
  };
}

async function upload(parts: ReturnType<typeof imageFile>[], name = 'Upload test') {
  const body = multipart(form(name), parts);
  return app.inject({
    method: 'POST',
    url: '/api/products',
    payload: body.payload,
    headers: { ...bearer(admin), ...body.headers },
  });
}

/** A PNG whose header claims width × height pixels, in a few dozen bytes: a decompression bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function animated(format: 'webp' | 'gif') {
  const frames = await Promise.all([picture('png', { colour: '#ff0000' }), picture('png', { colour: '#0000ff' })]);
  return sharp(frames, { join: { animated: true } })
    .toFormat(format)
    .toBuffer();
}

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false, storage: { kind: 'disk', dir: uploadsDir } });
  app = shop.app;
  admin = await login(app, ADMIN.email, ADMIN.password);
  const headers = bearer(admin);
  const category = (
    await app.inject({ method: 'POST', url: '/api/categories', payload: { name: 'Pictures' }, headers })
  ).json().category;
  subcategoryId = (
    await app.inject({
      method: 'POST',
      url: '/api/subcategories',
      payload: { name: 'Picture tests', categoryId: category.id },
      headers,
    })
  ).json().subcategory.id;
});
afterAll(async () => shop?.close());

describe('refused uploads', () => {
  const refusals: [string, () => Promise<ReturnType<typeof imageFile>[]>, number, string][] = [
    [
      'a text file named photo.png and sent as image/png',
      async () => [imageFile(Buffer.from('just some text, not a picture\n'.repeat(20)), 'photo.png', 'image/png')],
      415,
      IMAGE_MESSAGES.unsupportedType,
    ],
    [
      'an SVG (a document that may carry a script)',
      async () => [
        imageFile(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
          'logo.svg',
          'image/svg+xml',
        ),
      ],
      415,
      IMAGE_MESSAGES.unsupportedType,
    ],
    [
      'a GIF',
      async () => [imageFile(await animated('gif'), 'spinner.gif', 'image/gif')],
      415,
      IMAGE_MESSAGES.unsupportedType,
    ],
    [
      'an animated WebP',
      async () => [imageFile(await animated('webp'), 'moving.webp', 'image/webp')],
      415,
      IMAGE_MESSAGES.animated,
    ],
    [
      'a 6 MB file',
      async () => {
        const big = Buffer.alloc(6 * 1024 * 1024, 7);
        (await picture('jpeg')).copy(big);
        return [imageFile(big, 'huge.jpg')];
      },
      413,
      IMAGE_MESSAGES.tooLarge,
    ],
    [
      'a pixel bomb (a tiny PNG claiming 100,000 × 100,000 pixels)',
      async () => [imageFile(pngClaiming(100_000, 100_000), 'bomb.png', 'image/png')],
      413,
      IMAGE_MESSAGES.tooManyPixels,
    ],
    [
      'a PNG header on a JPEG body',
      async () => {
        const jpeg = await picture('jpeg');
        return [imageFile(Buffer.concat([pngClaiming(10, 10).subarray(0, 8), jpeg]), 'mixed.png', 'image/png')];
      },
      415,
      IMAGE_MESSAGES.unreadable,
    ],
    [
      'a good picture followed by a bad one (nothing of the good one is kept either)',
      async () => [
        imageFile(await uniquePicture()),
        imageFile(Buffer.from('%PDF-1.7 not a picture'), 'scan.jpg', 'image/jpeg'),
      ],
      415,
      IMAGE_MESSAGES.unsupportedType,
    ],
  ];

  it.each(refusals)('refuses %s, creates nothing and leaves no file behind', async (_name, parts, status, message) => {
    const before = { count: await productCount(), files: files() };
    const response = await upload(await parts());
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({
      code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
      message,
    });
    expect(await productCount()).toBe(before.count);
    expect(files()).toEqual(before.files);
  });

  it('refuses more than eight images with the limit’s message', async () => {
    const before = files();
    const pictures = await Promise.all(Array.from({ length: 9 }, () => uniquePicture()));
    const response = await upload(pictures.map((bytes) => imageFile(bytes)));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.images).toBe(IMAGE_MESSAGES.tooMany);
    expect(files()).toEqual(before);
  });
});

describe('oversized bodies', () => {
  it('refuses a JSON body above the app’s small limit before parsing it, even from a guest', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a form whose declared length is above eight images at their limit', async () => {
    const body = multipart(form('Too long'), [imageFile(await uniquePicture())]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: body.payload,
      headers: { ...bearer(admin), ...body.headers, 'content-length': String(50 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('accepted uploads', () => {
  it('turns the picture upright from its EXIF orientation and keeps no EXIF or other metadata', async () => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2e86c1' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Secret studio', Artist: 'Camera owner' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload([imageFile(photo, 'camera.jpg')], 'Camera photo');
    expect(response.statusCode, response.body).toBe(201);
    const url = response.json().product.images[0] as string;
    const served = (await app.inject({ method: 'GET', url })).rawPayload;
    const metadata = await sharp(served).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Rotated a quarter turn: the 60 × 40 picture is now 40 wide and 60 high.
    expect([metadata.width, metadata.height]).toEqual([40, 60]);
    expect(served.includes(Buffer.from('Secret studio'))).toBe(false);
  });

  it('takes a detailed photo of a few megabytes, just under the limit', async () => {
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    expect(photo.length).toBeLessThan(5 * 1024 * 1024);
    const response = await upload([imageFile(photo, 'detailed.jpg')], 'Detailed photo');
    expect(response.statusCode, response.body).toBe(201);
  });

  it('takes PNG, WebP and AVIF as well as JPEG, and makes 1600 px, 1000 px and 400 px renditions', async () => {
    const big = await picture('png', { width: 2400, height: 1200, colour: '#117a65' });
    const response = await upload(
      [
        imageFile(big, 'wide.png', 'image/png'),
        imageFile(await picture('webp', { colour: '#884ea0' }), 'a.webp', 'image/webp'),
        imageFile(await picture('avif', { colour: '#d4ac0d' }), 'a.avif', 'image/avif'),
      ],
      'Many formats',
    );
    expect(response.statusCode, response.body).toBe(201);
    const [wide] = response.json().product.images as string[];
    const full = await sharp((await app.inject({ method: 'GET', url: wide as string })).rawPayload).metadata();
    const thumb = await sharp(
      (await app.inject({ method: 'GET', url: (wide as string).replace('-full.webp', '-thumb.webp') })).rawPayload,
    ).metadata();
    const large = await sharp(
      (await app.inject({ method: 'GET', url: (wide as string).replace('-full.webp', '-large.webp') })).rawPayload,
    ).metadata();
    expect([full.width, full.height]).toEqual([1000, 500]);
    expect([thumb.width, thumb.height]).toEqual([400, 200]);
    expect(large.format).toBe('webp');
    expect([large.width, large.height]).toEqual([1600, 800]);
  });

  it('never enlarges a small upload: each rendition is at most the picture’s own size', async () => {
    const small = await picture('png', { width: 1200, height: 900, colour: '#a04000' });
    const response = await upload([imageFile(small, 'small.png', 'image/png')], 'Small photo');
    expect(response.statusCode, response.body).toBe(201);
    const [url] = response.json().product.images as string[];
    const size = async (suffix: string) => {
      const reply = await app.inject({ method: 'GET', url: (url as string).replace('-full.webp', suffix) });
      expect(reply.statusCode).toBe(200);
      const { width, height } = await sharp(reply.rawPayload).metadata();
      return [width, height];
    };
    expect(await size('-large.webp')).toEqual([1200, 900]);
    expect(await size('-full.webp')).toEqual([1000, 750]);
    expect(await size('-thumb.webp')).toEqual([400, 300]);
  });
});

describe('over a real socket, as a browser sends the form', () => {
  it('takes a FormData upload, and answers a guest’s large upload with 401 without waiting for it', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const formData = (bytes: Buffer) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(form('Sent by fetch'))) data.append(name, value);
      data.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
      return data;
    };
    const created = await fetch(`${address}/api/products`, {
      method: 'POST',
      body: formData(await uniquePicture()),
      headers: bearer(admin),
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { product: { name: string } }).product.name).toBe('Sent by fetch');

    const guest = await fetch(`${address}/api/products`, {
      method: 'POST',
      body: formData(Buffer.alloc(4 * 1024 * 1024, 1)),
    });
    expect(guest.status).toBe(401);
    expect(((await guest.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
  });
});

describe('serving uploads', () => {
  it('answers 404 for unknown files, dotfiles and paths that try to leave the folder, and 304 on revalidation', async () => {
    const response = await upload([imageFile(await uniquePicture())], 'Served');
    const url = response.json().product.images[0] as string;
    for (const bad of [
      '/images/uploads/0000-full.webp',
      '/images/uploads/.env',
      '/images/uploads/..%2F..%2Fpackage.json',
      '/images/uploads/%2e%2e%2fconfig.ts',
    ]) {
      const answer = await app.inject({ method: 'GET', url: bad });
      expect(answer.statusCode, bad).toBe(404);
      expect(answer.json().code).toBe('NOT_FOUND');
    }
    const first = await app.inject({ method: 'GET', url });
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('reads the type from the bytes, whatever the name says', () => {
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
  });
});
