import { ShoppingCart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The header's Cart button with its count badge (the drawer arrives with the cart feature). */
export function CartButton({ count }: { count: number }) {
  const navigate = useNavigate();
  const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Button variant="ghost" size="icon" className="relative" aria-label={label} onClick={() => navigate(paths.cart.getHref())}>
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
