import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// The shared package by its file: the config is loaded by Node, which cannot import the package's TypeScript.
import { STOREFRONT_PAGE_SOURCES_FILE } from '../../packages/shared/src/storefront-pages.ts';
import { PAGE_SOURCES } from './src/app/page-sources.ts';
import { WEB_APP_MANIFEST, workboxOptions } from './src/offline/service-worker-config.ts';

const apiServer = 'http://localhost:3000';

// NOTE: react, react-dom and react-router change rarely, so they get their own
// long-cached `vendor` chunk; route pages are split with React.lazy in the router.
const vendorModules = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

// React Router's package names only its development build (dist/development: its warnings and
// checks) for every condition; its framework's Vite plugin swaps in dist/production, which we do
// here for the browser's build: those checks are work a visitor's phone need not do.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// The storefront's service worker and web app manifest (docs/decisions/032): sw.js and
// manifest.webmanifest at the root of dist, for the browser build only. index.html links the
// manifest itself (so the server's pages, drawn from it, do too); the app registers the worker
// itself (src/offline/register-service-worker.ts), late and in production only.
const webAppManifest: Plugin = {
  name: 'shop:web-app-manifest',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'manifest.webmanifest',
      source: `${JSON.stringify(WEB_APP_MANIFEST, null, 2)}\n`,
    });
  },
};
// Which source file each drawn catalogue page needs first (src/app/page-sources.ts), beside Vite's
// manifest: the server looks its built files up by page name (modules/storefront/assets.ts).
const storefrontPageSources: Plugin = {
  name: 'shop:storefront-page-sources',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: STOREFRONT_PAGE_SOURCES_FILE,
      source: `${JSON.stringify(PAGE_SOURCES, null, 2)}\n`,
    });
  },
};
// main.tsx is a small entry that imports the libraries (src/app/start-libraries.ts) and then the
// app (src/app/start-app.tsx), each in a task of its own, so evaluating React, the router and the
// layout is not one long task (issue 26). The browser should not find those chunks only when the
// entry runs: index.html preloads them and what they import, as it does the entry's own imports,
// so the server's pages name them too (html.ts).
// V8 compiles every function of a file that starts with this comment while the file downloads,
// on another thread (explicit compile hints, Chrome 136+), instead of on the page's thread the
// first time each is called, in the middle of hydration: there it was 150 ms of a first visit's
// main-thread work in a trace here, 21 ms with the hint (issue 26). Only the chunks a drawn
// page runs at once carry it: the libraries, the app and the catalogue's pages.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const PAGE_SOURCE_FILES = new Set(
  Object.values(PAGE_SOURCES).map((source) => path.resolve(import.meta.dirname, source)),
);
const runsAtStart = (chunk: Rollup.RenderedChunk) =>
  chunk.name === 'vendor' ||
  chunk.name === 'start-app' ||
  (chunk.facadeModuleId !== null && PAGE_SOURCE_FILES.has(chunk.facadeModuleId));
const APP_START_MODULE = /[\\/]src[\\/]app[\\/]start-app\.tsx$/;
const LIBRARIES_START_MODULE = /[\\/]src[\\/]app[\\/]start-libraries\.ts$/;
const preloadAppStart: Plugin = {
  name: 'shop:preload-app-start',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, context) {
      const bundle = context.bundle;
      if (!bundle) return [];
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const chunkOf = (module: RegExp) => {
        const found = chunks.find((chunk) => chunk.moduleIds.some((id) => module.test(id)));
        if (!found) throw new Error(`${module} is in no chunk of its own: main.tsx must import it dynamically`);
        return found;
      };
      const start = chunkOf(APP_START_MODULE);
      const alreadyNamed = new Set([context.chunk?.fileName, ...(context.chunk?.imports ?? [])]);
      const files: string[] = [];
      const add = (fileName: string) => {
        if (alreadyNamed.has(fileName) || files.includes(fileName)) return;
        files.push(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const imported of chunk.imports) add(imported);
      };
      add(chunkOf(LIBRARIES_START_MODULE).fileName);
      add(start.fileName);
      // Its styles, if it ever imports any (the toasts' load later, components/ui/toaster.tsx), as a
      // stylesheet like the entry's: a drawn page must have them before it paints.
      const styles = [...(start.viteMetadata?.importedCss ?? [])];
      return [
        ...styles.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        })),
        ...files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        })),
      ];
    },
  },
};
const offlineApp = VitePWA({
  strategies: 'generateSW',
  injectRegister: false,
  manifest: false,
  workbox: workboxOptions(
    () => readFileSync(path.resolve(import.meta.dirname, 'dist/index.html'), 'utf8'),
    () => JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'dist/.vite/manifest.json'), 'utf8')),
  ),
  devOptions: { enabled: false },
});

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve:
    command === 'build' && !isSsrBuild
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }
      : {},
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [webAppManifest, storefrontPageSources, preloadAppStart, offlineApp]),
  ],
  build: isSsrBuild
    ? {
        // The server's renderer of the catalogue's pages (src/entry-server.tsx, decision 017),
        // beside the browser's files but in a dot folder, which the server never serves.
        outDir: 'dist/.ssr',
        emptyOutDir: true,
        // Images and video keep the browser build's hashed URLs, without a second copy.
        ssrEmitAssets: false,
        copyPublicDir: false,
      }
    : {
        outDir: 'dist',
        assetsDir: 'assets',
        emptyOutDir: true,
        // dist/.vite/manifest.json: which chunk and image each page needs, so the server names them
        // in a page's HTML (preloads) instead of the browser finding them one after another.
        manifest: true,
        rolldownOptions: {
          output: {
            postBanner: (chunk) => (runsAtStart(chunk) ? COMPILE_HINT : ''),
            codeSplitting: {
              groups: [
                { name: 'vendor', test: vendorModules, priority: 3 },
                // Vite's loader of lazy chunks, which main.tsx uses too: apart, or the entry
                // would import the app's chunk for it, and run it at once.
                { name: 'preload-helper', test: /vite\/preload-helper/, priority: 2 },
                // The app main.tsx starts, and everything it imports, in one chunk: as one chunk
                // of an entry it was before it was split off (fewer requests, better gzip).
                { name: 'start-app', test: APP_START_MODULE, priority: 1 },
              ],
            },
          },
        },
      },
  // The shared package is TypeScript source: bundled into the renderer. Other packages are
  // imported from node_modules at run time, as the server's own are.
  ssr: { noExternal: ['@shop/shared'] },
  server: {
    proxy: {
      '/api': apiServer,
      '/images': apiServer,
      // The offline test payment gateway's script and card form (docs/payments.md).
      '/test-gateway': apiServer,
    },
  },
  preview: {
    proxy: {
      '/api': apiServer,
      '/images': apiServer,
      // The offline test payment gateway's script and card form (docs/payments.md).
      '/test-gateway': apiServer,
    },
  },
}));
