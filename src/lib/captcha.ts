/**
 * Auth's CAPTCHA protection (hosted projects: `[auth.captcha]`, provider Cloudflare Turnstile).
 * When the build has a site key (VITE_TURNSTILE_SITE_KEY), every Auth call that creates a session
 * or sends mail (anonymous sign-in at guest checkout, sign-in, sign-up, password reset) first gets a
 * token from an invisible Turnstile widget and passes it as `captchaToken`. Without a key (local
 * development, where the local Auth has no CAPTCHA) nothing is loaded and no token is sent.
 */
interface Turnstile {
  render: (container: HTMLElement, options: Record<string, unknown>) => string;
  execute: (widgetId: string) => void;
  reset: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let scriptLoad: Promise<Turnstile> | null = null;

function loadTurnstile(): Promise<Turnstile> {
  scriptLoad ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('The CAPTCHA could not start.')));
    script.onerror = () => {
      scriptLoad = null;
      reject(new Error('The CAPTCHA could not be loaded. Check your connection and try again.'));
    };
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
  document.body.append(container);
  try {
    return await new Promise<string>((resolve, reject) => {
      const widget = turnstile.render(container, {
        sitekey: siteKey,
        execution: 'execute',
        appearance: 'interaction-only',
        callback: resolve,
        'error-callback': () => reject(new Error('The CAPTCHA check failed. Please try again.')),
      });
      turnstile.execute(widget);
    });
  } finally {
    container.remove();
  }
}

/** The options Auth calls take, with the token when there is one. */
export async function captchaOptions(): Promise<{ captchaToken?: string }> {
  const captchaToken = await getCaptchaToken();
  return captchaToken ? { captchaToken } : {};
}
