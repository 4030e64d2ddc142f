import { type ComponentType, createElement, lazy } from 'react';

/** A page loaded on demand that can also be loaded ahead of its first render. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * React.lazy for a route's page, plus `preload()`. Once the page's module has loaded (ahead, by
 * `preload`), the page renders at once instead of suspending: React.lazy alone suspends on its
 * first render even when the module is already there, so the layout would paint with the
 * 'Loading page…' fallback first and the page a moment later (decision 016). A failed load is
 * forgotten, so the next render tries again.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  const Page = () => createElement(loaded ?? Suspending);
  return Object.assign(Page, { preload });
}

/** The pages of the routes matched by a location that can be loaded ahead (lazyPage), loading. */
export function preloadPages(elements: unknown[]): Promise<void>[] {
  return elements
    .map((element) => (element as { type?: Partial<LazyPage> } | undefined)?.type?.preload)
    .filter((preload): preload is () => Promise<void> => typeof preload === 'function')
    .map((preload) => preload());
}
