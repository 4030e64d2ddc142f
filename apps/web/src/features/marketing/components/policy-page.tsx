import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { usePageTitle } from '../../../lib/use-page-title';

/** One page inside the shared FAQ and policies layout. */
export function PolicyPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <div className="space-y-4 text-stone-700 dark:text-stone-300 [&_h2]:text-stone-900 dark:[&_h2]:text-stone-100">
        {children}
      </div>
    </>
  );
}
