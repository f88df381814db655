import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { dismissSavedMessage, useSavedMessage } from '../hooks/saved-messages.ts';

/**
 * Why the last change to saved items was undone, or what a sign-in merge could not keep: over the
 * page (a heart on a card has no room for a sentence), announced at once, there until dismissed.
 * The live region is always present, so a screen reader hears the message the moment it arrives.
 */
export function SavedNotice({ scope }: { scope: string | null }) {
  const message = useSavedMessage(scope);
  return (
    <div role="alert" className="pointer-events-none fixed inset-x-4 bottom-24 z-40 md:top-20 md:bottom-auto md:left-auto md:w-96">
      {message ? (
        <div
          key={message.id}
          data-testid="saved-notice"
          className="pointer-events-auto flex items-start gap-3 rounded-lg border border-danger/50 bg-surface p-4 text-sm shadow-lg"
        >
          <p className="flex-1">{message.text}</p>
          <Button variant="ghost" size="icon-xs" aria-label="Dismiss" onClick={dismissSavedMessage}>
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
