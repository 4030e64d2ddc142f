// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The boundary rule is biome.json's own (noRestrictedImports per folder depth, decision 035):
// these fixtures are linted with the repository's configuration, so the rule `npm run lint`
// runs is the rule proved here.

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const biome = join(repoRoot, 'node_modules/.bin/biome');
const sandbox = mkdtempSync(join(tmpdir(), 'web-layers-'));
const config = JSON.parse(readFileSync(join(repoRoot, 'biome.json'), 'utf8'));
// The sandbox is no git repository, and has no node_modules for the schema.
delete config.vcs;
delete config.$schema;
writeFileSync(join(sandbox, 'biome.json'), JSON.stringify(config));

afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** Lints one file holding `import { x } from '<specifier>'` at `path`; the restricted-import diagnostics found. */
function lintImport(path: string, specifier: string): string[] {
  const file = join(sandbox, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `import { x } from '${specifier}';\n\nexport const y = x;\n`);
  const run = spawnSync(biome, ['lint', '--max-diagnostics=50', path], { cwd: sandbox, encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0 && !output.includes('noRestrictedImports')) throw new Error(output);
  return output.split('\n').filter((line) => line.includes('lint/style/noRestrictedImports'));
}

describe("a feature importing another feature's internals", () => {
  it.each([
    ['apps/web/src/features/catalog/routes/product.tsx', '../../cart/cart-store'],
    ['apps/web/src/features/catalog/routes/product.tsx', '../../cart/components/add-to-cart-button'],
    ['apps/web/src/features/payments/payment-outcome.ts', '../auth/session'],
    ['apps/web/src/features/admin/orders/routes/order.tsx', '../../../orders/components/receipt-page'],
    ['apps/web/src/features/admin/users/routes/users.tsx', '../../../auth/api/get-session'],
  ])('fails the lint: %s importing %s', (path, specifier) => {
    expect(lintImport(path, specifier)).toHaveLength(1);
  });

  it.each([
    // Another feature's public entry (features/cart/index.ts).
    ['apps/web/src/features/catalog/routes/product.tsx', '../../cart'],
    ['apps/web/src/features/admin/orders/routes/order.tsx', '../../../orders'],
    // The feature's own files, admin's shared components among them.
    ['apps/web/src/features/catalog/routes/product.tsx', '../components/product-card'],
    ['apps/web/src/features/admin/orders/routes/order.tsx', '../../components/admin-table'],
    // The shared layer and packages/shared.
    ['apps/web/src/features/catalog/routes/product.tsx', '../../../components/ui/button'],
    ['apps/web/src/features/admin/users/routes/users.tsx', '../../../../lib/api-client'],
    ['apps/web/src/features/cart/cart-store.ts', '../../lib/error-message'],
    ['apps/web/src/features/cart/cart-store.ts', '@shop/shared'],
    // A test may set up another feature's state.
    ['apps/web/src/features/catalog/product-page.test.tsx', '../cart/cart-store'],
  ])('passes the lint: %s importing %s', (path, specifier) => {
    expect(lintImport(path, specifier)).toEqual([]);
  });
});
