import type { ComponentProps } from 'react';

type IconButtonProps = ComponentProps<'button'> & { label: string };

/** A round button holding only an icon; `label` becomes its accessible name. */
export function IconButton({ label, className = '', type = 'button', children, ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-black/10 dark:hover:bg-white/10 ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}
