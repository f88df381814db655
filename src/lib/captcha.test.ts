import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CaptchaModule from './captcha.ts';

/**
 * The CAPTCHA token for Auth calls. jsdom loads no external scripts, so each test plays Turnstile:
 * it puts a fake `window.turnstile` in place and fires the script tag's load (or error) event.
 */
const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
const SITE_KEY = '0x4AAAAAAAtest-site-key';

let captcha: typeof CaptchaModule;

type Options = Record<string, unknown>;
interface FakeTurnstile {
  render: ReturnType<typeof vi.fn<(container: HTMLElement, options: Options) => string | undefined>>;
  execute: ReturnType<typeof vi.fn<(widgetId: string) => void>>;
  remove: ReturnType<typeof vi.fn<(widgetId: string) => void>>;
  /** The container and options of each render, in order. */
  widgets: { container: HTMLElement; options: Options }[];
}

/** A Turnstile whose executed widget calls `outcome` with its options (and its container). */
function fakeTurnstile(outcome: (options: Options, container: HTMLElement) => void): FakeTurnstile {
  const widgets: FakeTurnstile['widgets'] = [];
  const fake: FakeTurnstile = {
    widgets,
    render: vi.fn((container: HTMLElement, options: Options) => {
      widgets.push({ container, options });
      return `widget-${widgets.length}`;
    }),
    execute: vi.fn((widgetId: string) => {
      const widget = widgets[Number(widgetId.slice('widget-'.length)) - 1];
      if (!widget) throw new Error(`unknown widget ${widgetId}`);
      // Turnstile answers later, not inside execute().
      queueMicrotask(() => outcome(widget.options, widget.container));
    }),
    remove: vi.fn(),
  };
  return fake;
}

function call(options: Options, name: string, ...args: unknown[]): void {
  const callback = options[name];
  if (typeof callback !== 'function') throw new Error(`render got no ${name}`);
  (callback as (...values: unknown[]) => void)(...args);
}

const turnstileScripts = (): HTMLScriptElement[] =>
  [...document.querySelectorAll('script')].filter((script) => script.src.startsWith('https://challenges.cloudflare.com/'));

/** Fires the pending script tag's load event, Turnstile (or nothing) having arrived. */
function finishLoading(turnstile: FakeTurnstile | undefined): void {
  const [script] = turnstileScripts();
  if (!script) throw new Error('no Turnstile script tag');
  window.turnstile = turnstile;
  script.dispatchEvent(new Event('load'));
}

beforeEach(async () => {
  // A fresh module each time: the loaded script is remembered per page.
  vi.resetModules();
  captcha = await import('./captcha.ts');
});

afterEach(() => {
  vi.unstubAllEnvs();
  for (const script of turnstileScripts()) script.remove();
  window.turnstile = undefined;
  document.body.replaceChildren();
});

describe('getCaptchaToken without a site key (local development)', () => {
  it.each([['unset', undefined], ['empty', '']])('gives no token and loads nothing when the key is %s', async (_label, key) => {
    vi.stubEnv('VITE_TURNSTILE_SITE_KEY', key);
    await expect(captcha.getCaptchaToken()).resolves.toBeUndefined();
    await expect(captcha.captchaOptions()).resolves.toEqual({});
    expect(turnstileScripts()).toHaveLength(0);
    expect(document.body.children).toHaveLength(0);
  });
});

