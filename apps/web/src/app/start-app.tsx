import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { preloadPages } from '../lib/lazy-page';
import { dropPageData, readPageData } from '../lib/page-data';
import { startOfflineApp } from '../offline/start-offline-app';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

// The page's own chunk is on its way already (the server's HTML names it): the first render
// waits for it, a little at most, so it paints the page and not its loading state first.
const FIRST_PAGE_WAIT_MS = 1_500;

/**
 * Starts the app in `root`, in short tasks: main.tsx loads this module (React, the router, the
 * layout and home) in a task of its own, then this creates the router, yields, loads the page's
 * chunk (which runs in a task of its own), yields, and starts the first render, which a
 * transition cuts into short tasks too. No step holds the page long.
 * `yieldToMain` is main.tsx's (lib/yield-to-main.ts), handed over rather than imported: what
 * this module imports is built into its chunk, and the entry must not import that chunk.
 */
export async function startApp(root: HTMLElement, yieldToMain: () => Promise<void>): Promise<void> {
  // The first answers the server put into the page: the first render starts from them, without a
  // round trip. They are for this page only: the first navigation forgets what is left of them.
  const hasPageData = readPageData();
  // The server drew the page's markup from those answers (entry-server.tsx): the first render takes
  // that markup over instead of drawing it again. Without the answers it could not draw the same,
  // so it draws afresh over it.
  const serverRendered = hasPageData && root.firstElementChild !== null;
  const router = createAppRouter();
  const firstLocation = router.state.location.key;
  const stopWatching = router.subscribe((state) => {
    if (state.location.key === firstLocation) return;
    dropPageData();
    stopWatching();
  });
  await yieldToMain();

  // The router matched the first location as it was created: matching again (matchRoutes) would
  // flatten and rank the whole route table a second time, a few ms of a slow phone's start.
  const pageLoads = preloadPages(router.state.matches.map((match) => match.route.element));
  const firstPage =
    pageLoads.length === 0
      ? Promise.resolve()
      : Promise.race([
          Promise.all(pageLoads).catch(() => {}),
          new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
        ]);
  // The page's chunk runs in a task of its own when it arrives; the render starts in another.
  await firstPage;
  await yieldToMain();

  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // A transition lets React split the first render, or the hydration, into short tasks, so input
  // is never blocked for long.
  startTransition(() => {
    if (serverRendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });

  // The service worker that opens the shop offline (docs/decisions/032): registered late, from the
  // storefront, in the production build only.
  startOfflineApp();
}
