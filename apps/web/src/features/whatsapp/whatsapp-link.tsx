import { WHATSAPP_LINK_LABELS } from '@shop/shared';

// The storefront's WhatsApp links (packages/shared/src/whatsapp.ts builds their addresses and
// messages): a plain link to wa.me in a new tab, never a script or picture from WhatsApp.

/** A speech bubble with a handset, drawn inline (no file, nothing fetched); decorative. */
export function WhatsAppIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 1.8a8.2 8.2 0 1 1-4.2 15.3l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 0 1 12 3.8Z" />
      <path d="M8.8 7.2c-.2 0-.5 0-.7.3-.3.3-1 1-1 2.3s1 2.7 1.2 2.9c.1.2 2 3.1 4.9 4.3 2.4 1 2.9.8 3.4.7.5 0 1.7-.7 1.9-1.4.2-.7.2-1.2.2-1.4l-.5-.3-1.8-.9c-.3-.1-.5-.1-.7.2l-.8 1c-.2.2-.3.2-.6.1-.3-.2-1.2-.4-2.2-1.4-.8-.7-1.4-1.6-1.5-1.9-.2-.3 0-.4.1-.6l.5-.5.3-.5v-.5l-.8-2c-.2-.5-.4-.5-.6-.5h-.5Z" />
    </svg>
  );
}

const linkClasses =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-emerald-700 px-4 py-2 text-sm font-semibold text-emerald-800 transition-colors hover:bg-emerald-50 dark:border-emerald-400 dark:text-emerald-200 dark:hover:bg-stone-800';

/** A link that opens WhatsApp in a new tab with its message; its name says so. */
export function WhatsAppLink({
  href,
  label,
  testId,
  className = '',
}: {
  href: string;
  label: string;
  testId: string;
  className?: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`${linkClasses} ${className}`.trim()}
      data-testid={testId}
    >
      <WhatsAppIcon className="size-5 shrink-0" />
      <span>
        {label} <span className="sr-only">{WHATSAPP_LINK_LABELS.opens}</span>
      </span>
    </a>
  );
}
