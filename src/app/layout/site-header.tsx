import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';
import { HeaderCart, HeaderMobileMenu, HeaderSearch, HeaderThemeMenu } from './header-widgets.tsx';
import { ADMIN_ITEM, NAV_ITEMS } from './nav-items.ts';
import { HeaderSaved } from './saved-slots.tsx';
import { AccountControl } from '@/features/account/components/account-control';
import { useSession } from '@/features/account/session/use-session';

const navLinkClass =
  'flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-5';

export function SiteHeader() {
  const session = useSession();
  const items = session.status === 'signed-in' && session.role === 'staff' ? [...NAV_ITEMS, ADMIN_ITEM] : NAV_ITEMS;
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to={paths.home.getHref()}
          className="mr-2 flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <span aria-hidden="true" className="size-6 rounded-full bg-gradient-to-br from-primary to-accent" />
          Lumen
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map(({ label, href, icon: Icon, end }) => (
              <li key={href}>
                <NavLink to={href} end={end} className={({ isActive }) => cn(navLinkClass, isActive ? 'text-foreground' : 'text-muted-foreground')}>
                  <Icon aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <HeaderSearch />
          <HeaderSaved />
          <HeaderCart />
          <div className="hidden md:contents">
            <AccountControl />
          </div>
          <div className="hidden md:block">
            <HeaderThemeMenu />
          </div>
          <HeaderMobileMenu />
        </div>
      </div>
    </header>
  );
}
