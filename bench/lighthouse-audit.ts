import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../scripts/system-packages.ts';
import { startAppServer } from './app-server.ts';
import { round } from './stats.ts';

const PORT = 54395;

/** The public pages issues 9 and 14 name, with a figure-name prefix each (the item page is found at run time). */
const PAGES = [
  { name: 'Home', path: '/' },
  { name: 'Catalog', path: '/catalog' },
  { name: 'Category', path: '/catalog/lighting' },
  { name: 'Item', path: null },
  { name: 'Search', path: '/search?q=lamp' },
] as const;

/**
 * Lighthouse (its default mobile preset: Moto G-class CPU slowdown, slow 4G simulated) against
 * `npm start`'s server, in Debian's Chromium. Each page is audited once per run after a warm-up
 * load, so the server has its caches and the figures measure the app, not the first request.
 */
export async function runLighthouseBench(log: (line: string) => void): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-lighthouse-'));
  const server = await startAppServer(PORT, dataDir);
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const itemResponse = await fetch(`${server.url}/rest/v1/items?select=slug&featured=eq.true&order=id&limit=1`, {
      headers: { apikey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH' },
    });
    const [item] = (await itemResponse.json()) as { slug: string }[];
    if (!item) throw new Error('no featured item to audit');
    const figures: Record<string, number> = {};
    for (const page of PAGES) {
      const url = `${server.url}${page.path ?? `/items/${item.slug}`}`;
      await fetch(url);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits, runtimeError } = result.lhr;
      // A failed audit (the page did not load or paint in time) scores 0 with no metrics: say why.
      if (runtimeError) log(`${page.name.padEnd(8)} ${url.replace(server.url, '')}: Lighthouse could not audit the page: ${runtimeError.code} ${runtimeError.message}`);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const cls = audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
      figures[`lighthouse${page.name}Performance`] = score('performance');
      figures[`lighthouse${page.name}Accessibility`] = score('accessibility');
      figures[`lighthouse${page.name}BestPractices`] = score('best-practices');
      figures[`lighthouse${page.name}Seo`] = score('seo');
      figures[`lighthouse${page.name}Cls`] = round(cls, 3);
      const metric = (id: string) => round((audits[id]?.numericValue ?? Number.NaN) / 1000, 2);
      figures[`lighthouse${page.name}LcpSeconds`] = metric('largest-contentful-paint');
      figures[`lighthouse${page.name}TbtMs`] = round(audits['total-blocking-time']?.numericValue ?? Number.NaN, 0);
      log(
        `${page.name.padEnd(8)} ${url.replace(server.url, '')}: performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
          `best practices ${score('best-practices')}, SEO ${score('seo')}; FCP ${metric('first-contentful-paint')} s, LCP ${metric('largest-contentful-paint')} s, ` +
          `TBT ${round(audits['total-blocking-time']?.numericValue ?? Number.NaN, 0)} ms, CLS ${round(cls, 3)}`,
      );
      const failing = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      if (failing.length > 0) log(`         failing checks: ${failing.join(', ')}`);
    }
    return figures;
  } finally {
    chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
