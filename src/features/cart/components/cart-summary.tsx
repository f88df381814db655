import { cn } from '@/utils/cn';
import { formatPrice, pluralize } from '@/utils/format';
import { useCartContext } from '../hooks/use-cart-context.ts';

/** The cart's total; in a card of its own (className) it drops the divider above it. */
export function CartSummary({ className }: { className?: string }) {
  const cart = useCartContext();
  const currency = cart.lines[0]?.item.currency ?? 'EUR';
  return (
    <dl className={cn('flex items-baseline justify-between border-t border-border pt-4', className)}>
      <dt className="text-muted-foreground">Total ({pluralize(cart.count, 'item')})</dt>
      <dd className="text-lg font-semibold">{formatPrice(cart.totalCents, currency)}</dd>
    </dl>
  );
}
