import type { ReactNode } from 'react';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { usePageTitle } from '../../../lib/use-page-title';

/** The narrow card the login, register and password screens share. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <PageContainer className="flex justify-center">
      <div className="w-full max-w-md rounded-2xl border border-linen-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900">
        <PageHeading>{title}</PageHeading>
        {intro && <div className="mt-2 text-sm text-stone-600 dark:text-stone-300">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </PageContainer>
  );
}
