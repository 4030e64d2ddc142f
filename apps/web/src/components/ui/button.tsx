import type { ComponentProps } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'gold' | 'danger' | 'dangerOutline' | 'dangerGhost';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<Variant, string> = {
  primary: 'bg-wine-700 text-white hover:bg-wine-800 dark:bg-wine-300 dark:text-stone-950 dark:hover:bg-wine-200',
  secondary:
    'border border-wine-700 text-wine-800 hover:bg-wine-50 dark:border-wine-300 dark:text-wine-200 dark:hover:bg-stone-800',
  ghost: 'text-stone-700 hover:bg-linen-100 dark:text-stone-200 dark:hover:bg-stone-800',
  gold: 'bg-gold-300 text-stone-950 hover:bg-gold-200',
  // Deleting and other actions that cannot be undone: red, so they never look like the next step.
  danger: 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-300 dark:text-stone-950 dark:hover:bg-red-200',
  dangerOutline:
    'border border-red-700 text-red-800 hover:bg-red-50 dark:border-red-300 dark:text-red-200 dark:hover:bg-stone-800',
  dangerGhost: 'text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-stone-800',
};

/** Classes for anything that should look like a button (also used on router Links). */
export function buttonClasses(variant: Variant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

type ButtonProps = ComponentProps<'button'> & { variant?: Variant };

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}
