import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useSwipe } from '../hooks/use-swipe.ts';
import { pictureAlt, stepPicture } from '../utils/picture-steps.ts';
import { ItemImage } from './item-image.tsx';

/**
 * A product's pictures, large: the widest rendition there is, as big as the screen allows. Left and
 * Right (keys, buttons or a swipe) step through them; Escape, the close button or a click outside
 * closes it and focus returns to the picture that opened it.
 */
export default function PictureZoom({
  paths,
  title,
  selected,
  onSelect,
  onClose,
}: {
  paths: string[];
  title: string;
  selected: number;
  onSelect: (index: number) => void;
  onClose: () => void;
}) {
  const count = paths.length;
  const step = (by: number) => onSelect(stepPicture(selected, by, count));
  const swipe = useSwipe({ onNext: () => step(1), onPrevious: () => step(-1), enabled: count > 1 });
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2 || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    event.preventDefault();
    step(event.key === 'ArrowRight' ? 1 : -1);
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[88dvh] overflow-y-auto" onKeyDown={onKeyDown}>
        <div className="flex items-center justify-between gap-3">
          <DialogTitle className="text-base font-semibold">{title}</DialogTitle>
          <DialogClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close">
              <X aria-hidden="true" />
            </Button>
          </DialogClose>
        </div>
        <DialogDescription className="sr-only">
          {count > 1 ? `Picture ${selected + 1} of ${count}. Use the arrow keys or swipe to see the others.` : 'The picture, enlarged.'}
        </DialogDescription>
        <div {...swipe.handlers} className="mx-auto w-full max-w-[calc((88dvh-11rem)*0.8)] touch-pan-y">
          <ItemImage path={paths[selected]} alt={pictureAlt(title, selected, count)} priority sizes="40rem" />
        </div>
        {count > 1 ? (
          <div className="flex items-center justify-between gap-3">
            <Button variant="secondary" onClick={() => step(-1)}>
              <ChevronLeft aria-hidden="true" /> Previous
            </Button>
            <p aria-live="polite" className="text-sm text-muted-foreground">
              {selected + 1} of {count}
            </p>
            <Button variant="secondary" onClick={() => step(1)}>
              Next <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
