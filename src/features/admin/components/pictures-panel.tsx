import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { FormAlert } from '@/components/ui/form-alert';
import { ITEM_IMAGE_ASPECT, itemImageUrl } from '@/lib/item-images';
import type { AdminItem } from '../api/admin-items.ts';
import { MAX_PICTURES, useItemPictures } from '../api/item-pictures.ts';

/**
 * The item's pictures in the order the shop shows them (the first is on cards). Files are checked,
 * cropped to 4:5 and resized in the browser; several can be added at once, one after another, and
 * a file that fails stops the rest with a message naming it.
 */
export function PicturesPanel({ userId, item }: { userId: string; item: AdminItem }) {
  const pictures = useItemPictures(userId);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const busy = progress !== null || pictures.remove.isPending || pictures.reorder.isPending;
  const count = item.image_paths.length;

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setMessage(null);
    // Each upload appends to what the previous one saved (its updated_at guards the next save).
    let current = item;
    const room = MAX_PICTURES - current.image_paths.length;
    if (files.length > room) {
      setMessage({ tone: 'error', text: `An item has at most ${MAX_PICTURES} pictures: there is room for ${room} more.` });
      return;
    }
    let added = 0;
    for (const [index, file] of files.entries()) {
      setProgress(`Adding picture ${index + 1} of ${files.length}…`);
      try {
        current = await pictures.add.mutateAsync({ item: current, file });
        added += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        setMessage({ tone: 'error', text: files.length > 1 ? `${reason} ${added} of ${files.length} pictures were added.` : reason });
        setProgress(null);
        return;
      }
    }
    setProgress(null);
    setMessage({ tone: 'success', text: added === 1 ? 'Picture added.' : `${added} pictures added.` });
  };

  /**
   * Runs a reorder or removal, then puts focus back where the keyboard was: the moved picture's
   * same button in its new place (the other one at either end), or Add pictures after a removal.
   */
  const run = (action: Promise<unknown>, done: string, focusLabels: string[]) => {
    setMessage(null);
    action.then(
      () => {
        setMessage({ tone: 'success', text: done });
        requestAnimationFrame(() => {
          const target = focusLabels
            .map((label) => panel.current?.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]:not([disabled])`))
            .find(Boolean);
          (target ?? addButton.current)?.focus();
        });
      },
      (error: unknown) => setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) }),
    );
  };

  return (
    <CardSection title="Pictures" description={`Up to ${MAX_PICTURES}. JPEG, PNG or WebP under 10 MB; they are cropped to 4:5. The first one is shown on cards.`}>
      <div ref={panel}>
      {count === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No pictures yet.</p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {item.image_paths.map((path, index) => (
            <li key={path} className="flex flex-col gap-2">
              <img
                src={itemImageUrl(path, 320)}
                alt={`Picture ${index + 1} of ${item.title}`}
                width={ITEM_IMAGE_ASPECT.width * 40}
                height={ITEM_IMAGE_ASPECT.height * 40}
                className="aspect-[4/5] h-auto w-full rounded-md bg-muted object-cover"
              />
              <div className="flex justify-center gap-1">
                <Button
                  variant="subtle"
                  size="icon-sm"
                  aria-label={`Move picture ${index + 1} earlier`}
                  disabled={busy || index === 0}
                  onClick={() =>
                    run(pictures.reorder.mutateAsync({ item, index, offset: -1 }), `Picture moved to place ${index}.`, [
                      `Move picture ${index} earlier`,
                      `Move picture ${index} later`,
                    ])
                  }
                >
                  <ArrowLeft aria-hidden="true" />
                </Button>
                <Button
                  variant="subtle"
                  size="icon-sm"
                  aria-label={`Move picture ${index + 1} later`}
                  disabled={busy || index === count - 1}
                  onClick={() =>
                    run(pictures.reorder.mutateAsync({ item, index, offset: 1 }), `Picture moved to place ${index + 2}.`, [
                      `Move picture ${index + 2} later`,
                      `Move picture ${index + 2} earlier`,
                    ])
                  }
                >
                  <ArrowRight aria-hidden="true" />
                </Button>
                <Button
                  variant="subtle"
                  size="icon-sm"
                  aria-label={`Remove picture ${index + 1}`}
                  disabled={busy}
                  onClick={() => run(pictures.remove.mutateAsync({ item, path }), 'Picture removed.', [])}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      </div>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {progress}
      </p>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      <div>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Picture files"
          onChange={(event) => void addFiles(event)}
        />
        <Button ref={addButton} variant="secondary" disabled={count >= MAX_PICTURES} aria-disabled={busy || undefined} onClick={() => !busy && input.current?.click()}>
          <ImagePlus aria-hidden="true" />
          Add pictures
        </Button>
      </div>
    </CardSection>
  );
}
