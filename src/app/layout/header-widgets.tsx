import { Suspense, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { deferred, type Deferred } from '@/components/ui/deferred';
import { useHydrated } from '@/hooks/use-hydrated';
import { onEarlyPress, type PressedWith } from '@/lib/early-presses';
import { CartButton } from '@/features/cart/components/cart-button';
import { SearchButton } from '@/features/search/components/search-button';
import { useSearchShortcut } from '@/features/search/hooks/use-search-shortcut';
import { ThemeButton } from '@/theme/theme-button';
import { MenuButton } from './menu-button.tsx';

/** `openedWith`: how the press that opened it on arrival was made (a menu opened from the keyboard focuses its first item). */
type Openable = { defaultOpen?: boolean; openedWith?: PressedWith };

// The dialogs and the menu behind these buttons are not needed for the first paint.
const cartDrawer = deferred<Openable>(() => import('@/features/cart/components/cart-drawer').then((module) => module.CartDrawer));
const themeMenu = deferred<Openable>(() => import('@/theme/theme-menu').then((module) => module.ThemeMenu));
const searchDialog = deferred<Openable>(() => import('@/features/search/components/search-dialog').then((module) => module.SearchDialog));
const mobileMenu = deferred<Openable>(() => import('./mobile-menu.tsx').then((module) => module.MobileMenu));

interface TriggerProps {
  /** The name the inline loader records a press before hydration under (src/lib/early-presses.ts). */
  'data-early': string;
  onPointerDown: () => void;
  onClick: (event: MouseEvent) => void;
}

/**
 * The widget, with its look-alike trigger shown until the widget's code has arrived (a few
 * milliseconds after the first paint). A click on the look-alike opens the widget as soon as it
 * is there, and a look-alike that had the focus hands it to the real trigger. Prerendered HTML has
 * the look-alike, and hydration keeps it: the widget is asked for only once the page is hydrated,
 * so no part of the hydrated tree waits for code.
 */
function DeferredWidget({ name, widget, trigger }: { name: string; widget: Deferred<Openable>; trigger: (props: TriggerProps, open: (pressedWith: PressedWith) => void) => ReactNode }) {
  const hydrated = useHydrated();
  const [openOnArrival, setOpenOnArrival] = useState<PressedWith | null>(null);
  // Pressed before the page was live: open once the widget is here.
  useEffect(() => onEarlyPress(name, setOpenOnArrival), [name]);
  const slot = useRef<HTMLSpanElement>(null);
  // The look-alike is replaced twice (as the page goes live, and when the widget arrives); when the
  // one going away has the focus, whoever focused it before the page was live included, the
  // trigger that replaces it gets it.
  const refocus = useRef(false);
  const refocusIfReplaced = () => {
    if (!refocus.current) return;
    refocus.current = false;
    slot.current?.querySelector('button')?.focus();
  };
  // As the page goes live this component renders again; when the widget's code arrives only the
  // Suspense boundary does, so the widget's side of it asks too (CommittedWith, below).
  useLayoutEffect(refocusIfReplaced);
  const onFocusedUnmount = () => {
    refocus.current = true;
  };
  const fallback = trigger({
    'data-early': name,
    // A press counts from pointerdown: if the widget replaces the look-alike between down and up,
    // the browser sends no click to either, and the press would be lost.
    onPointerDown: () => setOpenOnArrival('pointer'),
    // A click with no pointer behind it (detail 0) is Enter or Space on the focused trigger.
    onClick: (event) => setOpenOnArrival((current) => (event.detail === 0 ? 'keyboard' : (current ?? 'pointer'))),
  }, setOpenOnArrival);
  return (
    <span ref={slot} className="contents">
      {hydrated ? (
        <Suspense fallback={<FocusWatch onFocusedUnmount={onFocusedUnmount}>{fallback}</FocusWatch>}>
          <widget.Component defaultOpen={openOnArrival !== null} openedWith={openOnArrival ?? undefined} />
          <CommittedWith run={refocusIfReplaced} />
        </Suspense>
      ) : (
        <FocusWatch onFocusedUnmount={onFocusedUnmount}>{fallback}</FocusWatch>
      )}
    </span>
  );
}

/** Runs `run` in every commit it is part of (layout effects run after the removed elements' cleanups). */
function CommittedWith({ run }: { run: () => void }) {
  useLayoutEffect(run);
  return null;
}

/**
 * Tells, as its children leave the page, whether they had the focus: its layout effect's cleanup
 * runs before React removes their elements, so the document still knows.
 */
function FocusWatch({ onFocusedUnmount, children }: { onFocusedUnmount: () => void; children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  const latest = useRef(onFocusedUnmount);
  useLayoutEffect(() => {
    latest.current = onFocusedUnmount;
  });
  useLayoutEffect(() => {
    const element = box.current;
    return () => {
      if (element?.contains(document.activeElement)) latest.current();
    };
  }, []);
  return (
    <span ref={box} className="contents">
      {children}
    </span>
  );
}

/** The look-alike listens for the shortcuts too, so "/" pressed in the first moments is not lost. */
function SearchFallback({ open, ...props }: TriggerProps & { open: (pressedWith: PressedWith) => void }) {
  useSearchShortcut(() => open('keyboard'));
  return <SearchButton {...props} />;
}

export function HeaderSearch() {
  return <DeferredWidget name="search" widget={searchDialog} trigger={(props, open) => <SearchFallback {...props} open={open} />} />;
}

export function HeaderCart() {
  return <DeferredWidget name="cart" widget={cartDrawer} trigger={(props) => <CartButton {...props} />} />;
}

export function HeaderThemeMenu() {
  return <DeferredWidget name="theme" widget={themeMenu} trigger={(props) => <ThemeButton {...props} />} />;
}

export function HeaderMobileMenu() {
  return <DeferredWidget name="menu" widget={mobileMenu} trigger={(props) => <MenuButton {...props} />} />;
}
