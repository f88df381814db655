import { formatPrice, pluralize } from '@/utils/format';

export interface OrderLineRow {
  key: string | number;
  title: string;
  quantity: number;
  unit_price_cents: number;
}

/** An order's lines with quantities, line prices and the total: the review step and the order page. */
export function OrderLinesTable({
  caption,
  lines,
  currency,
  totalCents,
}: {
  caption: string;
  lines: readonly OrderLineRow[];
  currency: string;
  totalCents: number;
}) {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 font-medium">
            Item
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Quantity
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Price
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border border-y border-border">
        {lines.map((line) => (
          <tr key={line.key}>
            <td className="py-2 pr-2">{line.title}</td>
            <td className="py-2 text-right tabular-nums">{line.quantity}</td>
            <td className="py-2 pl-3 text-right tabular-nums">{formatPrice(line.unit_price_cents * line.quantity, currency)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2} className="py-2 text-right font-medium">
            Total ({pluralize(count, 'item')})
          </th>
          <td className="py-2 pl-3 text-right text-base font-semibold tabular-nums">{formatPrice(totalCents, currency)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
