import { Check, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { AdminProduct } from '../api/admin-products.ts';
import { useSetPublished } from '../api/save-product.ts';
import { publishReadiness } from '../utils/publish-readiness.ts';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium' });

function Requirement({ met, children }: { met: boolean; children: string }) {
  const Icon = met ? Check : X;
  return (
    <li className="flex items-center gap-2 text-sm">
      <Icon aria-hidden="true" className={met ? 'size-4 shrink-0 text-success' : 'size-4 shrink-0 text-danger'} />
      <span>
        {children}: <span className="font-medium">{met ? 'yes' : 'not yet'}</span>
      </span>
    </li>
  );
}

/**
 * Whether shoppers see the product. A draft is published once a variant has a picture and a price
 * (the database refuses otherwise, and the message says what is missing); a published product can
 * be made a draft again, which takes its variants out of the shop, search and every cart at once.
 * One button whose label follows the state, so focus stays on it.
 */
export function PublishPanel({ userId, product }: { userId: string; product: AdminProduct }) {
  const publish = useSetPublished(userId);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const published = product.published_at !== null;
  const readiness = publishReadiness(product.variants);

  const setPublished = (next: boolean) => {
    setDone(null);
    publish.mutate(
      { product, publish: next },
      { onSuccess: (saved) => setDone(saved.published_at ? 'Published: shoppers can find it now.' : 'It is a draft again: shoppers no longer see it.') },
    );
  };

  return (
    <CardSection
      title={published ? 'Published' : 'Draft'}
      description={
        published
          ? `Published on ${dateFormat.format(new Date(product.published_at ?? ''))}: shoppers find its variants on sale in the catalog and search.`
          : 'Draft — not visible to shoppers: it is not in the catalog or search, and its pages are not found. Publish it when it is ready.'
      }
    >
      {published ? null : (
        <ul className="flex flex-col gap-1.5" aria-label="Ready to publish?">
          <Requirement met={readiness.picture}>A variant with a picture</Requirement>
          <Requirement met={readiness.price}>A price above €0</Requirement>
        </ul>
      )}
      {publish.isError ? <FormAlert tone="error">{publish.error.message}</FormAlert> : null}
      {done && !publish.isError ? <FormAlert tone="success">{done}</FormAlert> : null}
      <div>
        {/* Not disabled while saving or when not ready: the database says why, and a disabled button drops focus. */}
        <Button
          ref={button}
          variant={published ? 'secondary' : 'primary'}
          aria-disabled={publish.isPending || undefined}
          onClick={() => {
            if (publish.isPending) return;
            // A new try: the last refusal is not left on screen beside the dialog or the next answer.
            publish.reset();
            if (published) setConfirming(true);
            else setPublished(true);
          }}
        >
          {published ? 'Unpublish' : 'Publish'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        returnFocusTo={button}
        title={`Make “${product.title}” a draft again?`}
        description="Its variants leave the catalog, search and every shopper’s cart at once, and their pages are not found until you publish it again."
        keepLabel="Keep it published"
        confirmLabel="Make it a draft"
        onConfirm={() => setPublished(false)}
      />
    </CardSection>
  );
}
