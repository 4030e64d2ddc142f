import { RECEIPT_MESSAGES as R } from '@shop/shared';
import { ReceiptText } from 'lucide-react';
import { Link } from 'react-router';

/** "View receipt" on an order page (the customer's and the admin's): its printable receipt. */
export function ReceiptLink({ href }: { href: string }) {
  return (
    <p className="mt-2">
      <Link
        to={href}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-wine-700 underline dark:text-wine-300"
      >
        <ReceiptText aria-hidden="true" className="size-4" />
        {R.viewReceipt}
      </Link>
    </p>
  );
}
