import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { AdminItem } from '../api/admin-items.ts';
import { useUpdateItem } from '../api/save-item.ts';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium' });

/**
 * Items are archived, never deleted: orders keep pointing at them. Archiving takes the item out
 * of the shop, search and every cart at once (the database does it, and stamps its own time); it
 * can be put back on sale. One button whose label follows the state, so focus stays on it.
 */
export function ArchivePanel({ userId, item }: { userId: string; item: AdminItem }) {
  const update = useUpdateItem(userId);
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const archived = item.archived_at !== null;
  const setArchived = (archive: boolean) =>
    update.mutate({ itemId: item.id, guard: { archived: !archive }, changes: { archived_at: archive ? new Date().toISOString() : null } });

  return (
    <CardSection
      title={archived ? 'Archived' : 'On sale'}
      description={
        archived
          ? `Archived on ${dateFormat.format(new Date(item.archived_at ?? ''))}: customers cannot see or order it. Its orders keep it.`
          : 'Customers can find and order it. Archive it to stop selling it; its orders keep it.'
      }
    >
      {update.isError ? <FormAlert tone="error">{update.error.message}</FormAlert> : null}
      <div>
        {/* Not disabled while saving: a disabled button drops keyboard focus. A second press waits instead. */}
        <Button
          ref={button}
          variant="secondary"
          aria-disabled={update.isPending || undefined}
          onClick={() => {
            if (update.isPending) return;
            // A new try: the last refusal is not left on screen beside the dialog or the next answer.
            update.reset();
            if (archived) setArchived(false);
            else setConfirming(true);
          }}
        >
          {archived ? 'Put back on sale' : 'Archive item'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        returnFocusTo={button}
        title={`Archive “${item.title}”?`}
        description="It leaves the shop, search and every customer’s cart at once. Orders keep it, and you can put it back on sale later."
        keepLabel="Keep selling"
        confirmLabel="Archive item"
        onConfirm={() => setArchived(true)}
      />
    </CardSection>
  );
}
