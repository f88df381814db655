import type { RefObject } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface CancelOrderDialogProps {
  orderId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  onConfirm: () => void;
}

/** Staff's "Cancel order" asks first, saying what a cancellation does, on the board and the order's page alike. */
export function CancelOrderDialog({ orderId, open, onOpenChange, returnFocusTo, onConfirm }: CancelOrderDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title={`Cancel order #${orderId}?`}
      description="Its items go back into stock and the customer is told by e-mail. This cannot be undone."
      keepLabel="Keep order"
      confirmLabel="Cancel order"
      confirmVariant="danger"
      onConfirm={onConfirm}
    />
  );
}
