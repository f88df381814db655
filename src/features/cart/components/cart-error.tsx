import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCartContext } from '../hooks/use-cart-context.ts';

/** The reason the last change was refused; the cart itself is already rolled back. */
export function CartError() {
  const { error, dismissError } = useCartContext();
  if (!error) return null;
  return (
    <div role="alert" className="flex items-start justify-between gap-3 rounded-md border border-danger/50 bg-danger/10 p-3 text-sm">
      <p>{error}</p>
      <Button variant="ghost" size="icon-xs" aria-label="Dismiss" onClick={dismissError}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
