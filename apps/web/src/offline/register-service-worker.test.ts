import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';
import { isAdminPath } from './start-offline-app';

function container(registration: Partial<ServiceWorkerRegistration> | Error) {
  return {
    register: vi.fn(async () => {
      if (registration instanceof Error) throw registration;
      return registration as ServiceWorkerRegistration;
    }),
  } as unknown as ServiceWorkerContainer & { register: ReturnType<typeof vi.fn> };
}

describe('registering the service worker', () => {
  it('registers /sw.js for the whole shop, asking the shop for it whatever HTTP caches hold', async () => {
    const update = vi.fn(async () => {});
    const fresh = container({ active: null, update } as unknown as ServiceWorkerRegistration);
    await registerServiceWorker(fresh);
    expect(fresh.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    // A first registration has just fetched the worker.
    expect(update).not.toHaveBeenCalled();
  });

  it('checks for a new version on every visit once a worker is there', async () => {
    const update = vi.fn(async () => {});
    const returning = container({ active: {} as ServiceWorker, update } as unknown as ServiceWorkerRegistration);
    await registerServiceWorker(returning);
    expect(update).toHaveBeenCalledOnce();
  });

  it('leaves the shop a plain site when the browser refuses or has no service workers', async () => {
    await expect(registerServiceWorker(container(new Error('SecurityError')))).resolves.toBeUndefined();
    vi.stubGlobal('navigator', {});
    await expect(registerServiceWorker()).resolves.toBeUndefined();
    vi.unstubAllGlobals();
    const offline = container({
      active: {} as ServiceWorker,
      update: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    } as unknown as ServiceWorkerRegistration);
    await expect(registerServiceWorker(offline)).resolves.toBeDefined();
  });

  it('is for the storefront: never started from the admin', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/products/new')).toBe(true);
    expect(isAdminPath('/')).toBe(false);
    expect(isAdminPath('/administration-guide')).toBe(false);
  });
});
