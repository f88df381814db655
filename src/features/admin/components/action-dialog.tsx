import { useCallback, useRef, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

interface ActionDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  onClose: () => void;
  /**
   * Closed without the action (Escape, Close, a refusal read): where focus goes back. Opened from
   * state, not by a Trigger, so Radix has nowhere to return it; the caller knows whether the
   * button that opened it is still there (another member of staff may have moved the order).
   */
  returnFocus: () => void;
  /** The form. It calls `done` once the action succeeded: the dialog closes and the caller moves focus. */
  children: (done: () => void) => ReactNode;
}

/** A dialog holding one action's form on an order (shipping it, recording a return). */
export function ActionDialog({ open, title, description, onClose, returnFocus, children }: ActionDialogProps) {
  const finished = useRef(false);
  const done = useCallback(() => {
    finished.current = true;
    onClose();
  }, [onClose]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {open ? (
        <DialogContent
          className="max-h-[85dvh] overflow-y-auto"
          onOpenAutoFocus={() => {
            finished.current = false;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!finished.current) returnFocus();
          }}
        >
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          <DialogDescription className="text-muted-foreground">{description}</DialogDescription>
          {/* `done` is only called from the form's submit handler, after the action answered; the
              lint cannot tell a render prop's callback from a read during render. */}
          {/* eslint-disable-next-line react-hooks/refs */}
          {children(done)}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
