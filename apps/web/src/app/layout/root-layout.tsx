import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { Toaster } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { BackToTopButton } from './back-to-top-button';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function RootLayout() {
  const { pathname } = useLocation();
  // The home hero sits under the transparent header; other pages start below it.
  const underHeader = pathname === paths.home.path;
  // Says the app has taken over the page: a page the server drew is readable before then, but
  // its buttons do nothing until now (decision 017). Tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-wine-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <ScrollToTop />
      <SiteHeader />
      {/* At least a screen tall, so the footer starts below the fold while a page and its data
          load: otherwise it jumps down as they arrive (layout shift). */}
      <main
        id="main-content"
        tabIndex={-1}
        className={`min-h-screen flex-1 focus:outline-none ${underHeader ? '' : 'pt-16'}`}
      >
        <Suspense fallback={<Spinner label="Loading page…" className="min-h-[50vh]" />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <BackToTopButton />
      <Toaster />
    </div>
  );
}
