import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { DEV_SERVICE_ROLE_KEY } from '../server/index.ts';
import { expect, type PageProblems } from './fixtures.ts';

export const PASSWORD = 'first-password-1';

/** A fresh address per test and attempt, so tests never share an account. */
export function uniqueEmail(testInfo: TestInfo, label = 'user'): string {
  const id = testInfo.testId.replace(/[^a-z0-9]/gi, '').slice(0, 12).toLowerCase();
  return `${label}-${id}-${testInfo.retry}-${Date.now()}@example.test`;
}

/**
 * Creates a user straight through the admin API (epic-stack style: arrange data without the UI),
 * which also keeps the per-IP sign-in rate limit for the flows that test the UI.
 */
export async function createUser(request: APIRequestContext, email: string, password = PASSWORD, confirmed = true): Promise<string> {
  const response = await request.post('/auth/v1/admin/users', {
    headers: { apikey: DEV_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}` },
    data: { email, password, email_confirm: confirmed },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

interface Mail {
  id: number;
  subject: string;
  links: string[];
}

/** The newest mail to `to` with this subject, waiting for it to arrive; returns its link. */
export async function mailedLink(request: APIRequestContext, to: string, subject: string, after = 0): Promise<{ id: number; link: string }> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/_dev/mail.json?${new URLSearchParams({ to })}`);
      const mails = (await response.json()) as Mail[];
      found = mails.find((mail) => mail.subject === subject && mail.id > after);
      return Boolean(found);
    }, { message: `a "${subject}" mail to ${to}` })
    .toBe(true);
  const link = found?.links[0];
  if (!found || !link) throw new Error(`no link in the "${subject}" mail to ${to}`);
  return { id: found.id, link };
}

export async function signInWithUi(page: Page, email: string, password = PASSWORD, path = '/sign-in'): Promise<void> {
  await page.goto(path);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Chromium logs every failed HTTP response ("Failed to load resource … 400") as a console error.
 * A test that provokes one on purpose takes exactly those out of `problems`; anything else stays.
 */
export function forgiveFailedResponses(problems: PageProblems, statuses: number[], { offline = false } = {}): void {
  const expected = new RegExp(`^Failed to load resource: the server responded with a status of (${statuses.join('|')})\\b`);
  // Offline, Chromium reports the refused request and supabase-js logs the fetch TypeError it wraps.
  const offlineErrors = /^(Failed to load resource: net::ERR_INTERNET_DISCONNECTED|TypeError: Failed to fetch)/;
  const kept = problems.consoleErrors.filter((text) => !expected.test(text) && !(offline && offlineErrors.test(text)));
  problems.consoleErrors.splice(0, problems.consoleErrors.length, ...kept);
}

/** A 1200×800 PNG made in the page (no fixture file): the avatar must come back at most 512 px wide. */
export async function makePng(page: Page, width = 1200, height = 800): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#4f46e5');
      gradient.addColorStop(1, '#2dd4bf');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}
