/**
 * Auth's CAPTCHA protection (hosted projects: `[auth.captcha]`, provider Cloudflare Turnstile).
 * When the build has a site key (VITE_TURNSTILE_SITE_KEY), every Auth call that creates a session
 * or sends mail (anonymous sign-in at guest checkout, sign-in, sign-up, password reset) first gets a
 * token from an invisible Turnstile widget and passes it as `captchaToken`. Without a key (local
 * development, where the local Auth has no CAPTCHA) nothing is loaded and no token is sent.
 */
interface Turnstile {
  /** The widget's id, or undefined when Turnstile could not render it (a bad site key, for one). */
  render: (container: HTMLElement, options: Record<string, unknown>) => string | null | undefined;
  execute: (widgetId: string) => void;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let scriptLoad: Promise<Turnstile> | null = null;

function loadTurnstile(): Promise<Turnstile> {
  scriptLoad ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    // A failed load is forgotten, tag and all, so the next press tries again with a fresh script.
    const fail = (message: string) => {
      scriptLoad = null;
      script.remove();
      reject(new Error(message));
    };
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : fail('The CAPTCHA could not start. Please try again.'));
    script.onerror = () => fail('The CAPTCHA could not be loaded. Check your connection and try again.');
    document.head.append(script);
  });
  return scriptLoad;
}

/** A fresh token, or undefined when this build has no CAPTCHA. Each token is good for one Auth call. */
export async function getCaptchaToken(): Promise<string | undefined> {
  const siteKey: unknown = import.meta.env.VITE_TURNSTILE_SITE_KEY;
  if (typeof siteKey !== 'string' || siteKey === '') return undefined;
  const turnstile = await loadTurnstile();
  const container = document.createElement('div');
  container.hidden = true;
  // Only a Managed widget that decides it needs the visitor shows itself (below); an Invisible one never does.
  container.className = 'fixed bottom-4 left-1/2 z-50 -translate-x-1/2';
  document.body.append(container);
  let widget: string | null | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      widget = turnstile.render(container, {
        sitekey: siteKey,
        execution: 'execute',
        appearance: 'interaction-only',
        // One attempt per call: a failure is reported at once and the visitor's next press starts afresh.
        retry: 'never',
        callback: resolve,
        'before-interactive-callback': () => {
          container.hidden = false;
        },
        'error-callback': () => reject(new Error('The CAPTCHA check failed. Please try again.')),
        'timeout-callback': () => reject(new Error('The CAPTCHA check timed out. Please try again.')),
        'unsupported-callback': () => reject(new Error('This browser cannot run the CAPTCHA check. Please try another browser.')),
      });
      if (!widget) throw new Error('The CAPTCHA could not start. Please try again.');
      turnstile.execute(widget);
    });
  } finally {
    if (widget) turnstile.remove(widget);
    container.remove();
  }
}

/** The options Auth calls take, with the token when there is one. */
export async function captchaOptions(): Promise<{ captchaToken?: string }> {
  const captchaToken = await getCaptchaToken();
  return captchaToken ? { captchaToken } : {};
}
