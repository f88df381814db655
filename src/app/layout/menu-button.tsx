import { Menu } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/** The phone-width header's Menu button (the dialog it opens is mobile-menu.tsx). */
export function MenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Menu" {...props}>
      <Menu aria-hidden="true" />
    </Button>
  );
}