describe('getCaptchaToken with a site key', () => {
  beforeEach(() => {
    vi.stubEnv('VITE_TURNSTILE_SITE_KEY', SITE_KEY);
  });

  it('loads Turnstile once and gets a token from an invisible widget, removing it afterwards', async () => {
    let tokens = 0;
    const turnstile = fakeTurnstile((options, container) => {
      // While the check runs the widget sits in the page, hidden.
      expect(container.isConnected).toBe(true);
      expect(container.hidden).toBe(true);
      tokens += 1;
      call(options, 'callback', `token-${tokens}`);
    });
    const first = captcha.getCaptchaToken();
    const scripts = turnstileScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(SCRIPT_URL);
    expect(scripts[0]?.async).toBe(true);
    finishLoading(turnstile);
    await expect(first).resolves.toBe('token-1');

    // The second call reuses the loaded script; each call gets its own widget and token.
    await expect(captcha.captchaOptions()).resolves.toEqual({ captchaToken: 'token-2' });
    expect(turnstileScripts()).toHaveLength(1);

    expect(turnstile.render).toHaveBeenCalledTimes(2);
    expect(turnstile.widgets[0]?.options).toMatchObject({ sitekey: SITE_KEY, execution: 'execute', appearance: 'interaction-only' });
    expect(turnstile.execute.mock.calls).toEqual([['widget-1'], ['widget-2']]);
    expect(turnstile.remove.mock.calls).toEqual([['widget-1'], ['widget-2']]);
    for (const { container } of turnstile.widgets) expect(container.isConnected).toBe(false);
    expect(document.body.children).toHaveLength(0);
  });

  it('shares one script load between calls made before it finished', async () => {
    const turnstile = fakeTurnstile((options) => call(options, 'callback', 'token'));
    const both = Promise.all([captcha.getCaptchaToken(), captcha.getCaptchaToken()]);
    expect(turnstileScripts()).toHaveLength(1);
    finishLoading(turnstile);
    await expect(both).resolves.toEqual(['token', 'token']);
    expect(turnstile.render).toHaveBeenCalledTimes(2);
  });

  it('rejects with a message when the check fails, and removes the widget', async () => {
    const turnstile = fakeTurnstile((options) => call(options, 'error-callback', '300030'));
    const token = captcha.getCaptchaToken();
    finishLoading(turnstile);
    await expect(token).rejects.toThrow('The CAPTCHA check failed. Please try again.');
    expect(turnstile.remove).toHaveBeenCalledExactlyOnceWith('widget-1');
    expect(document.body.children).toHaveLength(0);
  });

  it.each([
    ['timeout-callback', 'The CAPTCHA check timed out. Please try again.'],
    ['unsupported-callback', 'This browser cannot run the CAPTCHA check. Please try another browser.'],
  ])('rejects when Turnstile calls its %s', async (callback, message) => {
    const turnstile = fakeTurnstile((options) => call(options, callback));
    const token = captcha.getCaptchaToken();
    finishLoading(turnstile);
    await expect(token).rejects.toThrow(message);
    expect(turnstile.remove).toHaveBeenCalledExactlyOnceWith('widget-1');
    expect(document.body.children).toHaveLength(0);
  });

  it('shows the widget when Turnstile asks the visitor to interact', async () => {
    const turnstile = fakeTurnstile((options, container) => {
      call(options, 'before-interactive-callback');
      expect(container.hidden).toBe(false);
      call(options, 'callback', 'token-after-interaction');
    });
    const token = captcha.getCaptchaToken();
    finishLoading(turnstile);
    await expect(token).resolves.toBe('token-after-interaction');
    expect(document.body.children).toHaveLength(0);
  });

  it('rejects without executing when Turnstile cannot render the widget', async () => {
    const turnstile = fakeTurnstile(() => undefined);
    turnstile.render.mockReturnValueOnce(undefined);
    const token = captcha.getCaptchaToken();
    finishLoading(turnstile);
    await expect(token).rejects.toThrow('The CAPTCHA could not start. Please try again.');
    expect(turnstile.execute).not.toHaveBeenCalled();
    expect(turnstile.remove).not.toHaveBeenCalled();
    expect(document.body.children).toHaveLength(0);
  });

  it('tries a fresh script after the script failed to load', async () => {
    const first = captcha.getCaptchaToken();
    const [failed] = turnstileScripts();
    failed?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('The CAPTCHA could not be loaded. Check your connection and try again.');
    expect(turnstileScripts()).toHaveLength(0);

    const second = captcha.getCaptchaToken();
    expect(turnstileScripts()).toHaveLength(1);
    finishLoading(fakeTurnstile((options) => call(options, 'callback', 'token')));
    await expect(second).resolves.toBe('token');
  });

  it('tries again after the script loaded without Turnstile', async () => {
    const first = captcha.getCaptchaToken();
    finishLoading(undefined);
    await expect(first).rejects.toThrow('The CAPTCHA could not start. Please try again.');
    expect(turnstileScripts()).toHaveLength(0);

    const second = captcha.getCaptchaToken();
    finishLoading(fakeTurnstile((options) => call(options, 'callback', 'token')));
    await expect(second).resolves.toBe('token');
  });
});
