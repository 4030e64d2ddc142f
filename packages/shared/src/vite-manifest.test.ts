import { describe, expect, it } from 'vitest';
import { manifestClosure, type ViteManifest } from './vite-manifest';

const manifest: ViteManifest = {
  'src/main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
  'src/app/start-app.tsx': { file: 'assets/start-app.js', imports: ['_vendor.js', '_query.js'] },
  'src/features/catalog/routes/product.tsx': {
    file: 'assets/product.js',
    css: ['assets/product.css'],
    imports: ['src/app/start-app.tsx', '_query.js', '_gone.js'],
  },
  '_query.js': { file: 'assets/query.js', imports: ['_vendor.js', 'src/features/catalog/routes/product.tsx'] },
  '_vendor.js': { file: 'assets/vendor.js' },
};

describe("a walk over Vite's manifest", () => {
  it('gives the module and everything it imports, all the way down, each once and in the order met', () => {
    expect([...manifestClosure(manifest, 'src/features/catalog/routes/product.tsx')]).toEqual([
      'src/features/catalog/routes/product.tsx',
      'src/app/start-app.tsx',
      '_vendor.js',
      '_query.js',
    ]);
  });

  it('stops at a cycle and leaves out what the manifest does not hold', () => {
    expect([...manifestClosure(manifest, '_query.js')]).toEqual([
      '_query.js',
      '_vendor.js',
      'src/features/catalog/routes/product.tsx',
      'src/app/start-app.tsx',
    ]);
    expect(manifestClosure(manifest, 'src/missing.tsx').size).toBe(0);
  });
});
