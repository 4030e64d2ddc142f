import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/helper';
import { buildApp } from './app';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('is created and filled on the first start, and reused as it is on the second', async () => {
    const config = testConfig({ database: { dataDir, poolSize: 1 } });
    const first = await buildApp(config);
    const before = (await first.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json();
    expect(before.total).toBeGreaterThanOrEqual(150);
    await first.database.query("UPDATE products SET name = 'Kept Across Restarts' WHERE id = $1", [
      before.products[0].id,
    ]);
    await first.close();

    const second = await buildApp(config);
    const after = (await second.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json();
    expect(after.total).toBe(before.total);
    expect(after.products.map((p: { id: string }) => p.id)).toEqual(before.products.map((p: { id: string }) => p.id));
    expect(after.products[0].name).toBe('Kept Across Restarts');
    await second.close();
  });
});
