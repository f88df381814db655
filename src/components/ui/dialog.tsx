import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

const Dialog = DialogPrimitive.Root;
const DialogTrigger = DialogPrimitive.Trigger;
const DialogClose = DialogPrimitive.Close;
const DialogTitle = DialogPrimitive.Title;
const DialogDescription = DialogPrimitive.Description;

function DialogContent({
  className,
  children,
  side = 'center',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { side?: 'center' | 'right' | 'top' | 'bottom' }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="dialog-overlay"
        className="fixed inset-0 z-40 bg-overlay motion-safe:data-[state=open]:animate-fade-in"
      />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        data-side={side}
        className={cn(
          'fixed z-50 flex flex-col border border-border bg-surface text-foreground shadow-lg focus:outline-none',
          side === 'center' &&
            'top-[10vh] left-1/2 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 gap-4 rounded-lg p-6 motion-safe:data-[state=open]:animate-fade-in',
          side === 'right' &&
            'inset-y-0 right-0 w-[min(24rem,100vw)] gap-4 p-6 motion-safe:data-[state=open]:animate-slide-in-right',
          side === 'top' && 'inset-x-0 top-0 max-h-dvh gap-6 overflow-y-auto rounded-b-lg p-4 motion-safe:data-[state=open]:animate-fade-in',
          side === 'bottom' &&
            'inset-x-0 bottom-0 max-h-[85dvh] gap-4 overflow-y-auto rounded-t-xl p-4 pb-[max(1rem,env(safe-area-inset-bottom))] motion-safe:data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger };
