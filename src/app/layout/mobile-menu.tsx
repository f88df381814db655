import { LogOut, User, X } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/account/api/sign-out';
import { signInHrefFor } from '@/features/account/session/sign-in-href';
import { useSession } from '@/features/account/session/use-session';
import { ThemeRadioGroup } from '@/theme/theme-radio-group';
import { cn } from '@/utils/cn';
import { MenuButton } from './menu-button.tsx';
import { ADMIN_ITEM, NAV_ITEMS, type NavItem } from './nav-items.ts';
import { MenuSavedLink } from './saved-widgets.tsx';

const itemClass =
  'flex h-12 items-center gap-3 rounded-md px-3 text-base font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-5';

/**
 * The phone-width menu: a modal dialog (focus trapped, Escape closes, focus returns to the
 * Menu button) holding the navigation and the theme choice. Navigating closes it.
 */
export function MobileMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const location = useLocation();

  // Any navigation (a link here, Back, a shortcut) closes the menu: adjust state during render.
  const [locationKey, setLocationKey] = useState(location.key);
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    setOpen(false);
  }

  const session = useSession();
  const signOut = useSignOut();
  const accountLink =
    session.status === 'signed-in'
      ? { label: 'Account', href: paths.account.getHref(), icon: User, end: true }
      : { label: 'Sign in', href: signInHrefFor(location), icon: User, end: true };
  const linkClass = ({ isActive }: { isActive: boolean }) => cn(itemClass, isActive && 'bg-muted');
  const close = () => setOpen(false);
  const navLink = ({ label, href, icon: Icon, end }: NavItem) => (
    <li key={href}>
      <NavLink to={href} end={end} onClick={close} className={linkClass}>
        <Icon aria-hidden="true" />
        {label}
      </NavLink>
    </li>
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <MenuButton />
      </DialogTrigger>
      <DialogContent side="top">
        <div className="flex items-center justify-between">
          <DialogTitle className="text-lg font-semibold">Menu</DialogTitle>
          <DialogClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close">
              <X aria-hidden="true" />
            </Button>
          </DialogClose>
        </div>
        <DialogDescription className="sr-only">Site navigation and theme</DialogDescription>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {NAV_ITEMS.map(navLink)}
            {session.status === 'signed-in' && session.role === 'staff' ? navLink(ADMIN_ITEM) : null}
            <li>
              <MenuSavedLink className={linkClass} onClick={close} />
            </li>
            {navLink(accountLink)}
            {session.status === 'signed-in' ? (
              <li>
                {/* Signs this device out and stays on the page (a page that needs an account then
                    sends the visitor home, as it does when the session ends elsewhere). */}
                <button
                  type="button"
                  className={cn(itemClass, 'w-full')}
                  disabled={signOut.isPending}
                  onClick={() => signOut.mutate('local', { onSuccess: () => setOpen(false) })}
                >
                  <LogOut aria-hidden="true" />
                  Sign out
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
        {signOut.isError ? (
          <p role="alert" className="text-sm text-danger">
            Signing out did not finish. Try again.
          </p>
        ) : null}
        <ThemeRadioGroup />
      </DialogContent>
    </Dialog>
  );
}
