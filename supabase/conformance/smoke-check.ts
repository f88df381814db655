import { readFile } from 'node:fs/promises';
import path from 'node:path';
import WebSocket from 'ws';
import { documentScripts } from '../../server/index.ts';

/**
 * The HTTP-level smoke check of a deployment: the requests the browser app makes on its first
 * visit (auth settings, catalog RPC, categories, item images, CORS preflights, functions, the
 * realtime socket) with the browser's key and plain fetch, plus — given the site's URL — the
 * hosted app's headers, SPA fallback and asset caching, or else dist/_headers of the local build.
 */
export type SmokeStatus = 'pass' | 'warn' | 'fail';

export interface SmokeResult {
  check: string;
  status: SmokeStatus;
  detail: string;
}

export interface SmokeOptions {
  /** API origin, e.g. https://<ref>.supabase.co */
  url: string;
  /** The browser's key: anon JWT or sb_publishable_… */
  anonKey: string;
  /** Where the built app is served; enables the site checks. */
  siteUrl?: string | null;
  /** Without siteUrl: a dist/ whose _headers must allow the project. */
  distDir?: string | null;
  fetch?: typeof fetch;
  /** Per request; hosted projects on a free plan may take a while to wake up. */
  timeoutMs?: number;
}

/** Routes a visitor may open directly (deep links, the password reset e-mail's link). */
/** Prerendered at build time, so the host must serve their own page. */
const PRERENDERED_LINKS = ['/catalog', '/sign-in'] as const;
/** Not prerendered: the host must answer with the app (its shell) rather than a 404. */
const APP_LINKS = ['/reset-password', '/account'] as const;

/** The app's entry module script, which every document of one build loads. */
const entryScript = (html: string) => documentScripts(html).entry;
const PLACEHOLDER_APP_ORIGIN = 'https://lumen-app.example';

/** Directive name → source list. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function sourceMatches(source: string, target: URL, pageOrigin: string | null): boolean {
  const lower = source.toLowerCase();
  if (lower === '*') return !['data:', 'blob:'].includes(target.protocol);
  if (lower === "'self'") {
    if (pageOrigin === null) return false;
    const page = new URL(pageOrigin);
    // CSP3: 'self' also covers the ws(s) origin of the page's host.
    const wsEquivalent = page.protocol === 'https:' ? 'wss:' : 'ws:';
    return target.origin === page.origin || (target.protocol === wsEquivalent && target.host === page.host);
  }
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return target.protocol === lower;
  const match = /^([a-z][a-z0-9+.-]*:\/\/)?(\*\.)?([^/:]+)(:\d+|:\*)?/.exec(lower);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (scheme && `${target.protocol}//` !== scheme) return false;
  const hostOk = wildcard ? target.hostname.endsWith(`.${host}`) : target.hostname === host;
  const targetPort = target.port || (target.protocol === 'https:' || target.protocol === 'wss:' ? '443' : '80');
  const portOk = port === ':*' || (port ? port.slice(1) === targetPort : target.port === '');
  return hostOk && portOk;
}

/** True when `directive` (or default-src, its fallback) allows loading `resource` from a page at `pageOrigin`. */
export function cspAllows(policy: string, directive: string, resource: string, pageOrigin: string | null): boolean {
  const directives = parseCsp(policy);
  const sources = directives.get(directive) ?? directives.get('default-src');
  if (!sources) return true;
  const target = new URL(resource);
  return sources.some((source) => sourceMatches(source, target, pageOrigin));
}

function websocketOrigin(url: string): string {
  return url.replace(/^http/, 'ws');
}

async function readBody(response: Response): Promise<string> {
  return response.text().catch(() => '');
}

