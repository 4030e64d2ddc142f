// The storefront rendered on the server: the catalogue's pages (home, /shop, /categories, a
// category, subcategory or product) arrive as markup, drawn from the same API answers their
// page-data block carries, and app/start-app.tsx hydrates them (docs/decisions/017). Built apart from the
// browser's bundle (`vite build --ssr`, into dist/.ssr) and loaded by the server's pages.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { preloadPages } from './lib/lazy-page';
import { dropPageData, providePageData } from './lib/page-data';
import { providePublicOrigin } from './lib/public-origin';

const handler = createStaticHandler(routes);

/**
 * The markup of the page at `url` (a path with its query), drawn from `answers` (API URL →
 * answer, as in the page-data block), or undefined when the router would not draw a page there
 * (a redirect). Whatever a query has no answer for is drawn as loading, as the browser's first
 * render draws it; so is everything that only the browser knows (the session, the cart, the
 * theme): hydration then matches, and the browser fills those in at once.
 */
export async function renderPage(
  url: string,
  answers: Iterable<[string, unknown]>,
  /** The origin of the page's canonical link: the absolute addresses drawn in the markup use it. */
  origin?: string,
): Promise<string | undefined> {
  const context = await handler.query(new Request(new URL(url, 'http://shop.invalid')));
  if (context instanceof Response) return undefined;
  // The catalogue's pages are lazy chunks in the browser; here they are loaded before the render,
  // which is synchronous, so it never draws their loading state.
  await Promise.all(preloadPages(matchRoutes(routes, url)?.map((match) => match.route.element) ?? []));
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  // The answers are taken during this synchronous render only: no other render can see them.
  providePageData(answers);
  providePublicOrigin(origin);
  try {
    return renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    dropPageData();
    providePublicOrigin(undefined);
    queryClient.clear();
  }
}
