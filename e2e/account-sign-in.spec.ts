import { PASSWORD, createUser, forgiveFailedResponses, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { DESKTOP, PHONE, expect, test } from './fixtures.ts';

test.describe('sign up', () => {
  test('validates as you type and signs the new account in at once', async ({ page }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveTitle(/^Create account · Lumen/);

    const form = page.getByRole('form', { name: 'Create account' });
    const email = form.getByLabel('E-mail');
    const password = form.getByLabel('Password', { exact: true });
    await email.fill('not-an-address');
    await email.blur();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.');
    await email.fill(uniqueEmail(testInfo));
    await expect(email).not.toHaveAttribute('aria-invalid');

    await password.fill('short');
    await expect(password).toHaveAccessibleDescription(/5 of at least 8 characters/);
    await form.getByRole('button', { name: 'Create account' }).click();
    // Submitting with an error moves focus to it and keeps what was typed.
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription(/Use at least 8 characters\./);
    await expect(password).toHaveValue('short');

    await password.fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
  });

  test('says when the e-mail already has an account, and keeps both fields', async ({ page, request, problems }, testInfo) => {
    const address = uniqueEmail(testInfo);
    await createUser(request, address);
    await page.goto('/sign-up');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('E-mail').fill(address);
    await form.getByLabel('Password', { exact: true }).fill('another-password-2');
    await form.getByRole('button', { name: 'Create account' }).click();
    const email = form.getByLabel('E-mail');
    await expect(email).toHaveAccessibleDescription('An account with this e-mail already exists. Sign in, or reset its password.');
    await expect(email).toBeFocused();
    await expect(email).toHaveValue(address);
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('another-password-2');
    forgiveFailedResponses(problems, [422]);
  });

  test("shows the server's weak-password reasons", async ({ page, problems }, testInfo) => {
    // The local project only requires a length, which the form checks first; hosted projects can
    // demand character classes or reject leaked passwords, so the server's reasons are shown as sent.
    await page.route('**/auth/v1/signup**', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'weak_password', message: 'Password is known to be weak', weak_password: { reasons: ['pwned', 'characters'] } }),
      }),
    );
    await page.goto('/sign-up');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('E-mail').fill(uniqueEmail(testInfo));
    await form.getByLabel('Password', { exact: true }).fill('password1234');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /This password is too weak: it appears in a list of leaked passwords; it must mix lower- and upper-case letters, digits and symbols\./,
    );
    forgiveFailedResponses(problems, [422]);
  });
});

test.describe('sign in', () => {
  test('wrong credentials, then the right ones, then back to where the visitor was going', async ({ page, request, problems }, testInfo) => {
    const address = uniqueEmail(testInfo);
    await createUser(request, address);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').fill(address);
    await form.getByLabel('Password', { exact: true }).fill('wrong-password-9');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByRole('alert')).toHaveText('That e-mail and password do not match an account. Check both and try again.');
    await expect(form.getByLabel('E-mail')).toHaveValue(address);

    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(`Signed in as ${address}`)).toBeVisible();
    forgiveFailedResponses(problems, [400]);
  });

  test('refuses a next that leaves the site', async ({ page, request }, testInfo) => {
    const address = uniqueEmail(testInfo);
    await createUser(request, address);
    await signInWithUi(page, address, PASSWORD, `/sign-in?${new URLSearchParams({ next: '//evil.example/steal' })}`);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/account$/);
  });

  test('says when the e-mail is not confirmed yet', async ({ page, request, problems }, testInfo) => {
    const address = uniqueEmail(testInfo);
    await createUser(request, address, PASSWORD, false);
    await signInWithUi(page, address);
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(
      'This e-mail address is not confirmed yet. Follow the link we sent to it, then sign in.',
    );
    forgiveFailedResponses(problems, [400]);
  });

  test('says when the rate limit is reached', async ({ page, problems }, testInfo) => {
    await page.route('**/auth/v1/token**', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'x-sb-error-code': 'over_request_rate_limit' },
        body: JSON.stringify({ code: 'over_request_rate_limit', message: 'Request rate limit reached' }),
      }),
    );
    await signInWithUi(page, uniqueEmail(testInfo));
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('Too many attempts. Wait a minute, then try again.');
    forgiveFailedResponses(problems, [429]);
  });

  test('says when the network is down and loses nothing', async ({ page, problems }, testInfo) => {
    const address = uniqueEmail(testInfo);
    await page.goto('/sign-in');
    await page.route('**/auth/v1/token**', (route) => route.abort('internetdisconnected'));
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').fill(address);
    await form.getByLabel('Password', { exact: true }).fill('typed-password-1');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'We could not reach Lumen. Check your connection and try again — nothing you typed is lost.',
      { timeout: 20_000 },
    );
    await expect(form.getByLabel('E-mail')).toHaveValue(address);
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('typed-password-1');
    forgiveFailedResponses(problems, [], { offline: true });
  });
});

test.describe('session', () => {
  test('the header and mobile menu show the account; signing out in one tab signs out the others', async ({ page, context, request }, testInfo) => {
    const address = uniqueEmail(testInfo);
    await createUser(request, address);
    await signInWithUi(page, address);
    await expect(page).toHaveURL(/\/account$/);
    const account = page.getByRole('banner').getByRole('link', { name: 'Account' });
    await expect(account).toBeVisible();
    await expect(account.locator('[data-slot="user-avatar"]')).toHaveText(/^U[A-Z0-9]$/);

    const other = await context.newPage();
    await other.setViewportSize(PHONE);
    await other.goto('/account');
    await expect(other.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await other.getByRole('button', { name: 'Menu' }).click();
    await expect(other.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Account' })).toBeVisible();
    await other.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    // The other tab follows through supabase-js's storage event: /account now asks to sign in.
    await expect(other).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  });
});

test.describe('sign in from where the shopper is', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`from an item page, signing in returns to that item (${viewport.width} px); the phone menu signs out and stays`, async ({ page, request }, testInfo) => {
      const address = uniqueEmail(testInfo, `return-${viewport.width}`);
      await createUser(request, address);
      await page.setViewportSize(viewport);
      await page.goto('/catalog');
      const card = page.getByRole('list', { name: 'Items' }).getByRole('link').nth(3);
      const title = (await card.textContent()) ?? '';
      await card.click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const itemUrl = page.url();

      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign in' }).click();
      } else {
        await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
      }
      await expect(page.getByText('Sign in to continue where you were.')).toBeVisible();
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('E-mail').fill(address);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(itemUrl);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu.getByRole('link', { name: 'Account' })).toBeVisible();
        await menu.getByRole('button', { name: 'Sign out' }).click();
        await expect(menu).toBeHidden();
        await expect(page).toHaveURL(itemUrl);
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
      }
    });
  }
});