function short(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** The parts of Auth's `GET /auth/v1/settings` the check reads. It says nothing about CAPTCHA protection. */
export interface AuthSettings {
  external?: { email?: boolean; anonymous_users?: boolean };
  disable_signup?: boolean;
  mailer_autoconfirm?: boolean;
}

/**
 * What the project's Auth settings mean for Lumen: e-mail sign-in is required; sign-ups off,
 * confirmations off or anonymous sign-ins off (guest checkout signs the guest in anonymously) are
 * worth a warning. Whether CAPTCHA guards them cannot be read here, so it is left to the operator.
 */
export function authSettingsResult(settings: AuthSettings): SmokeResult {
  const check = 'auth settings';
  if (settings.external?.email !== true) return { check, status: 'fail', detail: 'the e-mail provider is off: Lumen signs in with e-mail and password' };
  const notes: string[] = [];
  if (settings.disable_signup) notes.push('sign-ups are disabled (nobody can create an account)');
  if (!settings.external.anonymous_users) {
    notes.push('guest checkout needs anonymous sign-ins: Authentication → Sign In / Providers → Allow anonymous sign-ins, with CAPTCHA');
  }
  if (settings.mailer_autoconfirm) notes.push('e-mail confirmations are off (sign-up signs in without proving the address)');
  if (notes.length > 0) return { check, status: 'warn', detail: notes.join('; ') };
  return {
    check,
    status: 'pass',
    detail: 'e-mail sign-in on, confirmations on, anonymous sign-ins on for guest checkout (keep CAPTCHA protection on: Auth’s settings do not show it)',
  };
}

export async function runSmokeCheck(options: SmokeOptions): Promise<SmokeResult[]> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const api = options.url.replace(/\/+$/, '');
  const results: SmokeResult[] = [];
  const record = (check: string, status: SmokeStatus, detail: string): void => {
    results.push({ check, status, detail });
  };
  const keyHeaders: Record<string, string> = options.anonKey.startsWith('eyJ')
    ? { apikey: options.anonKey, Authorization: `Bearer ${options.anonKey}` }
    : { apikey: options.anonKey };
  const get = (url: string, init: RequestInit = {}) => doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });

  /** Runs one check; a thrown error (network, timeout, bad JSON) fails it with its message. */
  async function check(name: string, body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      record(name, 'fail', error instanceof Error ? error.message : String(error));
    }
  }

  await check('auth settings', async () => {
    const response = await get(`${api}/auth/v1/settings`, { headers: keyHeaders });
    if (response.status !== 200) return record('auth settings', 'fail', `GET /auth/v1/settings answered ${response.status}: ${short(await readBody(response))}`);
    results.push(authSettingsResult((await response.json()) as AuthSettings));
  });

  await check('REST CORS preflight', async () => {
    const appOrigin = options.siteUrl ?? PLACEHOLDER_APP_ORIGIN;
    const response = await get(`${api}/rest/v1/rpc/search_items`, {
      method: 'OPTIONS',
      headers: {
        Origin: appOrigin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info',
      },
    });
    const allowOrigin = response.headers.get('access-control-allow-origin');
    if (!response.ok || (allowOrigin !== '*' && allowOrigin !== appOrigin)) {
      return record('REST CORS preflight', 'fail', `OPTIONS answered ${response.status} with Access-Control-Allow-Origin ${allowOrigin ?? '(none)'} for ${appOrigin}`);
    }
    record('REST CORS preflight', 'pass', `${response.status}, Access-Control-Allow-Origin ${allowOrigin}`);
  });

  let firstImagePath: string | null = null;
  await check('catalog (rpc search_items)', async () => {
    const response = await get(`${api}/rest/v1/rpc/search_items`, {
      method: 'POST',
      headers: { ...keyHeaders, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '', sort: 'relevance', page: 1, page_size: 24 }),
    });
    if (response.status === 404) return record('catalog (rpc search_items)', 'fail', 'search_items is missing: apply the migrations (supabase db push)');
    if (response.status !== 200) return record('catalog (rpc search_items)', 'fail', `answered ${response.status}: ${short(await readBody(response))}`);
    const page = (await response.json()) as { total?: number; items?: { image_paths?: string[] }[] };
    if (!page.total || !page.items?.length) return record('catalog (rpc search_items)', 'fail', 'the catalog is empty: seed it (npm run seed -- --url … --service-key …)');
    firstImagePath = page.items.find((item) => item.image_paths?.length)?.image_paths?.[0] ?? null;
    record('catalog (rpc search_items)', 'pass', `${page.total} items`);
  });

  await check('categories', async () => {
    const response = await get(`${api}/rest/v1/categories?select=id,slug,name&order=sort_order`, { headers: keyHeaders });
    if (response.status !== 200) return record('categories', 'fail', `answered ${response.status}: ${short(await readBody(response))}`);
    const rows = (await response.json()) as unknown[];
    record('categories', rows.length > 0 ? 'pass' : 'fail', rows.length > 0 ? `${rows.length} categories` : 'no categories: seed the catalog');
  });

  await check('item images', async () => {
    if (firstImagePath === null) return record('item images', 'fail', 'no item has pictures: seed the catalog with images');
    const problems: string[] = [];
    for (const width of [320, 640]) {
      const imageUrl = encodeURI(`${api}/storage/v1/object/public/item-images/${firstImagePath}-${width}.webp`);
      const response = await get(imageUrl);
      await response.arrayBuffer().catch(() => undefined);
      const type = response.headers.get('content-type');
      if (response.status !== 200 || type !== 'image/webp') problems.push(`${imageUrl} answered ${response.status} ${type ?? ''}`.trim());
    }
    record('item images', problems.length > 0 ? 'fail' : 'pass', problems.length > 0 ? problems.join('; ') : `${firstImagePath} in 320 and 640 px`);
  });

  // The targets of the database's webhooks: the order mails and the low-stock alerts.
  const webhookFunctions = [
    { name: 'order-confirmation', probe: { type: 'INSERT', table: 'orders', schema: 'public', record: { id: 1 } } },
    { name: 'stock-alert', probe: { type: 'INSERT', table: 'stock_alerts', schema: 'private', record: { id: 1 } } },
  ];
  for (const { name, probe } of webhookFunctions) {
    await check(`function ${name}`, async () => {
      const label = `function ${name}`;
      // The database's webhooks call it without a user's JWT, so it must be deployed with
      // verify_jwt = false (config.toml); without the webhooks' secret it refuses a call itself,
      // before reading the payload, with its own 401 (the gateway's reads {"msg": …}).
      const response = await get(`${api}/functions/v1/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(probe),
      });
      const text = await readBody(response);
      const body = short(text);
      if (response.status === 404) return record(label, 'fail', `not deployed (404): supabase functions deploy ${name}`);
      const refusedByFunction = response.status === 401 && /x-webhook-secret/.test(text);
      if (response.status === 401 && !refusedByFunction) {
        return record(label, 'fail', 'refuses calls without a JWT, so the Database Webhooks cannot reach it: deploy it with verify_jwt = false (config.toml does)');
      }
      if (!refusedByFunction) {
        return record(label, 'fail', `a call without the webhook secret answered ${response.status} (expected 401): ${body}; deploy the current function`);
      }
      record(label, 'pass', 'deployed; takes calls without a JWT and refuses those without the webhooks\' secret');
    });
  }

  await check('function delete-account', async () => {
    const label = 'function delete-account';
    const preflight = await get(`${api}/functions/v1/delete-account`, {
      method: 'OPTIONS',
      headers: { Origin: options.siteUrl ?? PLACEHOLDER_APP_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info' },
    });
    await readBody(preflight);
    // Without a user session a deployed function answers 401 (platform verify_jwt or its own check).
    const response = await get(`${api}/functions/v1/delete-account`, {
      method: 'POST',
      headers: { apikey: options.anonKey, 'Content-Type': 'application/json' },
      // A well-formed body, so the only thing missing is the caller.
      body: JSON.stringify({ confirm: true }),
    });
    const body = short(await readBody(response));
    if (response.status === 404) return record(label, 'fail', 'not deployed (404): supabase functions deploy delete-account');
    if (response.status !== 401) return record(label, 'fail', `a call without a session answered ${response.status} (expected 401): ${body}`);
    if (!preflight.ok || !preflight.headers.get('access-control-allow-origin')) {
      return record(label, 'fail', `deployed, but its CORS preflight answered ${preflight.status} without Access-Control-Allow-Origin`);
    }
    record(label, 'pass', 'deployed; refuses callers without a session; CORS preflight ok');
  });

  await check('realtime websocket', async () => {
    const socketUrl = `${websocketOrigin(api)}/realtime/v1/websocket?apikey=${encodeURIComponent(options.anonKey)}&vsn=1.0.0`;
    const outcome = await new Promise<string | null>((resolve) => {
      const socket = new WebSocket(socketUrl);
      const timer = setTimeout(() => {
        socket.terminate();
        resolve(`no connection within ${timeoutMs} ms`);
      }, timeoutMs);
      socket.once('open', () => {
        clearTimeout(timer);
        socket.close();
        resolve(null);
      });
      socket.once('unexpected-response', (_request, response) => {
        clearTimeout(timer);
        socket.terminate();
        resolve(`the upgrade answered ${response.statusCode ?? '?'}`);
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        resolve(error.message);
      });
    });
    record('realtime websocket', outcome === null ? 'pass' : 'fail', outcome ?? `${websocketOrigin(api)}/realtime/v1/websocket accepts the browser key`);
  });

  if (options.siteUrl) await checkSite(options.siteUrl, api, get, check, record);
  else if (options.distDir) results.push(await checkDistHeaders(options.distDir, api));

  return results;
}

type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;
type Recorder = (check: string, status: SmokeStatus, detail: string) => void;
type Checker = (name: string, body: () => Promise<void>) => Promise<void>;

/** The CSP the page gets must let it reach the project: REST/auth/storage over HTTPS, realtime over WSS, pictures. */
function cspProblems(policy: string, api: string, pageOrigin: string | null): string[] {
  const problems: string[] = [];
  if (!cspAllows(policy, 'connect-src', api, pageOrigin)) problems.push(`connect-src does not allow ${api}`);
  if (!cspAllows(policy, 'connect-src', `${websocketOrigin(api)}/realtime/v1/websocket`, pageOrigin)) {
    problems.push(`connect-src does not allow ${websocketOrigin(api)} (realtime)`);
  }
  if (!cspAllows(policy, 'img-src', `${api}/storage/v1/object/public/item-images/x.webp`, pageOrigin)) {
    problems.push(`img-src does not allow ${api} (item images and avatars are served from there)`);
  }
  return problems;
}

async function checkSite(siteUrl: string, api: string, get: Fetcher, check: Checker, record: Recorder): Promise<void> {
  const site = new URL(siteUrl).origin;
  let indexHtml = '';
  let csp: string | null = null;

  await check('site index.html', async () => {
    const response = await get(`${site}/`);
    indexHtml = await readBody(response);
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/html')) return record('site index.html', 'fail', `${site}/ answered ${response.status} ${type}`);
    csp = response.headers.get('content-security-policy');
    const missing = ['x-content-type-options', 'referrer-policy'].filter((name) => !response.headers.get(name));
    if (!response.headers.get('x-frame-options') && !(csp ?? '').includes('frame-ancestors')) missing.push('x-frame-options');
    record('site index.html', missing.length > 0 ? 'warn' : 'pass', missing.length > 0 ? `served, but without ${missing.join(', ')}` : 'served with the security headers');
  });

  await check('site CSP', async () => {
    if (!indexHtml) return record('site CSP', 'fail', 'no index.html to check');
    if (!csp) return record('site CSP', 'fail', 'no Content-Security-Policy header: the host did not apply dist/_headers (or its equivalent)');
    const problems = cspProblems(csp, api, site);
    const scriptSources = parseCsp(csp).get('script-src') ?? [];
    if (scriptSources.includes("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
    record('site CSP', problems.length > 0 ? 'fail' : 'pass', problems.length > 0 ? problems.join('; ') : 'allows the project for connect-src and img-src');
  });

  await check('site SPA fallback', async () => {
    const problems: string[] = [];
    const entry = entryScript(indexHtml);
    for (const route of [...PRERENDERED_LINKS, ...APP_LINKS]) {
      const response = await get(`${site}${route}`);
      const body = await readBody(response);
      const prerendered = (PRERENDERED_LINKS as readonly string[]).includes(route);
      if (response.status !== 200) problems.push(`${route} answered ${response.status}`);
      else if (entryScript(body) !== entry) problems.push(`${route} is not a page of this build`);
      else if (prerendered && !body.includes(`data-prerendered="${route}"`)) problems.push(`${route} is not its prerendered page`);
    }
    record(
      'site SPA fallback',
      problems.length > 0 ? 'fail' : 'pass',
      problems.length > 0
        ? `${problems.join('; ')}: serve dist/<route>/index.html where it exists and dist/app-shell.html for the app's own pages (dist/_redirects)`
        : `${PRERENDERED_LINKS.join(', ')} prerendered; ${APP_LINKS.join(', ')} the app shell`,
    );
  });

  await check('site statuses', async () => {
    const problems: string[] = [];
    const notes: string[] = [];
    // An address no build ever had: the not-found page with a real 404, never the app with 200.
    const unknown = `/no-such-page-${Date.now().toString(36)}/here`;
    const missing = await get(`${site}${unknown}`);
    const missingBody = await readBody(missing);
    if (missing.status !== 404) problems.push(`${unknown} answered ${missing.status} (want 404: the last rule of dist/_redirects, or 404.html with 404)`);
    else if (entryScript(missingBody) !== entryScript(indexHtml)) notes.push(`${unknown} answered 404, but not with this build's 404.html`);
    const sitemap = await get(`${site}/sitemap.xml`);
    const sitemapXml = await readBody(sitemap);
    if (sitemap.status !== 200 || !/<(urlset|sitemapindex)\b/.test(sitemapXml)) problems.push(`/sitemap.xml answered ${sitemap.status} without a sitemap`);
    else {
      const first = /<loc>([^<]+)<\/loc>/.exec(sitemapXml)?.[1];
      if (first && new URL(first).origin !== site) notes.push(`the sitemap's addresses are on ${new URL(first).origin}: build with SITE_URL=${site}`);
    }
    const robots = await get(`${site}/robots.txt`);
    const robotsText = await readBody(robots);
    if (robots.status !== 200 || !/^Sitemap: /m.test(robotsText)) problems.push(`/robots.txt answered ${robots.status} without a Sitemap line`);
    record(
      'site statuses',
      problems.length > 0 ? 'fail' : notes.length > 0 ? 'warn' : 'pass',
      problems.length > 0 ? problems.join('; ') : notes.length > 0 ? notes.join('; ') : 'unknown addresses answer 404; sitemap.xml and robots.txt served',
    );
  });

  await check('site assets', async () => {
    const { scripts } = documentScripts(indexHtml);
    const entry = scripts.find((src) => src.startsWith('/assets/'));
    if (!entry) return record('site assets', 'fail', 'index.html names no /assets/*.js entry');
    let mentionsProject = false;
    let cacheControl = '';
    for (const src of scripts) {
      const response = await get(new URL(src, site).href);
      const text = await readBody(response);
      if (src === entry) {
        if (response.status !== 200) return record('site assets', 'fail', `${src} answered ${response.status}`);
        cacheControl = response.headers.get('cache-control') ?? '';
      }
      if (text.includes(api)) mentionsProject = true;
    }
    const notes: string[] = [];
    if (!/immutable/.test(cacheControl) || !/max-age=31536000/.test(cacheControl)) notes.push(`${entry} is cached as "${cacheControl || 'nothing set'}" (want public, max-age=31536000, immutable)`);
    if (site !== new URL(api).origin && !mentionsProject) notes.push(`the entry scripts do not mention ${api}: was the app built with VITE_SUPABASE_URL=${api}?`);
    record('site assets', notes.length > 0 ? 'warn' : 'pass', notes.length > 0 ? notes.join('; ') : `${entry} immutable for a year`);
  });
}

