import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { WEB_APP_MANIFEST, workboxOptions } from './src/offline/service-worker-config.ts';

const apiServer = 'http://localhost:3000';

// NOTE: react, react-dom and react-router change rarely, so they get their own
// long-cached `vendor` chunk; route pages are split with React.lazy in the router.
const vendorModules = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

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
const offlineApp = VitePWA({
  strategies: 'generateSW',
  injectRegister: false,
  manifest: false,
  workbox: workboxOptions(() => readFileSync(path.resolve(import.meta.dirname, 'dist/index.html'), 'utf8')),
  devOptions: { enabled: false },
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [webAppManifest, offlineApp])],
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
            codeSplitting: {
              groups: [{ name: 'vendor', test: vendorModules }],
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
