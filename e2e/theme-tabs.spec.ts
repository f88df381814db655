import { appliedTheme, expect, test } from './fixtures.ts';

test('other tabs follow a choice, removal and garbage without writing back', async ({ context }) => {
  await context.addInitScript(() => {
    const original = Storage.prototype.setItem;
    (window as unknown as { writes: number }).writes = 0;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'theme') (window as unknown as { writes: number }).writes++;
      return original.call(this, key, value);
    };
  });
  const first = await context.newPage();
  const second = await context.newPage();
  const third = await context.newPage();
  for (const page of [first, second, third]) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
  }

  await first.getByRole('button', { name: /^Theme/ }).click();
  await first.getByRole('menuitemradio', { name: 'Dark' }).click();
  for (const page of [second, third]) {
    await expect.poll(async () => (await appliedTheme(page)).theme).toBe('dark');
    await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
  }

  await first.evaluate(() => localStorage.setItem('theme', 'not-a-theme'));
  for (const page of [second, third]) {
    await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
    expect(await appliedTheme(page)).toMatchObject({ theme: 'light' });
  }

  await first.evaluate(() => localStorage.setItem('theme', 'dark'));
  await expect.poll(async () => (await appliedTheme(second)).theme).toBe('dark');
  await first.evaluate(() => localStorage.removeItem('theme'));
  for (const page of [second, third]) {
    await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
    expect(await appliedTheme(page)).toMatchObject({ theme: 'light' });
  }

  // Only the tab where the visitor chose wrote; the followers never wrote back.
  expect(await second.evaluate(() => (window as unknown as { writes: number }).writes)).toBe(0);
  expect(await third.evaluate(() => (window as unknown as { writes: number }).writes)).toBe(0);
  expect(await first.evaluate(() => localStorage.getItem('theme'))).toBeNull();
});
