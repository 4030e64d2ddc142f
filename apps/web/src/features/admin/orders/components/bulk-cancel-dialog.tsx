import { type AdminBulkCancelResponse, adminBulkCancelRequestSchema, ORDER_MESSAGES, type Order } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { useCancelOrders } from '../api/cancel-orders';

type BulkCancelDialogProps = {
  open: boolean;
  /** The orders selected on the page shown, in its order. */
  orders: Pick<Order, 'id' | 'orderNumber'>[];
  onClose: () => void;
  /** The server answered: its summary and each order's outcome. */
  onDone: (answer: AdminBulkCancelResponse) => void;
  /** The call itself failed (nothing was answered per order). */
  onError: (error: unknown) => void;
};

/**
 * Asks before cancelling the selected orders, names them, and takes an optional staff note for
 * each one's history; then sends them in one call and closes, whatever the answer.
 */
export function BulkCancelDialog({ open, orders, onClose, onDone, onError }: BulkCancelDialogProps) {
  const mutation = useCancelOrders();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const one = orders.length === 1;

  const close = () => {
    setNote('');
    setNoteError(undefined);
    onClose();
  };

  const confirm = async () => {
    // The server's own rules (1 to 100 ids, the note's length and characters), checked first.
    const request = adminBulkCancelRequestSchema.safeParse({
      orderIds: orders.map((order) => order.id),
      ...(note.trim() ? { note } : {}),
    });
    if (!request.success) {
      const issue = request.error.issues[0];
      if (issue?.path[0] === 'note') {
        setNoteError(issue.message);
        return;
      }
      onError(new Error(issue?.message));
      close();
      return;
    }
    try {
      onDone(await mutation.mutateAsync(request.data));
    } catch (error) {
      onError(error);
    } finally {
      close();
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={one ? `Cancel 1 order?` : `Cancel ${orders.length} orders?`}
      confirmLabel={one ? ORDER_MESSAGES.cancelOrder : 'Cancel orders'}
      cancelLabel={one ? ORDER_MESSAGES.keepOrder : 'Keep orders'}
      busy={mutation.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>
        {one ? 'This order is' : 'These orders are'} cancelled and {one ? 'its' : 'their'} items put back on sale. A
        paid card order is refunded to the customer’s card first.
      </p>
      <p className="mt-2 font-medium text-stone-900 dark:text-stone-100" data-testid="bulk-cancel-orders">
        {orders.map((order) => order.orderNumber).join(', ')}
      </p>
      <TextAreaField
        label="Note (optional, staff only)"
        className="mt-4"
        maxLength={500}
        value={note}
        error={noteError}
        onChange={(event) => {
          setNote(event.target.value);
          setNoteError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}
