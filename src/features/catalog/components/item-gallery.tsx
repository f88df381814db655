import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/utils/cn';
import { useSwipe } from '../hooks/use-swipe.ts';
import { pictureAlt, stepPicture } from '../utils/picture-steps.ts';
import { ItemImage } from './item-image.tsx';

// The larger view loads when first asked for: most visitors never open it.
const PictureZoom = lazy(() => import('./picture-zoom.tsx'));

/** What the main picture shows on each screen: the layout's width, so a phone downloads what it draws. */
const MAIN_PICTURE_SIZES = '(min-width: 768px) 50vw, min(calc(100vw - 2rem), 34vh)';

/**
 * Main picture plus thumbnails. The thumbnails are buttons and Left/Right step through them; on a
 * touch screen the main picture is swiped; clicking or tapping it opens a larger view.
 */
export function ItemGallery({ paths, title }: { paths: string[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const count = paths.length;
  const step = (by: number) => setSelected((current) => stepPicture(current, by, count));
  const swipe = useSwipe({ onNext: () => step(1), onPrevious: () => step(-1), enabled: count > 1 });
  // Closing the larger view gives the focus back to the picture that opened it (once the view is gone).
  const main = useRef<HTMLButtonElement>(null);
  const wasZoomed = useRef(false);
  useEffect(() => {
    if (wasZoomed.current && !zoomed) main.current?.focus();
    wasZoomed.current = zoomed;
  }, [zoomed]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    const by = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!by) return;
    event.preventDefault();
    const next = stepPicture(selected, by, count);
    setSelected(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  const alt = pictureAlt(title, selected, count);
  return (
    <section aria-label="Pictures" className="flex flex-col gap-3">
      <button
        ref={main}
        type="button"
        aria-label={`Enlarge ${alt}`}
        aria-haspopup="dialog"
        onClick={() => {
          if (!swipe.consumedClick()) setZoomed(true);
        }}
        {...swipe.handlers}
        className="block cursor-zoom-in touch-pan-y rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <ItemImage path={paths[selected]} alt={alt} priority sizes={MAIN_PICTURE_SIZES} />
      </button>
      {count > 1 ? (
        <div role="group" aria-label="Choose a picture" className="flex gap-2" onKeyDown={onKeyDown}>
          {paths.map((path, index) => (
            <button
              key={path}
              type="button"
              aria-label={`Show picture ${index + 1} of ${count}`}
              aria-pressed={index === selected}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => setSelected(index)}
              className={cn(
                'w-16 overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                index === selected ? 'border-primary' : 'border-transparent',
              )}
            >
              <ItemImage path={path} alt="" sizes="64px" />
            </button>
          ))}
        </div>
      ) : null}
      {zoomed ? (
        <Suspense fallback={null}>
          <PictureZoom paths={paths} title={title} selected={selected} onSelect={setSelected} onClose={() => setZoomed(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
