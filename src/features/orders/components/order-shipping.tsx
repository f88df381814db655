import { ExternalLink } from 'lucide-react';
import type { LinkedOrder } from '../api/order-schemas.ts';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium' });

type ShippedOrder = Pick<LinkedOrder, 'shipped_at' | 'delivered_at' | 'carrier' | 'tracking_number' | 'tracking_url'>;

/**
 * Where the parcel is: who carries it and its tracking number, with a link to follow it on the
 * carrier's site when the carrier has one, and when it was shipped and delivered. Nothing before
 * it is shipped. An order shipped before the shop recorded carriers says only when.
 */
/**
 * Who carries it, as the shipped mail says it: two of the carriers are no company's name (the
 * shop's own van, and "another carrier" for the rest).
 */
function carrierSentence({ code, name }: { code: string; name: string }): string {
  if (code === 'own-delivery') return 'We deliver it ourselves';
  if (code === 'other') return 'Shipped';
  return `Shipped with ${name}`;
}

export function OrderShipping({ order }: { order: ShippedOrder }) {
  if (order.shipped_at === null && order.carrier === null) return null;
  const carrier = order.carrier && order.carrier.code !== 'other' ? order.carrier.name : null;
  const when = [
    order.shipped_at ? `Shipped ${dateFormat.format(new Date(order.shipped_at))}` : null,
    order.delivered_at ? `delivered ${dateFormat.format(new Date(order.delivered_at))}` : null,
  ].filter(Boolean);
  return (
    <section aria-labelledby="shipping-heading" className="flex flex-col gap-1">
      <h2 id="shipping-heading" className="font-semibold">
        Shipping
      </h2>
      {order.carrier ? (
        <p className="text-sm [overflow-wrap:anywhere]" data-testid="order-shipping">
          {carrierSentence(order.carrier)}
          {order.tracking_number ? (
            <>
              {' · '}
              {/* Moves to the next line whole rather than splitting the number, unless wider than the line itself. */}
              <span className="inline-block max-w-full">
                Tracking number <span className="font-medium">{order.tracking_number}</span>
              </span>
            </>
          ) : null}
        </p>
      ) : null}
      {when.length > 0 ? <p className="text-sm text-muted-foreground">{when.join(', ')}</p> : null}
      {order.tracking_url ? (
        <a
          href={order.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Track your parcel <span className="sr-only">on {carrier ? `${carrier}’s` : 'the carrier’s'} site (opens in a new tab)</span>
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      ) : null}
    </section>
  );
}
