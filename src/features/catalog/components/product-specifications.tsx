import type { ProductDetails } from '../api/item-schemas.ts';
import { dimensionsText, formatNumber } from '../utils/product-text.ts';


/** A product's specifications as a description list; rows without a value are left out. */
export function ProductSpecifications({ product }: { product: ProductDetails }) {
  const rows: [string, string | null][] = [
    ['Dimensions', dimensionsText(product)],
    ['Weight', product.weight_kg === null ? null : `${formatNumber(product.weight_kg)} kg`],
    ['Materials', product.materials || null],
    ['Care', product.care || null],
    ['Assembly', product.assembly || null],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== null);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="specifications-heading" className="flex flex-col gap-3">
      <h2 id="specifications-heading" className="text-lg font-semibold">
        Specifications
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {shown.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="text-muted-foreground">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
