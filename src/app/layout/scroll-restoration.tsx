import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { keepsScroll } from './keep-scroll.ts';

const STORAGE_KEY = 'lumen-scroll-positions';
/** Positions of the last pages visited in this tab, by history entry; older ones are dropped. */
const MAX_ENTRIES = 100;

function readSaved(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(saved) ? saved.filter((entry): entry is [string, number] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number') : []);
  } catch {
    return new Map();
  }
}

let positions: Map<string, number> | null = null;
let currentKey: string | null = null;

function remember(key: string, y: number): void {
  positions ??= readSaved();
  positions.delete(key);
  positions.set(key, y);
  if (positions.size > MAX_ENTRIES) positions.delete(positions.keys().next().value ?? '');
}

function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return target !== null;
}

/**
 * Back and Forward return to where the visitor was on the page; a new page starts at the top (or
 * at its #fragment). React Router's own ScrollRestoration needs its data router, which Lumen does
 * not use (docs/decisions/005: it was 15 KiB of the first route's script), so this does the same
 * with the declarative router: each history entry's position is kept as the visitor scrolls and
 * put back, before paint, when that entry is shown again; the positions survive a reload in
 * sessionStorage, as React Router's do.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (currentKey !== null) remember(currentKey, window.scrollY);
    };
    const onPageHide = () => {
      onScroll();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...(positions ?? [])]));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // An entry the browser loaded as a document (a first visit, a link followed before the app was
  // live, a reload) has no key of the router's: every such entry is "default". Those are told
  // apart by their address instead, or Back to one would get another's position.
  const entryKey = location.key === 'default' ? `document ${location.pathname}${location.search}` : location.key;

  useLayoutEffect(() => {
    currentKey = entryKey;
    positions ??= readSaved();
    const saved = positions.get(entryKey);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (keepsScroll(location.state)) return;
    else if (!(location.hash && scrollToHash(location.hash)) && navigationType !== 'POP') window.scrollTo(0, 0);
  }, [entryKey, location.hash, location.state, navigationType]);

  return null;
}
