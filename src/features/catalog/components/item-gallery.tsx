import { useState, type KeyboardEvent } from 'react';
import { cn } from '@/utils/cn';
import { ItemImage } from './item-image.tsx';

/** Main picture plus thumbnails; the thumbnails are buttons and Left/Right step through them. */
export function ItemGallery({ paths, title }: { paths: string[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const count = paths.length;

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (selected + step + count) % count;
    setSelected(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <section aria-label="Pictures" className="flex flex-col gap-3">
      <ItemImage
        path={paths[selected]}
        alt={count > 1 ? `${title}, picture ${selected + 1} of ${count}` : title}
        priority
        sizes="(min-width: 768px) 50vw, 100vw"
      />
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
    </section>
  );
}
