import { cn } from '@/utils/cn';
import { formatPrice, pluralize } from '@/utils/format';
import { useCartContext } from '../hooks/use-cart-context.ts';

/** The cart's total; in a card of its own (className) it drops the divider above it. */
/** `ruled`: a line above it, where it follows the cart's lines. */
export function CartSummary({ ruled = true }: { ruled?: boolean }) {
  const cart = useCartContext();
  const currency = cart.lines[0]?.item.currency ?? 'EUR';
  return (
    <dl className={cn('flex items-baseline justify-between', ruled && 'border-t border-border pt-4')}>
      <dt className="text-muted-foreground">Total ({pluralize(cart.count, 'item')})</dt>
      <dd className="text-lg font-semibold">{formatPrice(cart.totalCents, currency)}</dd>
    </dl>
  );
}
