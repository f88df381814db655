import { Minus, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { ItemThumbnail } from '@/components/item-thumbnail';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatPrice } from '@/utils/format';
import { lineLimit } from '../api/cart-lines.ts';
import { useCartContext } from '../hooks/use-cart-context.ts';

/** The cart's lines with quantity steppers and Remove; used by the drawer and the /cart page. */
export function CartLines({ onNavigate }: { onNavigate?: () => void }) {
  const cart = useCartContext();
  return (
    <ul aria-label="Cart lines" className="flex flex-col divide-y divide-border">
      {cart.lines.map(({ item, quantity }) => {
        const limit = lineLimit(item);
        return (
          <li key={item.id} aria-label={item.title} className="flex gap-3 py-3">
            <ItemThumbnail path={item.image_paths[0]} size="md" />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="flex items-baseline justify-between gap-2">
                <Link to={paths.item.getHref(item.slug)} onClick={onNavigate} className="truncate font-medium hover:underline">
                  {item.title}
                </Link>
                <span className="shrink-0 text-sm font-semibold">{formatPrice(item.price_cents * quantity, item.currency)}</span>
              </div>
              <p className="-mt-1 text-xs text-muted-foreground tabular-nums" data-testid="line-unit-price">
                {formatPrice(item.price_cents, item.currency)} × {quantity}
              </p>
              <div className="flex items-center gap-1">
                <Button
                  variant="secondary"
                  size="icon-sm"
                  aria-label={`One fewer ${item.title}`}
                  disabled={quantity <= 1}
                  onClick={() => cart.setQuantity(item, quantity - 1)}
                >
                  <Minus aria-hidden="true" />
                </Button>
                <span className="w-8 text-center text-sm tabular-nums" data-testid="line-quantity">
                  <span className="sr-only">Quantity: </span>
                  {quantity}
                </span>
                <Button
                  variant="secondary"
                  size="icon-sm"
                  aria-label={`One more ${item.title}`}
                  disabled={quantity >= limit}
                  onClick={() => cart.setQuantity(item, quantity + 1)}
                >
                  <Plus aria-hidden="true" />
                </Button>
                <Button variant="subtle" size="sm" className="ml-auto" onClick={() => cart.remove(item)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove <span className="sr-only">{item.title}</span>
                </Button>
              </div>
              {quantity > item.stock ? (
                <p className="text-xs text-danger">Only {item.stock} left: lower the quantity before ordering.</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
