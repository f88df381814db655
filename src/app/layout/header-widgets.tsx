import { Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { deferred, type Deferred } from '@/components/ui/deferred';
import { useHydrated } from '@/hooks/use-hydrated';
import { CartButton } from '@/features/cart/components/cart-button';
import { SearchButton } from '@/features/search/components/search-button';
import { useSearchShortcut } from '@/features/search/hooks/use-search-shortcut';
import { ThemeButton } from '@/theme/theme-button';
import { MenuButton } from './menu-button.tsx';

type Openable = { defaultOpen?: boolean };

// The dialogs and the menu behind these buttons are not needed for the first paint.
const cartDrawer = deferred<Openable>(() => import('@/features/cart/components/cart-drawer').then((module) => module.CartDrawer));
const themeMenu = deferred<Openable>(() => import('@/theme/theme-menu').then((module) => module.ThemeMenu));
const searchDialog = deferred<Openable>(() => import('@/features/search/components/search-dialog').then((module) => module.SearchDialog));
const mobileMenu = deferred<Openable>(() => import('./mobile-menu.tsx').then((module) => module.MobileMenu));

interface TriggerProps {
  onPointerDown: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onClick: () => void;
}

/**
 * The widget, with its look-alike trigger shown until the widget's code has arrived (a few
 * milliseconds after the first paint). A click on the look-alike opens the widget as soon as it
 * is there, and a look-alike that had the focus hands it to the real trigger. Prerendered HTML has
 * the look-alike, and hydration keeps it: the widget is asked for only once the page is hydrated,
 * so no part of the hydrated tree waits for code.
 */
function DeferredWidget({ widget, trigger }: { widget: Deferred<Openable>; trigger: (props: TriggerProps) => ReactNode }) {
  const hydrated = useHydrated();
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);
  const slot = useRef<HTMLSpanElement>(null);
  const fallback = trigger({
    onFocus: () => setHadFocus(true),
    onBlur: () => setHadFocus(false),
    // A press counts from pointerdown: if the widget replaces the look-alike between down and up,
    // the browser sends no click to either, and the press would be lost.
    onPointerDown: () => setOpenOnArrival(true),
    onClick: () => setOpenOnArrival(true),
  });
  return (
    <span ref={slot} className="contents">
      {hydrated ? (
        <Suspense fallback={fallback}>
          <Arrived onArrival={() => hadFocus && !openOnArrival && slot.current?.querySelector('button')?.focus()}>
            <widget.Component defaultOpen={openOnArrival} />
          </Arrived>
        </Suspense>
      ) : (
        fallback
      )}
    </span>
  );
}

/** Calls onArrival once, when its children first render (the lazy widget has loaded). */
function Arrived({ onArrival, children }: { onArrival: () => void; children: ReactNode }) {
  const ran = useRef(false);
  useLayoutEffect(() => {
    if (ran.current) return;
    ran.current = true;
    onArrival();
  });
  return children;
}

/** The look-alike listens for the shortcuts too, so "/" pressed in the first moments is not lost. */
function SearchFallback(props: TriggerProps) {
  useSearchShortcut(props.onClick);
  return <SearchButton {...props} />;
}

export function HeaderSearch() {
  return <DeferredWidget widget={searchDialog} trigger={(props) => <SearchFallback {...props} />} />;
}

export function HeaderCart() {
  return <DeferredWidget widget={cartDrawer} trigger={(props) => <CartButton {...props} />} />;
}

export function HeaderThemeMenu() {
  return <DeferredWidget widget={themeMenu} trigger={(props) => <ThemeButton {...props} />} />;
}

export function HeaderMobileMenu() {
  return <DeferredWidget widget={mobileMenu} trigger={(props) => <MenuButton {...props} />} />;
}
