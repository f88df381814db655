import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { dismissSavedMessage, useSavedMessage } from '../hooks/saved-messages.ts';

/**
 * Why the last change to saved items was undone, or what a sign-in merge could not keep: over the
 * page (a heart on a card has no room for a sentence), announced as it appears (role=alert, as the
 * cart's refusals are), there until dismissed. Nothing is rendered without a message, so the page
 * has no empty alert.
 */
export function SavedNotice({ scope }: { scope: string | null }) {
  const message = useSavedMessage(scope);
  if (!message) return null;
  return (
    <div
      key={message.id}
      role="alert"
      data-testid="saved-notice"
      className="fixed inset-x-4 bottom-24 z-40 flex items-start gap-3 rounded-lg border border-danger/50 bg-surface p-4 text-sm shadow-lg md:top-20 md:bottom-auto md:left-auto md:w-96"
    >
      <p className="flex-1">{message.text}</p>
      <Button variant="ghost" size="icon-xs" aria-label="Dismiss" onClick={dismissSavedMessage}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
