export function Spinner({ label = 'Loading…', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-12 ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-wine-200 border-t-wine-700 dark:border-stone-700 dark:border-t-wine-300"
      />
      <span className="text-sm text-stone-600 dark:text-stone-300">{label}</span>
    </div>
  );
}
