import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyRoute } from './lazy-route.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

const Page = () => <h1>The page</h1>;
const chunkGone = () => new TypeError('Failed to fetch dynamically imported module');

let online = true;
async function setOnline(next: boolean) {
  online = next;
  await act(async () => void window.dispatchEvent(new Event(next ? 'online' : 'offline')));
}

/** Suspending components render inside an awaited act, so React settles what it can before the test looks. */
const press = (element: HTMLElement) => act(async () => void fireEvent.click(element));

async function show(element: ReactNode, pathname = '/items/lamp') {
  const tree = (path: string) => (
    <RouteErrorBoundary pathname={path}>
      <Suspense fallback={<p>Loading</p>}>{element}</Suspense>
    </RouteErrorBoundary>
  );
  const view = await act(async () => render(tree(pathname)));
  return { goTo: (path: string) => act(async () => view.rerender(tree(path))) };
}

afterEach(() => {
  online = true;
});

function mockOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
}

describe('lazyRoute', () => {
  it('offline, shows the offline message in place of the page without asking for the code, and loads it when the connection returns', async () => {
    mockOnline();
    online = false;
    const load = vi.fn<() => Promise<typeof Page>>().mockResolvedValue(Page);
    const route = lazyRoute(load);
    await show(route.element);
    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeTruthy();
    expect(screen.getByText("This page will load when you're back online.")).toBeTruthy();
    // A module fetch that failed would stay failed in the browser's module map: not tried offline.
    expect(load).not.toHaveBeenCalled();
    await setOnline(true);
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a load cut off by the connection dropping says offline; Retry loads again', async () => {
    mockOnline();
    const load = vi
      .fn<() => Promise<typeof Page>>()
      .mockImplementationOnce(() => {
        online = false;
        return Promise.reject(chunkGone());
      })
      .mockResolvedValue(Page);
    const route = lazyRoute(load);
    await show(route.element);
    await press(await screen.findByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    // The browser says online before its event has arrived: Retry does not wait for the event.
    online = true;
    await press(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a retry that fails online offers Reload rather than trying forever', async () => {
    mockOnline();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<typeof Page>>().mockImplementationOnce(() => {
      online = false;
      return Promise.reject(chunkGone());
    });
    load.mockRejectedValue(chunkGone());
    const route = lazyRoute(load);
    await show(route.element);
    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeTruthy();
    await setOnline(true);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('online, a chunk that is gone (a deploy replaced it) offers Reload, and is not asked for again and again', async () => {
    mockOnline();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<typeof Page>>().mockRejectedValue(chunkGone());
    const route = lazyRoute(load);
    const view = await show(route.element);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    // Coming back to the page later shows the same, without another request for the missing file.
    await view.goTo('/catalog');
    await view.goTo('/items/lamp');
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('its preload never rejects, so a failed first load cannot keep the app from starting', async () => {
    mockOnline();
    const route = lazyRoute(() => Promise.reject(chunkGone()));
    const preload = (route.handle as { preload: () => Promise<unknown> }).preload;
    await expect(preload()).resolves.toMatchObject({ offline: false });
  });
});

describe('RouteErrorBoundary', () => {
  it('a page that fails to render while offline shows the offline message and renders again once online', async () => {
    mockOnline();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    online = false;
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('render failed');
      return <h1>Rendered</h1>;
    }
    await show(<Flaky />);
    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeTruthy();
    fail = false;
    await setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Rendered' })).toBeTruthy();
  });
});
