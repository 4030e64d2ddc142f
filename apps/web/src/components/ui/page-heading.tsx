import type { ReactNode } from 'react';

export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl dark:text-stone-50">{children}</h1>
  );
}
