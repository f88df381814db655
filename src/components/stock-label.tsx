import { cn } from '@/utils/cn';

function stockText(stock: number): string {
  if (stock <= 0) return 'Out of stock';
  if (stock <= 5) return `Only ${stock} left`;
  return 'In stock';
}

/** In stock / Only n left / Out of stock, coloured; on item cards, item pages and search suggestions. */
export function StockLabel({ stock, size = 'sm' }: { stock: number; size?: 'sm' | 'xs' }) {
  return (
    <span
      className={cn(size === 'xs' ? 'text-xs' : 'text-sm', stock <= 0 ? 'text-danger' : stock <= 5 ? 'text-foreground' : 'text-success')}
    >
      {stockText(stock)}
    </span>
  );
}
