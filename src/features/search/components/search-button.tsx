import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/** The header's Search button (the dialog it opens is search-dialog.tsx). */
export function SearchButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Search" aria-keyshortcuts="/ Control+K Meta+K" {...props}>
      <Search aria-hidden="true" />
    </Button>
  );
}
