import { ShoppingCart } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { useCartContext } from '../hooks/use-cart-context.ts';

/** The header's Cart button with its live count, in its accessible name too ("Cart, 3 items"). */
export function CartButton(props: ComponentProps<typeof Button>) {
  const { count } = useCartContext();
  return (
    <Button variant="ghost" size="icon" className="relative" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`} {...props}>
      <ShoppingCart aria-hidden="true" />
      <span
        aria-hidden="true"
        data-testid="cart-count"
        className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs leading-5 font-semibold text-primary-foreground"
      >
        {count}
      </span>
    </Button>
  );
}
