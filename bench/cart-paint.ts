import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_PATH } from '../scripts/system-packages.ts';
import { DEV_SERVICE_ROLE_KEY } from '../server/index.ts';
import { startAppServer } from './app-server.ts';
import { percentile, round } from './stats.ts';

const PORT = 54396;
const ROUNDS = 25;
const EMAIL = 'bench-cart@example.test';
const PASSWORD = 'bench-password-1';

/**
 * Installs a watcher on the header's cart badge: each time its count changes, the time of the
 * frame after the change was painted (rAF, then a task) is pushed to `window.__paints` as epoch
 * milliseconds, comparable across tabs of one machine.
 */
async function watchBadge(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __paints: number[] };
    w.__paints = [];
    const header = document.querySelector('header');
    if (!header) throw new Error('no header');
    // Watch the header, not the badge: the badge element itself is replaced once the drawer's code loads.
    // No named helpers in here: tsx would wrap them in a __name() call the page does not have.
    let last = header.querySelector('[data-testid="cart-count"]')?.textContent ?? '';
    new MutationObserver(() => {
      const now = header.querySelector('[data-testid="cart-count"]')?.textContent ?? '';
      if (now === last) return;
      last = now;
      requestAnimationFrame(() => setTimeout(() => w.__paints.push(performance.timeOrigin + performance.now()), 0));
    }).observe(header, { childList: true, characterData: true, subtree: true });
  });
}

async function paints(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __paints: number[] }).__paints);
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/sign-in`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill(EMAIL);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/account$/);
}

/**
 * In Chromium against `npm start`'s server: (1) an Add to cart click to the painted badge change
 * (optimistic, so no network in the path), (2) one window's change to another signed-in window's painted badge
 * (write → commit → realtime → refetch → render), each over ROUNDS changes.
 */
export async function runCartPaintBench(log: (line: string) => void): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-cart-bench-'));
  const server = await startAppServer(PORT, dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const admin = { apikey: DEV_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${server.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ email: EMAIL, password: PASSWORD, email_confirm: true }),
    });
    if (!created.ok) throw new Error(`creating the bench user: ${created.status}`);
    const itemResponse = await fetch(`${server.url}/rest/v1/items?select=id,slug&stock=gt.0&order=id&limit=1`, { headers: admin });
    const [item] = (await itemResponse.json()) as { id: number; slug: string }[];
    if (!item) throw new Error('the catalog has no item in stock');
    await fetch(`${server.url}/rest/v1/items?id=eq.${item.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ stock: 99 }) });

    // Two windows of one browser, both signed in: each is visible and paints at full rate (a
    // background tab would be throttled, which is not what a person looking at it sees).
    const tabA = await (await browser.newContext()).newPage();
    await signIn(tabA, server.url);
    const tabB = await (await browser.newContext()).newPage();
    await signIn(tabB, server.url);
    await tabB.goto(`${server.url}/`);
    await tabA.goto(`${server.url}/items/${item.slug}`);
    const add = tabA.getByRole('button', { name: 'Add to cart' });
    await add.waitFor();
    await tabB.getByRole('button', { name: 'Cart, 0 items' }).waitFor();
    await watchBadge(tabA);
    await watchBadge(tabB);

    const clickToPaint: number[] = [];
    const tabToTab: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const clickedAt = await tabA.evaluate(() => {
        const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.includes('Add to cart'));
        if (!button) throw new Error('no Add to cart button');
        const at = performance.timeOrigin + performance.now();
        button.click();
        return at;
      });
      await tabB.getByRole('button', { name: `Cart, ${round} ${round === 1 ? 'item' : 'items'}` }).waitFor();
      // Let the own tab's refetch settle so the next round starts from a quiet page.
      await tabA.getByRole('button', { name: `Cart, ${round} ${round === 1 ? 'item' : 'items'}` }).waitFor();
      const paintedA = (await paints(tabA)).find((at) => at >= clickedAt);
      const paintedB = (await paints(tabB)).find((at) => at >= clickedAt);
      if (paintedA !== undefined) clickToPaint.push(paintedA - clickedAt);
      if (paintedB !== undefined) tabToTab.push(paintedB - clickedAt);
      await tabA.evaluate(() => ((window as unknown as { __paints: number[] }).__paints = []));
      await tabB.evaluate(() => ((window as unknown as { __paints: number[] }).__paints = []));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    log(`add-to-cart click → painted badge, ${clickToPaint.length} rounds: p50 ${round(percentile(clickToPaint, 50))} ms, p95 ${round(percentile(clickToPaint, 95))} ms`);
    log(`tab A change → tab B painted badge, ${tabToTab.length} rounds: p50 ${round(percentile(tabToTab, 50))} ms, p95 ${round(percentile(tabToTab, 95))} ms`);
    return {
      cartClickToPaintP50Ms: round(percentile(clickToPaint, 50)),
      cartClickToPaintP95Ms: round(percentile(clickToPaint, 95)),
      cartTabToTabP50Ms: round(percentile(tabToTab, 50)),
      cartTabToTabP95Ms: round(percentile(tabToTab, 95)),
    };
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
