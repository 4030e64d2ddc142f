import { formatNaira } from '@shop/shared';
import { Spinner } from '../../../components/ui/spinner';
import { usePaymentConfig } from '../api/get-payment-config';

/**
 * Where to send a bank transfer, with the order number as its reference; an admin confirms it
 * later. `deadline` is the order's `expiresAt`, as the page writes dates: unpaid by then, the
 * order is cancelled and its items put back on sale.
 */
export function BankTransferDetails({
  orderNumber,
  amount,
  deadline,
}: {
  orderNumber: string;
  amount: number;
  deadline?: { iso: string; text: string };
}) {
  const config = usePaymentConfig();
  if (!config.data) {
    return config.isError ? (
      <p role="alert" className="text-red-700 dark:text-red-300">
        {config.error.message}
      </p>
    ) : (
      <Spinner label="Loading the bank details…" />
    );
  }
  const { accountName, bankName, accountNumber } = config.data.bankTransfer;
  const rows: [string, string, string][] = [
    ['Amount', formatNaira(amount), 'amount'],
    ['Account name', accountName, 'account-name'],
    ['Bank', bankName, 'bank-name'],
    ['Account number', accountNumber, 'account-number'],
    ['Transfer reference', orderNumber, 'transfer-reference'],
  ];
  return (
    <section aria-labelledby="bank-transfer-heading" className="space-y-3">
      <h3 id="bank-transfer-heading" className="font-semibold">
        Pay by bank transfer
      </h3>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Transfer the amount below and use your order number as the reference. We confirm your order once the money
        arrives.
      </p>
      {deadline && (
        <p className="text-sm font-semibold" data-testid="pay-by">
          Please pay by <time dateTime={deadline.iso}>{deadline.text}</time>.
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="bank-transfer-details">
        {rows.map(([label, value, id]) => (
          <div key={id} className="contents">
            <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
            <dd className="font-semibold" data-field={id}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
