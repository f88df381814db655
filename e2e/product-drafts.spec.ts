import type { Browser, Page } from '@playwright/test';
import { forgiveFailedResponses, makePng, signInWithUi } from './account-helpers.ts';
import { DESKTOP, expect, expectNoAxeViolations, test, watchPage, type PageProblems } from './fixtures.ts';

// Products as drafts in the store admin: staff create one with its first variant, shoppers cannot
// find or open it, a publish without a picture is refused with what is missing, and publishing
// and making it a draft again show and hide it. Runs in the store-admin project (after the
// catalog specs, which count the catalog's items).

const STAFF = { email: 'staff@lumen.test', password: 'demo-staff-password-1' };
const PHONE_390 = { width: 390, height: 844 };

/** A made-up word no demo item contains, so a search finds only the product this test creates. */
function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  return Array.from({ length: 9 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

async function openPage(browser: Browser, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark', problems: PageProblems): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  watchPage(page, problems);
  return page;
}

/** What an anonymous shopper finds of `title`: the search's links to it, and its variant's page. */
async function expectHiddenFromShoppers(shopper: Page, word: string, title: string, slug: string) {
  await shopper.goto(`/search?q=${word}`);
  await expect(shopper.getByRole('status').first()).toHaveText(/^0 /);
  await expect(shopper.getByRole('link', { name: new RegExp(title, 'i') })).toHaveCount(0);
  await shopper.goto('/catalog?sort=newest');
  // The newest products are listed first: once the count is there, a published one would be too.
  await expect(shopper.getByRole('status').first()).toHaveText(/^\d/);
  await expect(shopper.getByRole('link', { name: new RegExp(title, 'i') })).toHaveCount(0);
  await shopper.goto(`/items/${slug}`);
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Page not found');
}

for (const viewport of [DESKTOP, PHONE_390]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`at ${viewport.width}px in ${scheme}, staff create a draft with a variant, shoppers cannot find it until it is published, and unpublishing hides it again`, async ({
      browser,
      problems,
    }, testInfo) => {
      test.setTimeout(150_000);
      const word = uniqueWord();
      const title = `${word[0]?.toUpperCase()}${word.slice(1)} lantern`;
      const slug = `${word}-lantern-sage`;

      // Staff: a new product, checked in the browser first.
      const staff = await openPage(browser, viewport, scheme, problems);
      await signInWithUi(staff, STAFF.email, STAFF.password);
      await expect(staff).toHaveURL(/\/account$/);
      await staff.goto('/admin/items');
      await expect(staff.locator('html')).toHaveAttribute('data-theme', scheme);
      await staff.getByRole('link', { name: 'New product' }).click();
      await expect(staff).toHaveTitle(/^New product · Store admin/);
      await staff.getByRole('button', { name: 'Create draft' }).click();
      await expect(staff.getByLabel('Name')).toBeFocused();
      await expect(staff.getByText('Give the product a name.')).toBeVisible();
      await expect(staff.getByText('Choose a web address for the variant.')).toBeVisible();
      await staff.getByLabel('Name').fill(title);
      await staff.getByLabel('Description').fill('A storm-proof lantern in brushed brass.');
      await staff.getByLabel('Category').selectOption({ label: 'Lighting' });
      await staff.getByLabel('Width (cm)').fill('0');
      await staff.getByLabel('Height (cm)').fill('45,5');
      await staff.getByLabel('Weight (kg)').fill('2.4');
      await staff.getByLabel('Materials').fill('Brass, glass');
      await staff.getByLabel('Colour').fill('Sage');
      await expect(staff.getByLabel('Web address')).toHaveValue(slug);
      await staff.getByLabel('Price (€)').fill('49,50');
      await staff.getByLabel('Stock', { exact: true }).fill('5');
      await staff.getByRole('button', { name: 'Create draft' }).click();
      await expect(staff.getByLabel('Width (cm)')).toBeFocused();
      await expect(staff.getByText('The width must be above 0 and at most 100,000 cm.')).toBeVisible();
      await staff.getByLabel('Width (cm)').fill('30');
      await expectNoAxeViolations(staff);
      await staff.getByRole('button', { name: 'Create draft' }).click();
      await expect(staff).toHaveURL(/\/admin\/products\/\d+$/);
      const productPath = new URL(staff.url()).pathname;
      await expect(staff.getByRole('status').filter({ hasText: 'Draft created' })).toBeVisible();
      await expect(staff.getByRole('heading', { level: 1 })).toHaveText(title);
      const publishing = staff.getByRole('region', { name: 'Draft' });
      await expect(publishing).toContainText('Draft — not visible to shoppers');

      // Publishing without a picture is refused, and the message says what is missing.
      await publishing.getByRole('button', { name: 'Publish' }).click();
      await expect(publishing.getByRole('alert')).toContainText('Not published: Add a picture to a variant first (under Pictures).');
      await expect(publishing.getByRole('listitem').filter({ hasText: 'A variant with a picture' })).toContainText('not yet');
      // The browser logs the refused update (400) it was told to expect.
      forgiveFailedResponses(problems, [400]);
      await expectNoAxeViolations(staff);

      // A shopper (no account) finds nothing of it.
      const shopper = await openPage(browser, viewport, scheme, problems);
      await expectHiddenFromShoppers(shopper, word, title, slug);

      // Staff add a second variant, give it a picture, and publish.
      await staff.getByRole('button', { name: 'Add a variant' }).click();
      await staff.getByLabel('Colour').first().fill('Ochre');
      await expect(staff.getByLabel('Name').first()).toHaveValue(`${title}, Ochre`);
      await staff.getByLabel('Price (€)').first().fill('52');
      await staff.getByRole('button', { name: 'Add variant' }).click();
      await expect(staff).toHaveURL(/\/admin\/items\/\d+$/);
      await expect(staff.getByRole('status').filter({ hasText: 'Variant added' })).toBeVisible();
      const variants = staff.getByRole('region', { name: 'Variants' });
      await expect(variants.getByRole('link')).toHaveText(['Sage', 'Ochre']);
      await expect(variants.getByRole('link', { name: 'Ochre' })).toHaveAttribute('aria-current', 'page');
      await staff.getByLabel('Picture files').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await makePng(staff, 800, 1000) });
      await expect(staff.getByText('Picture added.')).toBeVisible();
      await expect(publishing.getByRole('listitem').filter({ hasText: 'A variant with a picture' })).toContainText('yes');
      await publishing.getByRole('button', { name: 'Publish' }).click();
      const live = staff.getByRole('region', { name: 'Published' });
      await expect(live.getByRole('status')).toHaveText('Published: shoppers can find it now.');
      await expect(staff.getByText('Published', { exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(staff);
      await staff.screenshot({ path: testInfo.outputPath('product-page.png'), fullPage: true });

      // The shopper now finds it, and both variants are on sale.
      await shopper.goto(`/search?q=${word}`);
      await shopper.getByRole('link', { name: new RegExp(title, 'i') }).first().click();
      await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${title}`));
      await shopper.goto(`/items/${slug}`);
      await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(`${title}, Sage`);
      await expect(shopper.getByRole('button', { name: 'Add to cart' })).toBeVisible();

      // Made a draft again, after a question: it leaves the shop at once.
      await staff.goto(productPath);
      await staff.getByRole('region', { name: 'Published' }).getByRole('button', { name: 'Unpublish' }).click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Make it a draft' }).click();
      const draftAgain = staff.getByRole('region', { name: 'Draft' });
      await expect(draftAgain.getByRole('status')).toHaveText('It is a draft again: shoppers no longer see it.');
      await expect(draftAgain.getByRole('button', { name: 'Publish' })).toBeFocused();
      await expectHiddenFromShoppers(shopper, word, title, slug);

      // The admin's list marks it a draft in words, and the Drafts filter finds it.
      await staff.goto('/admin/items?status=drafts');
      await expect(staff.getByLabel('Show')).toHaveValue('drafts');
      await staff.getByRole('searchbox', { name: 'Search items' }).fill(word);
      await expect(staff.getByText('1 product and its variants')).toBeVisible();
      const row = staff.getByRole('listitem').filter({ has: staff.getByRole('link', { name: title, exact: true }) });
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Draft', { exact: true })).toBeVisible();
      await expect(row.getByRole('list', { name: `Variants of ${title}` }).getByRole('link')).toHaveText(['Sage', 'Ochre']);
      await expectNoAxeViolations(staff);
      await staff.screenshot({ path: testInfo.outputPath('admin-list.png'), fullPage: true });
      await staff.context().close();
      await shopper.context().close();
    });
  }
}
