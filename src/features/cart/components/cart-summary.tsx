import { formatPrice, pluralize } from '@/utils/format';
import { useCartContext } from '../hooks/use-cart-context.ts';

export function CartSummary() {
  const cart = useCartContext();
  const currency = cart.lines[0]?.item.currency ?? 'EUR';
  return (
    <dl className="flex items-baseline justify-between border-t border-border pt-4">
      <dt className="text-muted-foreground">Total ({pluralize(cart.count, 'item')})</dt>
      <dd className="text-lg font-semibold">{formatPrice(cart.totalCents, currency)}</dd>
    </dl>
  );
}
