import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title';
import { PageContainer } from './page-container';
import { PageHeading } from './page-heading';

/** A page with a title and some text; also the starting point for screens still being built. */
export function SimplePage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <PageContainer>
      <PageHeading>{title}</PageHeading>
      <div className="mt-4 max-w-2xl space-y-4 text-stone-700 dark:text-stone-300">{children}</div>
    </PageContainer>
  );
}
