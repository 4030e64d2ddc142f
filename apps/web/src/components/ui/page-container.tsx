import type { ReactNode } from 'react';

/** The standard page width and padding; pages put their <h1> inside. */
export function PageContainer({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8 ${className}`}>{children}</div>;
}
