import type { ComponentProps, ReactNode, RefObject } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from state, not by a Trigger, so Radix has nowhere to return focus: it goes back here. */
  returnFocusTo: RefObject<HTMLElement | null>;
  title: ReactNode;
  description: ReactNode;
  /** The safe choice, which only closes the dialog ("Keep order"). */
  keepLabel: string;
  confirmLabel: string;
  confirmVariant?: ComponentProps<typeof Button>['variant'];
  onConfirm: () => void;
}

/** A question before an action that is hard to take back: the safe answer first, the action last. */
export function ConfirmDialog({
  open,
  onOpenChange,
  returnFocusTo,
  title,
  description,
  keepLabel,
  confirmLabel,
  confirmVariant,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
        <DialogDescription className="text-muted-foreground">{description}</DialogDescription>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{keepLabel}</Button>
          </DialogClose>
          <Button
            variant={confirmVariant}
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
