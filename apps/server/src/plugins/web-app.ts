import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isPastQueryBound } from '../lib/database-unavailable';
import { COMPRESS_THRESHOLD_BYTES, sendReady } from './compression';
import { warnDatabaseUnavailable } from './error-handler';
import { PAGE_HEADERS } from './security-headers';

/** The storefront's drawn pages (modules/storefront's StorefrontPages), without this plugin importing the module. */
export interface DrawnPages {
  /** The page for a GET, or undefined for one the catalogue does not draw; throws when the catalogue cannot be read. */
  render(request: FastifyRequest): Promise<{ status: number; html: Buffer } | undefined>;
  /** index.html with the shop's settings, for every other page. */
  plain(): Promise<Buffer>;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DEMO_IMAGES_PREFIX = '/images/demo/';
/** The files the web build keeps .br and .gz copies of (apps/web/scripts/precompress.mjs), and those copies. */
const PRECOMPRESSED_FILE = /\.(?:js|css|svg|json|txt|xml)(?:\.br|\.gz)?$/;
/**
 * The service worker (sw.js) and the Workbox runtime it imports (workbox-<hash>.js), at the
 * root of the build (docs/decisions/032): asked of the shop on every visit, so a deploy's new
 * worker takes over on the next one and nobody is kept on an old version.
 */
const SERVICE_WORKER_FILE = /^(?:sw|workbox-[\w-]+)\.js(?:\.br|\.gz)?$/;
const WEB_APP_MANIFEST_FILE = 'manifest.webmanifest';

/**
 * Serves the built storefront and its images. Hashed assets never change, so browsers keep them
 * a year; index.html is never cached, so a deploy reaches everyone on their next visit.
 * Every GET outside /api that matches no file is the SPA, whose router takes it from there.
 * The catalogue's pages (home, /shop, /categories, a category, subcategory or product) arrive
 * with their first API answers, their own head (decision 016) and their markup drawn from those
 * answers by the web build's renderer (decision 017), as the storefront module draws them
 * (`pages`, modules/storefront, decision 034); an unknown category, subcategory or product is
 * a 404 with the app's page.
 * Pages (index.html, whichever way it is asked for, and SVG files) carry PAGE_HEADERS: the CSP,
 * HSTS and the rest of what only a document uses; other files and the API get the two headers
 * every answer has.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    demoImagesDir: string;
    pages?: DrawnPages;
    /** Draws a demo picture that is not on disk yet before it is served (plugins/demo-pictures.ts). */
    demoPictures?: { ensure(name: string): Promise<boolean> };
  },
) {
  const indexFile = path.join(options.webDistDir, 'index.html');
  const hasWebBuild = existsSync(indexFile);
  const distRoot = path.resolve(options.webDistDir);
  // The files in a context of their own, with @fastify/compress for their streams (scripts, styles,
  // SVG): its hooks run on file requests only, never on the API's.
  await app.register(async (files) => {
    await files.register(compress, {
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      globalDecompression: false,
    });
    const { demoPictures } = options;
    if (demoPictures) {
      // A demo picture not drawn yet is drawn first (ahead of the background's); one that cannot
      // be is the usual 404, and the page shows its placeholder.
      files.addHook('onRequest', async (request) => {
        if (!request.url.startsWith(DEMO_IMAGES_PREFIX)) return;
        const name = request.url.slice(DEMO_IMAGES_PREFIX.length).split('?')[0] ?? '';
        await demoPictures.ensure(name);
      });
    }
    await files.register(fastifyStatic, {
      root: options.demoImagesDir,
      prefix: DEMO_IMAGES_PREFIX,
      decorateReply: false,
      maxAge: '30d',
      index: false,
      // A dotfile (.env, .git) dropped in an image folder is never served.
      dotfiles: 'deny',
    });

    if (hasWebBuild) {
      await files.register(fastifyStatic, {
        root: options.webDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        dotfiles: 'deny',
        // The build writes .br and .gz copies beside scripts, styles and SVGs
        // (apps/web/scripts/precompress.mjs): sent as they are, never compressed per visit.
        preCompressed: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          // index.html names the hashed assets of one deploy: it must never outlive it.
          const page = filePath.endsWith('.html');
          const atRoot = path.dirname(filePath) === distRoot;
          const name = path.basename(filePath);
          const serviceWorker = atRoot && SERVICE_WORKER_FILE.test(name);
          res.setHeader(
            'cache-control',
            immutable
              ? `public, max-age=${YEAR_SECONDS}, immutable`
              : page || serviceWorker
                ? 'no-cache'
                : 'public, max-age=3600',
          );
          if (atRoot && name === WEB_APP_MANIFEST_FILE) res.setHeader('content-type', 'application/manifest+json');
          // Scripts, styles and SVGs go out in the encoding the browser accepts: caches keep each apart.
          if (PRECOMPRESSED_FILE.test(filePath)) res.setHeader('vary', 'accept-encoding');
          // An SVG opened on its own is a document too, and may hold a script.
          if (page || filePath.endsWith('.svg')) {
            for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
          }
        },
      });
    } else {
      app.log.warn(
        { webDistDir: options.webDistDir },
        'no web build found: run `npm run build` to serve the storefront',
      );
    }
  });
  // Read once: it is small and changes only with a deploy (a restart); compressed on first use.
  const indexHtml = hasWebBuild ? readFileSync(indexFile) : undefined;
  const { pages } = options;

  const sendPage = (request: FastifyRequest, reply: FastifyReply, status: number, body: Buffer) => {
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').headers(PAGE_HEADERS);
    return sendReady(request, reply, body);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPage && indexHtml && !path.extname(request.url.split('?')[0] ?? '')) {
      let page: Awaited<ReturnType<DrawnPages['render']>>;
      try {
        page = await pages?.render(request);
      } catch (error) {
        // The catalogue cannot be read: the plain app, which shows this browser's saved
        // catalogue or its own error (decision 006), is better than an error page. With the
        // database down it says so with its status, as the API does (decision 028).
        if (isDatabaseUnavailable(error) || isPastQueryBound(error)) {
          warnDatabaseUnavailable(error, request);
          reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
          return sendPage(request, reply, 503, indexHtml);
        }
        request.log.error({ err: error }, 'a catalogue page was sent without its data');
      }
      if (page) return sendPage(request, reply, page.status, page.html);
      // Any other page (contact, checkout, the admin…) still carries the shop's details.
      return sendPage(request, reply, 200, (await pages?.plain()) ?? indexHtml);
    }
    if (isPage && !request.url.startsWith('/api') && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply.status(503).type('text/plain').send('The storefront has not been built. Run `npm run build`.');
    }
    return reply.status(404).type('application/json; charset=utf-8').send({ code: 'NOT_FOUND', message: 'Not Found' });
  });
}
