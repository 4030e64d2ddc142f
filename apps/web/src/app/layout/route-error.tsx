import { Link, useRouteError } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageContainer } from '../../components/ui/page-container';
import { paths } from '../../config/paths';

/** Shown when a page throws while rendering, or its code fails to load after a new release. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <PageContainer className="text-center">
      <h1 className="text-3xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-stone-700 dark:text-stone-300">
        This page could not be shown. Reloading usually fixes it.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home.href()} className={buttonClasses('secondary')}>
          Go to the home page
        </Link>
      </div>
    </PageContainer>
  );
}