/** The `/*` block's Content-Security-Policy in a Netlify / Cloudflare Pages `_headers` file. */
export function headersFileCsp(text: string): string | null {
  let inRoot = false;
  for (const line of text.split('\n')) {
    if (!/^\s/.test(line) && line.trim()) inRoot = line.trim() === '/*';
    const match = /^\s+Content-Security-Policy:\s*(.+)$/i.exec(line);
    if (inRoot && match?.[1]) return match[1].trim();
  }
  return null;
}

/** dist/_headers of a build meant for `api`: warn when built for another backend, fail when it would block the project. */
export async function checkDistHeaders(distDir: string, api: string): Promise<SmokeResult> {
  const check = 'dist/_headers';
  const file = path.join(distDir, '_headers');
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return { check, status: 'warn', detail: `${file} is missing: run npm run build (with VITE_SUPABASE_URL) before deploying` };
  const csp = headersFileCsp(text);
  if (!csp) return { check, status: 'fail', detail: `${file} has no Content-Security-Policy for /*` };
  if (!cspAllows(csp, 'connect-src', api, null)) {
    return { check, status: 'warn', detail: `dist/ was not built for ${api} (connect-src does not allow it): build with VITE_SUPABASE_URL=${api} before deploying` };
  }
  const problems = cspProblems(csp, api, null);
  return { check, status: problems.length > 0 ? 'fail' : 'pass', detail: problems.length > 0 ? problems.join('; ') : `the CSP allows ${api}` };
}
